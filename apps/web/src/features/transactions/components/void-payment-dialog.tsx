import { formatMoney, voidPaymentBody } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { textareaClasses } from '../../../components/ui/input';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { PAYMENT_METHOD_NAMES, PAYMENT_STATUS_NAMES } from '../../shipments/lib/shipment-labels';
import { useVoidPayment } from '../api/transactions';
import type { PaymentRow } from './transaction-columns';

/**
 * The row menu's last item for a payment: voiding it (never deleting it) with a reason. The payment stays
 * on record and stops counting; the server refuses (409) a payment already voided, a wallet payment, or
 * cash already in a hand-over, and its sentence is shown here.
 */
export function VoidPaymentDialog({ row, onClose }: { row: PaymentRow; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { transaction, shipment } = row;
  const run = useVoidPayment();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const amount = formatMoney(transaction.amountInCents);
  const method = i18n._(PAYMENT_METHOD_NAMES[transaction.method]);

  const confirm = () => {
    setProblem(null);
    const read = voidPaymentBody.safeParse({ reason });
    if (!read.success) {
      // The domain's two refusals (too short, too long), in the reader's language.
      setReasonError(reason.trim().length > 500 ? t`Keep the reason to 500 characters` : t`Say why the payment is voided`);
      return;
    }
    setReasonError(null);
    run.mutate(
      { id: transaction.id, reason: read.data.reason },
      {
        onSuccess: (result) => {
          const status = i18n._(PAYMENT_STATUS_NAMES[result.paymentStatus]);
          toast.success(t`Payment voided`, { description: t`${shipment.trackingNumber} is now ${status}` });
          onClose();
        },
        onError: (error) => {
          const onReason = isApiError(error) ? error.details?.find((d) => d.field.replace(/^body\./, '') === 'reason') : undefined;
          if (onReason) setReasonError(onReason.message);
          else setProblem(errorMessage(error));
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Void this payment?`}
      description={t`The ${amount} payment by ${method} for ${shipment.trackingNumber} stays on record but stops counting; the shipment's payment status is worked out again.`}
      confirmLabel={t`Void payment`}
      destructive
      pending={run.isPending}
      onConfirm={confirm}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          <Trans>Reason</Trans>
        </label>
        <textarea
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          maxLength={500}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-error` : undefined}
          className={textareaClasses}
        />
        {reasonError ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
            {reasonError}
          </p>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
