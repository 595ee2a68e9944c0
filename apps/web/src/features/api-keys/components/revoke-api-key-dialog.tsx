import { useLingui } from '@lingui/react/macro';
import type { ApiKeyDto } from '@hatid/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRevokeApiKey } from '../api/api-keys';
import { keyPrefixText } from '../lib/api-key-actions';
import { apiKeyName } from './api-key-row-menu';

/**
 * Revoke a key, after a confirmation (DELETE /api-keys/{id}): it stops working at once and for good; the
 * row stays, marked revoked, so the bookings made with it still name it.
 */
export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyDto; onClose: () => void }) {
  const { t } = useLingui();
  const revoke = useRevokeApiKey();
  const name = apiKey.name;
  const prefix = keyPrefixText(apiKey);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Revoke this API key?`}
      description={t`“${name}” (${prefix}) stops working at once: systems using it are refused from their next call. This cannot be undone; the key stays listed as revoked.`}
      confirmLabel={t`Revoke key`}
      destructive
      pending={revoke.isPending}
      onConfirm={() => {
        setProblem(null);
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            toast.success(t`API key revoked`, { description: apiKeyName(apiKey) });
            onClose();
          },
          onError: (error) => setProblem(errorMessage(error)),
        });
      }}
    />
  );
}
