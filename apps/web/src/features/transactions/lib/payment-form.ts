import { checkNumeric, NOT_BY_HAND_METHODS, PAYMENT_METHODS, type AddPaymentInput, type PaymentMethod } from '@hatid/domain';
import { t } from '@lingui/core/macro';
import { pesosToCents } from '../../../lib/format';

/**
 * The add payment form: the amount is typed in pesos and sent as centavos (`amountInCents`), as the
 * promo code form does; the wallet is never offered (its payments are recorded by the wallet itself).
 */
export type HandPaymentMethod = Exclude<PaymentMethod, (typeof NOT_BY_HAND_METHODS)[number]>;
export const HAND_PAYMENT_METHODS = PAYMENT_METHODS.filter(
  (method): method is HandPaymentMethod => !(NOT_BY_HAND_METHODS as readonly string[]).includes(method),
);

export interface AddPaymentValues {
  method: HandPaymentMethod | '';
  /** ₱ */
  amountPesos: string;
  referenceNumber: string;
  remarks: string;
}

export type AddPaymentField = keyof AddPaymentValues;
export type AddPaymentErrors = Partial<Record<AddPaymentField, string>>;

/** The API's upper bound (addPaymentBody: 100,000,000 centavos). */
const MAX_PESOS = 1_000_000;

/** The form's starting values: the shipment's own method when it can be recorded by hand. */
export function addPaymentDefaults(shipmentMethod: PaymentMethod): AddPaymentValues {
  const method = (HAND_PAYMENT_METHODS as readonly string[]).includes(shipmentMethod) ? (shipmentMethod as HandPaymentMethod) : '';
  return { method, amountPesos: '', referenceNumber: '', remarks: '' };
}

/** Checks the form and turns it into the API's body, or says per field what is wrong. */
export function readAddPaymentForm(
  values: AddPaymentValues,
  shipmentId: string,
): { ok: true; input: AddPaymentInput } | { ok: false; errors: AddPaymentErrors } {
  const errors: AddPaymentErrors = {};
  if (!values.method || !(HAND_PAYMENT_METHODS as readonly string[]).includes(values.method)) errors.method = t`Choose how it was paid`;

  let amountInCents = 0;
  const amount = checkNumeric(values.amountPesos, {
    min: 0.01,
    max: MAX_PESOS,
    messages: {
      required: t`Enter the amount`,
      min: t`Enter an amount above zero`,
      invalid: t`Enter a number`,
      decimals: t`Value must have at most 2 decimal places`,
      scientific: t`Scientific notation is not allowed`,
      max: t`Value must not exceed ${MAX_PESOS}`,
    },
  });
  if (amount.ok) amountInCents = pesosToCents(amount.value);
  else errors.amountPesos = amount.message;

  const referenceNumber = values.referenceNumber.trim();
  if (referenceNumber.length > 100) errors.referenceNumber = t`Keep the reference number to 100 characters`;
  const remarks = values.remarks.trim();
  if (remarks.length > 500) errors.remarks = t`Keep remarks to 500 characters`;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const input: AddPaymentInput = { shipmentId, method: values.method as HandPaymentMethod, amountInCents };
  if (referenceNumber) input.referenceNumber = referenceNumber;
  if (remarks) input.remarks = remarks;
  return { ok: true, input };
}

/** The API names the amount in centavos; its answer about `amountInCents` belongs on the pesos box. */
export function addPaymentFieldOf(apiField: string): AddPaymentField | null {
  const field = apiField.replace(/^(body|query|params)\./, '').split('.')[0]!;
  if (field === 'amountInCents') return 'amountPesos';
  return field === 'method' || field === 'referenceNumber' || field === 'remarks' ? field : null;
}
