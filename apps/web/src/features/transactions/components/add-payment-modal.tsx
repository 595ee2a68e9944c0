import { formatMoney, type AddPaymentInput, type TransactionShipmentDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses, textareaClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { NumberInput } from '../../../components/ui/number-input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formProblemOf } from '../../../lib/form-errors';
import { fieldErrorsOf } from '../../../lib/form-resolver';
import { pesosText } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { PAYMENT_METHOD_NAMES, PAYMENT_STATUS_NAMES } from '../../shipments/lib/shipment-labels';
import { useAddPayment, useAmountPaid } from '../api/transactions';
import { addPaymentDefaults, addPaymentFieldOf, HAND_PAYMENT_METHODS, readAddPaymentForm, type AddPaymentValues } from '../lib/payment-form';

/**
 * The spec's "add payment" modal for a shipment without a (valid) payment: how it was paid, the amount in
 * pesos (sent as centavos, prefilled with the balance), a reference number and remarks. One
 * Idempotency-Key per attempt: a double click or a retried request records the payment once.
 */
export function AddPaymentModal({ shipment, onClose }: { shipment: TransactionShipmentDto; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const add = useAddPayment();
  const amountPaid = useAmountPaid(shipment.id);
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const resolver: Resolver<AddPaymentValues, unknown, AddPaymentInput> = async (values) => {
    const read = readAddPaymentForm(values, shipment.id);
    if (read.ok) return { values: read.input, errors: {} };
    return { values: {}, errors: fieldErrorsOf<AddPaymentValues>(read.errors) };
  };
  const form = useForm<AddPaymentValues, unknown, AddPaymentInput>({ resolver, defaultValues: addPaymentDefaults(shipment.paymentMethod) });
  const errors = form.formState.errors;
  const balance = amountPaid.data?.balanceInCents;

  // The balance arrives after the modal opens: it becomes the amount unless one was typed meanwhile.
  useEffect(() => {
    if (balance !== undefined && balance > 0 && !form.getFieldState('amountPesos').isDirty) form.setValue('amountPesos', pesosText(balance));
  }, [balance, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      const result = await add.mutateAsync({ input, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      const amount = formatMoney(input.amountInCents);
      const status = i18n._(PAYMENT_STATUS_NAMES[result.paymentStatus]);
      const left = formatMoney(result.balanceInCents);
      toast.success(t`Payment recorded`, {
        description:
          result.balanceInCents > 0
            ? t`${amount} for ${shipment.trackingNumber}: ${status}, ${left} still to pay`
            : t`${amount} for ${shipment.trackingNumber}: ${status}`,
      });
      onClose();
    } catch (error) {
      const line = formProblemOf(error, form.setError, addPaymentFieldOf);
      if (line) setProblem(line);
    }
  });

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Add payment for ${shipment.trackingNumber}`}
      description={`${shipment.senderName} → ${shipment.receiverName}`}
      submitLabel={t`Add payment`}
      pending={add.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div aria-live="polite" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        {amountPaid.isPending ? (
          <Spinner label={t`Loading the balance`} className="py-1" />
        ) : amountPaid.isError ? (
          <span className="text-red-700">{errorMessage(amountPaid.error)}</span>
        ) : (
          <dl className="grid grid-cols-3 gap-2">
            <div>
              <dt className="text-xs text-slate-500">
                <Trans>Total</Trans>
              </dt>
              <dd className="font-medium text-slate-900">{formatMoney(amountPaid.data.totalInCents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">
                <Trans>Paid</Trans>
              </dt>
              <dd className="font-medium text-slate-900">{formatMoney(amountPaid.data.amountPaidInCents)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">
                <Trans>Balance</Trans>
              </dt>
              <dd className="font-semibold text-slate-900" data-testid="payment-balance">
                {formatMoney(amountPaid.data.balanceInCents)}
              </dd>
            </div>
          </dl>
        )}
      </div>
      <FormField label={t`Payment method`} error={errors.method?.message}>
        {(control) => (
          <select {...control} {...form.register('method')} className={inputClasses}>
            <option value="">{t`Choose a method`}</option>
            {HAND_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {i18n._(PAYMENT_METHOD_NAMES[method])}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t`Amount (₱)`} hint={t`In pesos, e.g. 150.00. At most the balance.`} error={errors.amountPesos?.message}>
        {(control) => <NumberInput {...control} {...form.register('amountPesos')} min={0.01} />}
      </FormField>
      <FormField label={t`Reference number`} optional hint={t`The bank, GCash or receipt reference.`} error={errors.referenceNumber?.message}>
        {(control) => <Input {...control} {...form.register('referenceNumber')} autoComplete="off" maxLength={100} />}
      </FormField>
      <FormField label={t`Remarks`} optional error={errors.remarks?.message}>
        {(control) => <textarea {...control} {...form.register('remarks')} rows={2} maxLength={500} className={textareaClasses} />}
      </FormField>
    </FormModal>
  );
}
