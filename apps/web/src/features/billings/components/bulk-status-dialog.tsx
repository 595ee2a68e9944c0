import { BILLING_STATUS_LABELS, type BillingBulkResult, type BillingDto } from '@hatid/domain';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBulkBillingStatus } from '../api/billings';
import { billingCount, MOVE_LABELS, statusWord, type BillingMove } from '../lib/billing-actions';
import { billingName } from './billing-row-menu';

const DESCRIPTIONS: Record<BillingMove, string> = {
  on_going: 'Each billing still pending is marked on going.',
  completed: 'Each billing is closed as completed; completed is final.',
  cancelled: 'Each billing is cancelled for good; a billing with payments cannot be cancelled.',
};

/**
 * A move on the ticked billings (PATCH /billings/bulk-status): each moves or is refused on its own. A clean
 * run just says so; otherwise the refused ones stay listed with the server's reason, and the table marks
 * them (onDone).
 */
export function BulkStatusDialog({
  ids,
  status,
  rows,
  onDone,
  onClose,
}: {
  ids: string[];
  status: BillingMove;
  /** The rows on screen, to name the refused ones. */
  rows: readonly BillingDto[];
  onDone: (result: BillingBulkResult) => void;
  onClose: () => void;
}) {
  const bulk = useBulkBillingStatus();
  const [result, setResult] = useState<BillingBulkResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onOpenChange = (open: boolean) => (open ? undefined : onClose());
  const label = MOVE_LABELS[status];

  if (result) {
    const nameOf = (id: string) => {
      const row = rows.find((r) => r.id === id);
      return row ? billingName(row) : id;
    };
    return (
      <Modal
        open
        onOpenChange={onOpenChange}
        title={label}
        footer={
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        }
      >
        <div className="flex flex-col gap-3" role="status">
          <p className="text-sm text-slate-800">
            {billingCount(result.updated.length)} {statusWord(status)}. {result.failed.length} refused:
          </p>
          <ul aria-label="Refused billings" className="flex flex-col gap-2">
            {result.failed.map((failure) => (
              <li key={failure.id} className="flex gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="font-semibold">{nameOf(failure.id)}</span>: {failure.message}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </Modal>
    );
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={status === 'cancelled' ? `Cancel ${billingCount(ids.length)}?` : `${label} for ${billingCount(ids.length)}?`}
      description={`${DESCRIPTIONS[status]} A billing that cannot move to ${BILLING_STATUS_LABELS[status].toLowerCase()} is refused on its own; the others still move.`}
      confirmLabel={status === 'cancelled' ? 'Cancel billings' : label}
      destructive={status === 'cancelled'}
      pending={bulk.isPending}
      onConfirm={() => {
        setProblem(null);
        bulk.mutate(
          { ids, status },
          {
            onSuccess: (next) => {
              onDone(next);
              if (next.failed.length === 0) {
                toast.success(`${billingCount(next.updated.length)} ${statusWord(status)}`);
                onClose();
              } else {
                setResult(next);
              }
            },
            onError: (error) => setProblem(errorMessage(error)),
          },
        );
      }}
    >
      {problem ? (
        <p role="alert" className="text-red-600">
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
