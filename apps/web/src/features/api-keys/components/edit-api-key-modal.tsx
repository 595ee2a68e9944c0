import type { ApiKeyDto, UpdateApiKeyInput } from '@hatid/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormModal } from '../../../components/ui/modal';
import { formProblemOf } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useUpdateApiKey } from '../api/api-keys';
import { keyPrefixText } from '../lib/api-key-actions';
import { apiKeyFieldOf, editResolver, expiryDayOf, type ApiKeyFormValues } from '../lib/api-key-form';
import { ApiKeyFields } from './api-key-fields';
import { apiKeyName } from './api-key-row-menu';

/**
 * Edit a key: its name, scopes or expiry. Only what changed is sent (PATCH /api-keys/{id}); the key itself
 * never changes (a new one is made instead) and a revoked key cannot be edited (the menu disables it).
 */
export function EditApiKeyModal({ apiKey, onClose }: { apiKey: ApiKeyDto; onClose: () => void }) {
  const update = useUpdateApiKey();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ApiKeyFormValues, unknown, UpdateApiKeyInput>({
    resolver: editResolver(apiKey),
    defaultValues: { name: apiKey.name, scopes: [...apiKey.scopes], expiresOn: expiryDayOf(apiKey.expiresAt) },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    if (Object.keys(input).length === 0) {
      setProblem('Nothing has changed.');
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: apiKey.id, input });
      toast.success('API key updated', { description: apiKeyName(saved) });
      onClose();
    } catch (error) {
      const line = formProblemOf(error, form.setError, apiKeyFieldOf);
      if (line) setProblem(line);
    }
  });

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit API key"
      description={`${apiKey.name} (${keyPrefixText(apiKey)}). Systems using it keep the same key.`}
      submitLabel="Save changes"
      pending={update.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <ApiKeyFields form={form} />
    </FormModal>
  );
}
