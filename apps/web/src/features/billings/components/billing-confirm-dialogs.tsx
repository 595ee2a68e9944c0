import type { BillingDto } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const update = useUpdateBilling();
  const [problem, setProblem] = useState<string | null>(null);
  const total = formatMoney(billing.totalInCents);
  const name = billingName(billing);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Cancel this billing?`}
      description={t`The ${total} billing of ${name} is cancelled for good. A billing with payments cannot be cancelled.`}
      confirmLabel={t`Cancel billing`}
      destructive
      pending={update.isPending}
      onConfirm={() => {
        setProblem(null);
        update.mutate(
          { id: billing.id, input: { status: 'cancelled' } },
          {
            onSuccess: () => {
              toast.success(t`Billing cancelled`, { description: name });
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
  const { t } = useLingui();
  const remove = useDeleteBilling();
  const [problem, setProblem] = useState<string | null>(null);
  const total = formatMoney(billing.totalInCents);
  const name = billingName(billing);
  return (
    <ConfirmActionDialog
      kind="delete"
      what={t`this billing`}
      description={t`The billing of ${name} (${total}) is removed; its shipments can be billed again.`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      pending={remove.isPending}
      onConfirm={() => {
        setProblem(null);
        remove.mutate(billing.id, {
          onSuccess: () => {
            toast.success(t`Billing deleted`, { description: name });
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
