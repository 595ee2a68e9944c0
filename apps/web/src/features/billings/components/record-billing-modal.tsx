import { BILLING_PAYMENT_METHODS, toIsoDate, type BillingDto, type RecordBillingPaymentInput } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses, textareaClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { NumberInput } from '../../../components/ui/number-input';
import { isApiError } from '../../../lib/api-client';
import { formProblemOf } from '../../../lib/form-errors';
import { fieldErrorsOf } from '../../../lib/form-resolver';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { uploadBillingFile, useRecordBillingPayment } from '../api/billings';
import { FILE_TYPES, fileProblem, readRecordPaymentForm, recordPaymentDefaults, recordPaymentFieldOf, type RecordPaymentValues } from '../lib/record-form';
import { billingName } from './billing-row-menu';

const PROOF_FIELDS = new Set(['proofUploadId', 'file', 'content', 'fileName']);
const apiFieldOf = (field: string) => field.replace(/^(body|query|params)\./, '');

/**
 * The spec's "record billing" modal: a payment against a billing (POST /billings/record). How it was paid
 * (the billing payment methods), the amount in pesos (sent as centavos, prefilled with the balance), the day
 * it was paid, a reference, remarks and an optional proof (uploaded first, POST /uploads). One
 * Idempotency-Key per attempt: a double click or a retried request records the payment once.
 */
export function RecordBillingModal({ billing, onClose }: { billing: BillingDto; onClose: () => void }) {
  const { t } = useLingui();
  const record = useRecordBillingPayment();
  const [problem, setProblem] = useState<string | null>(null);
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // The proof already uploaded for this file: a retry after a refusal sends the same upload.
  const uploaded = useRef<{ file: File; id: string } | null>(null);
  const key = useRef(crypto.randomUUID());
  const today = toIsoDate(new Date());
  const proofId = useId();
  const resolver: Resolver<RecordPaymentValues, unknown, RecordBillingPaymentInput> = async (values) => {
    const read = readRecordPaymentForm(values, billing.id, today);
    if (read.ok) return { values: read.input, errors: {} };
    return { values: {}, errors: fieldErrorsOf<RecordPaymentValues>(read.errors) };
  };
  const form = useForm<RecordPaymentValues, unknown, RecordBillingPaymentInput>({
    resolver,
    defaultValues: recordPaymentDefaults(billing.balanceInCents, today),
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    if (proof && fileProblem(proof)) return;
    try {
      if (proof) {
        if (uploaded.current?.file !== proof) {
          setUploading(true);
          try {
            uploaded.current = { file: proof, id: await uploadBillingFile(proof) };
          } finally {
            setUploading(false);
          }
        }
        input.proofUploadId = uploaded.current.id;
      }
      await record.mutateAsync({ input, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      const left = billing.balanceInCents - input.amountInCents;
      const amount = formatMoney(input.amountInCents);
      const name = billingName(billing);
      const rest = formatMoney(left);
      toast.success(t`Payment recorded`, {
        description: left > 0 ? t`${amount} for ${name}, ${rest} still to pay` : t`${amount} for ${name}`,
      });
      onClose();
    } catch (error) {
      const onProof = isApiError(error) ? error.details?.find((d) => PROOF_FIELDS.has(apiFieldOf(d.field))) : undefined;
      if (onProof) setProofError(onProof.message);
      const line = formProblemOf(error, form.setError, (field) => (PROOF_FIELDS.has(apiFieldOf(field)) ? null : recordPaymentFieldOf(field)));
      if (line && line !== onProof?.message) setProblem(line);
    }
  });

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Record payment`}
      description={billingName(billing)}
      submitLabel={t`Record payment`}
      pending={record.isPending || uploading}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <div>
          <dt className="text-xs text-slate-500">
            <Trans>Total</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{formatMoney(billing.totalInCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">
            <Trans>Paid</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{formatMoney(billing.amountPaidInCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">
            <Trans>Balance</Trans>
          </dt>
          <dd className="font-semibold text-slate-900" data-testid="billing-balance">
            {formatMoney(billing.balanceInCents)}
          </dd>
        </div>
      </dl>
      <FormField label={t`Payment method`} error={errors.method?.message}>
        {(control) => (
          <select {...control} {...form.register('method')} className={inputClasses}>
            <option value="">{t`Choose a method`}</option>
            {BILLING_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Amount (₱)`} hint={t`In pesos, e.g. 1500.00. At most the balance.`} error={errors.amountPesos?.message}>
          {(control) => <NumberInput {...control} {...form.register('amountPesos')} min={0.01} />}
        </FormField>
        <FormField label={t`Date paid`} error={errors.paidOn?.message}>
          {(control) => <Input {...control} {...form.register('paidOn')} type="date" max={today} />}
        </FormField>
      </div>
      <FormField label={t`Reference number`} optional hint={t`The bank, GCash or receipt reference.`} error={errors.referenceNumber?.message}>
        {(control) => <Input {...control} {...form.register('referenceNumber')} autoComplete="off" maxLength={100} />}
      </FormField>
      <FormField label={t`Remarks`} optional error={errors.remarks?.message}>
        {(control) => <textarea {...control} {...form.register('remarks')} rows={2} maxLength={500} className={textareaClasses} />}
      </FormField>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={proofId} className="text-sm font-medium text-slate-800">
          <Trans>
            Proof of payment <span className="font-normal text-slate-500">(optional)</span>
          </Trans>
        </label>
        <input
          id={proofId}
          type="file"
          accept={FILE_TYPES}
          aria-invalid={proofError ? true : undefined}
          aria-describedby={`${proofId}-hint${proofError ? ` ${proofId}-error` : ''}`}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            setProof(file);
            setProofError(file ? fileProblem(file) : null);
          }}
        />
        <p id={`${proofId}-hint`} className="text-xs text-slate-500">
          <Trans>A receipt, deposit slip or screenshot: an image or a PDF, 10 MB at most.</Trans>
        </p>
        {proofError ? (
          <p id={`${proofId}-error`} role="alert" className="text-sm text-red-600">
            {proofError}
          </p>
        ) : null}
      </div>
    </FormModal>
  );
}
