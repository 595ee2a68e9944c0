import { BILLING_PAYMENT_METHODS, checkNumeric, MAX_FILE_SIZE_BYTES, toIsoDate, type RecordBillingPaymentInput } from '@hatid/domain';
import { t } from '@lingui/core/macro';
import { pesosText, pesosToCents } from '../../../lib/format';

/**
 * The "record billing" form: the amount is typed in pesos and sent as centavos (`amountInCents`), as the add
 * payment modal of transactions does; the day it was paid is a Manila day (today: the server's "now").
 */
export type BillingPaymentMethod = (typeof BILLING_PAYMENT_METHODS)[number];

export interface RecordPaymentValues {
  method: BillingPaymentMethod | '';
  /** ₱ */
  amountPesos: string;
  /** yyyy-MM-dd */
  paidOn: string;
  referenceNumber: string;
  remarks: string;
}

export type RecordPaymentField = keyof RecordPaymentValues;
export type RecordPaymentErrors = Partial<Record<RecordPaymentField, string>>;

const MAX_PESOS = 100_000_000;

/** What a proof of payment or a billing's attachment may be. */
export const FILE_TYPES = 'image/jpeg,image/png,image/webp,image/heic,application/pdf';

/** What is wrong with a chosen file before it is sent (the server checks the bytes again). */
export function fileProblem(file: File): string | null {
  if (file.size > MAX_FILE_SIZE_BYTES) return t`The file is larger than 10 MB (10485760 bytes)`;
  if (file.type && !FILE_TYPES.split(',').includes(file.type)) return t`Only images (JPEG, PNG, WebP, HEIC) and PDF files are accepted`;
  return null;
}

export const recordPaymentDefaults = (balanceInCents: number, today = toIsoDate(new Date())): RecordPaymentValues => ({
  method: '',
  amountPesos: balanceInCents > 0 ? pesosText(balanceInCents) : '',
  paidOn: today,
  referenceNumber: '',
  remarks: '',
});

/** Checks the form and turns it into the API's body (without the proof), or says per field what is wrong. */
export function readRecordPaymentForm(
  values: RecordPaymentValues,
  billingId: string,
  today = toIsoDate(new Date()),
): { ok: true; input: RecordBillingPaymentInput } | { ok: false; errors: RecordPaymentErrors } {
  const errors: RecordPaymentErrors = {};
  if (!values.method || !(BILLING_PAYMENT_METHODS as readonly string[]).includes(values.method)) errors.method = t`Choose how it was paid`;

  let amountInCents = 0;
  const amount = checkNumeric(values.amountPesos, {
    min: 0.01,
    max: MAX_PESOS,
    messages: {
      required: t`Enter the amount paid`,
      min: t`Enter an amount above zero`,
      max: t`Value must not exceed ${MAX_PESOS}`,
      invalid: t`Enter a number`,
      scientific: t`Scientific notation is not allowed`,
      decimals: t`Value must have at most 2 decimal places`,
    },
  });
  if (amount.ok) amountInCents = pesosToCents(amount.value);
  else errors.amountPesos = amount.message;

  const paidOn = values.paidOn.trim();
  if (paidOn && !/^\d{4}-\d{2}-\d{2}$/.test(paidOn)) errors.paidOn = t`Use a date`;
  else if (paidOn > today) errors.paidOn = t`The date paid cannot be in the future`;

  const referenceNumber = values.referenceNumber.trim();
  if (referenceNumber.length > 100) errors.referenceNumber = t`Keep the reference to 100 characters`;
  const remarks = values.remarks.trim();
  if (remarks.length > 500) errors.remarks = t`Keep remarks to 500 characters`;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const input: RecordBillingPaymentInput = { billingId, method: values.method as BillingPaymentMethod, amountInCents };
  // Today (or blank) is "now" on the server; an earlier day is recorded at its noon, Manila time.
  if (paidOn && paidOn < today) input.paidAt = `${paidOn}T12:00:00+08:00`;
  if (referenceNumber) input.referenceNumber = referenceNumber;
  if (remarks) input.remarks = remarks;
  return { ok: true, input };
}

/** The API names the amount in centavos and the day as `paidAt`: their answers belong on the form's boxes. */
export function recordPaymentFieldOf(apiField: string): RecordPaymentField | null {
  const field = apiField.replace(/^(body|query|params)\./, '').split('.')[0]!;
  if (field === 'amountInCents') return 'amountPesos';
  if (field === 'paidAt') return 'paidOn';
  return field === 'method' || field === 'referenceNumber' || field === 'remarks' ? field : null;
}
