import type { BillingBulkResult, BillingDto } from '@hatid/domain';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefusedRows } from '../../../components/data-table/refused-rows';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBulkBillingStatus } from '../api/billings';
import { billingCount, billingsMoved, moveLabel, type BillingMove } from '../lib/billing-actions';
import { billingName } from './billing-row-menu';

const DESCRIPTIONS: Record<BillingMove, MessageDescriptor> = {
  on_going: msg`Each billing still pending is marked on going. A billing that cannot move to on going is refused on its own; the others still move.`,
  completed: msg`Each billing is closed as completed; completed is final. A billing that cannot move to completed is refused on its own; the others still move.`,
  cancelled: msg`Each billing is cancelled for good; a billing with payments cannot be cancelled. A billing that cannot move to cancelled is refused on its own; the others still move.`,
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
  const { t } = useLingui();
  const bulk = useBulkBillingStatus();
  const [result, setResult] = useState<BillingBulkResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onOpenChange = (open: boolean) => (open ? undefined : onClose());
  const label = moveLabel(status);

  if (result) {
    const nameOf = (id: string) => {
      const row = rows.find((r) => r.id === id);
      return row ? billingName(row) : id;
    };
    const moved = billingsMoved(result.updated.length, status);
    const refused = result.failed.length;
    return (
      <Modal
        open
        onOpenChange={onOpenChange}
        title={label}
        footer={
          <Button variant="secondary" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        }
      >
        <RefusedRows
          summary={t`${moved}. ${refused} refused:`}
          label={t`Refused billings`}
          rows={result.failed.map((f) => ({ key: f.id, name: nameOf(f.id), message: f.message }))}
        />
      </Modal>
    );
  }

  const billings = billingCount(ids.length);
  return (
    <ConfirmDialog
      problem={problem}
      open
      onOpenChange={onOpenChange}
      title={status === 'cancelled' ? t`Cancel ${billings}?` : t`${label} for ${billings}?`}
      description={i18n._(DESCRIPTIONS[status])}
      confirmLabel={status === 'cancelled' ? t`Cancel billings` : label}
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
                toast.success(billingsMoved(next.updated.length, status));
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
