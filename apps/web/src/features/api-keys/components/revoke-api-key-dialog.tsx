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
  const revoke = useRevokeApiKey();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Revoke this API key?"
      description={`“${apiKey.name}” (${keyPrefixText(apiKey)}) stops working at once: systems using it are refused from their next call. This cannot be undone; the key stays listed as revoked.`}
      confirmLabel="Revoke key"
      destructive
      pending={revoke.isPending}
      onConfirm={() => {
        setProblem(null);
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            toast.success('API key revoked', { description: apiKeyName(apiKey) });
            onClose();
          },
          onError: (error) => setProblem(errorMessage(error)),
        });
      }}
    />
  );
}
