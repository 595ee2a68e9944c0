import { BILLING_STATUS_LABELS, type BillingBulkResult, type BillingDto } from '@hatid/domain';
import { RefusedRows } from '../../../components/data-table/refused-rows';
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
        <RefusedRows
          summary={`${billingCount(result.updated.length)} ${statusWord(status)}. ${result.failed.length} refused:`}
          label="Refused billings"
          rows={result.failed.map((f) => ({ key: f.id, name: nameOf(f.id), message: f.message }))}
        />
      </Modal>
    );
  }

  return (
    <ConfirmDialog
      problem={problem}
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
    />
  );
}
