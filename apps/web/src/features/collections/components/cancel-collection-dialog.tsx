import type { CollectionDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { textareaClasses } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSetCollectionStatus } from '../api/collections';
import { amountFrom } from './collection-row-menu';

/**
 * Cancel a hand-over, after a confirmation: final, and its shipments' cash is outstanding again with whoever
 * collected it. An optional reason goes with it as the remarks.
 */
export function CancelCollectionDialog({ collection, onClose }: { collection: CollectionDto; onClose: () => void }) {
  const { t } = useLingui();
  const move = useSetCollectionStatus();
  const amount = formatMoney(collection.amountInCents);
  const name = collection.collectedFromName;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Cancel this collection?`}
      description={t`The ${amount} hand-over by ${name} is cancelled for good; the cash of its shipments is outstanding again with them.`}
      confirmLabel={t`Cancel collection`}
      destructive
      pending={move.isPending}
      onConfirm={() => {
        setProblem(null);
        move.mutate(
          { id: collection.id, status: 'cancelled', ...(reason.trim() ? { remarks: reason.trim() } : {}) },
          {
            onSuccess: () => {
              toast.success(t`Collection cancelled`, { description: amountFrom(collection) });
              onClose();
            },
            onError: (error) => setProblem(errorMessage(error)),
          },
        );
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
          <Trans>
            Reason <span className="font-normal text-slate-500">(optional)</span>
          </Trans>
        </label>
        <textarea id={reasonId} rows={2} maxLength={500} className={textareaClasses} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
    </ConfirmDialog>
  );
}
