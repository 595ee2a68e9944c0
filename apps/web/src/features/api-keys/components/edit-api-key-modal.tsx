import type { ApiKeyDto, UpdateApiKeyInput } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { FormModal } from '../../../components/ui/modal';
import { useUpdateApiKey } from '../api/api-keys';
import { useFormSave } from '../../console/components/use-form-save';
import { keyPrefixText } from '../lib/api-key-actions';
import { apiKeyFieldOf, editResolver, expiryDayOf, type ApiKeyFormValues } from '../lib/api-key-form';
import { ApiKeyFields } from './api-key-fields';
import { apiKeyName } from './api-key-row-menu';

/**
 * Edit a key: its name, scopes or expiry. Only what changed is sent (PATCH /api-keys/{id}); the key itself
 * never changes (a new one is made instead) and a revoked key cannot be edited (the menu disables it).
 */
export function EditApiKeyModal({ apiKey, onClose }: { apiKey: ApiKeyDto; onClose: () => void }) {
  const { t } = useLingui();
  const update = useUpdateApiKey();
  const name = apiKey.name;
  const prefix = keyPrefixText(apiKey);
  const form = useForm<ApiKeyFormValues, unknown, UpdateApiKeyInput>({
    resolver: editResolver(apiKey),
    defaultValues: { name: apiKey.name, scopes: [...apiKey.scopes], expiresOn: expiryDayOf(apiKey.expiresAt) },
  });

  const { problem, save } = useFormSave({ setError: form.setError, fieldOf: apiKeyFieldOf, onSaved: onClose });

  const onSubmit = form.handleSubmit((input) =>
    save(Object.keys(input).length === 0, async () => {
      const saved = await update.mutateAsync({ id: apiKey.id, input });
      return { title: t`API key updated`, description: apiKeyName(saved) };
    }),
  );

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Edit API key`}
      description={t`${name} (${prefix}). Systems using it keep the same key.`}
      submitLabel={t`Save changes`}
      pending={update.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <ApiKeyFields form={form} />
    </FormModal>
  );
}
