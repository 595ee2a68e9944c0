import type { BillingDto } from '@hatid/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ConfirmActionDialog } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteBilling, useUpdateBilling } from '../api/billings';
import { billingName } from './billing-row-menu';

const Problem = ({ text }: { text: string | null }) =>
  text ? (
    <p role="alert" className="text-red-600">
      {text}
    </p>
  ) : null;

/** Cancel a billing, after a confirmation: final. The server refuses one with payments. */
export function CancelBillingDialog({ billing, onClose }: { billing: BillingDto; onClose: () => void }) {
  const update = useUpdateBilling();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Cancel this billing?"
      description={`The ${formatMoney(billing.totalInCents)} billing of ${billingName(billing)} is cancelled for good. A billing with payments cannot be cancelled.`}
      confirmLabel="Cancel billing"
      destructive
      pending={update.isPending}
      onConfirm={() => {
        setProblem(null);
        update.mutate(
          { id: billing.id, input: { status: 'cancelled' } },
          {
            onSuccess: () => {
              toast.success('Billing cancelled', { description: billingName(billing) });
              onClose();
            },
            onError: (error) => setProblem(errorMessage(error)),
          },
        );
      }}
    >
      <Problem text={problem} />
    </ConfirmDialog>
  );
}

/** The spec's delete confirmation for a billing. */
export function DeleteBillingDialog({ billing, onClose }: { billing: BillingDto; onClose: () => void }) {
  const remove = useDeleteBilling();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ConfirmActionDialog
      kind="delete"
      what="this billing"
      description={`The billing of ${billingName(billing)} (${formatMoney(billing.totalInCents)}) is removed; its shipments can be billed again.`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      pending={remove.isPending}
      onConfirm={() => {
        setProblem(null);
        remove.mutate(billing.id, {
          onSuccess: () => {
            toast.success('Billing deleted', { description: billingName(billing) });
            onClose();
          },
          onError: (error) => setProblem(errorMessage(error)),
        });
      }}
    >
      <Problem text={problem} />
    </ConfirmActionDialog>
  );
}
