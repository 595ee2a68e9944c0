import { t } from '@lingui/core/macro';
import { BUSINESS_LIMITS, centsToPesos, formatMoney, pesosToCents, type BusinessDto, type CreateBusinessInput, type UpdateBusinessInput } from '@hatid/domain';

/**
 * The add/edit business form as typed: text boxes hold strings; the credit limit is typed in pesos and
 * sent in centavos (`creditLimitInCents`), payment terms in whole days.
 */
export interface BusinessFormValues {
  name: string;
  email: string;
  mobileNumber: string;
  tin: string;
  accountManagerId: string;
  invoiceBillingEnabled: boolean;
  paymentTermsInDays: string;
  creditLimitPesos: string;
}

export const BUSINESS_FORM_FIELDS = [
  'name',
  'email',
  'mobileNumber',
  'tin',
  'accountManagerId',
  'invoiceBillingEnabled',
  'paymentTermsInDays',
  'creditLimitPesos',
] as const;
export type BusinessFormField = (typeof BUSINESS_FORM_FIELDS)[number];

export const EMPTY_BUSINESS_FORM: BusinessFormValues = {
  name: '',
  email: '',
  mobileNumber: '',
  tin: '',
  accountManagerId: '',
  invoiceBillingEnabled: false,
  paymentTermsInDays: '0',
  creditLimitPesos: '0',
};

export function businessFormValuesOf(business: BusinessDto): BusinessFormValues {
  return {
    name: business.name,
    email: business.email ?? '',
    mobileNumber: business.mobileNumber ?? '',
    tin: business.tin ?? '',
    accountManagerId: business.accountManager?.id ?? '',
    invoiceBillingEnabled: business.invoiceAccount.invoiceBillingEnabled,
    paymentTermsInDays: String(business.invoiceAccount.paymentTermsInDays),
    creditLimitPesos: String(centsToPesos(business.invoiceAccount.creditLimitInCents)),
  };
}

/** The API's field ("body.invoiceAccount.creditLimitInCents") as the form's field. */
export function businessFormFieldOf(field: string): BusinessFormField | undefined {
  const path = field.replace(/^(body|query|params)\./, '');
  if (path.endsWith('creditLimitInCents')) return 'creditLimitPesos';
  const last = path.split('.').at(-1) ?? '';
  return (BUSINESS_FORM_FIELDS as readonly string[]).includes(last) ? (last as BusinessFormField) : undefined;
}

export type ReadBusinessForm =
  | {
      ok: true;
      values: {
        name: string;
        email: string | null;
        mobileNumber: string | null;
        tin: string | null;
        accountManagerId: string | null;
        invoiceAccount: { invoiceBillingEnabled: boolean; paymentTermsInDays: number; creditLimitInCents: number };
      };
    }
  | { ok: false; errors: Partial<Record<BusinessFormField, string>> };

/** Reads and checks the form; the server checks everything again (TIN and mobile formats are its to say). */
export function readBusinessForm(values: BusinessFormValues, options: { invoice: boolean }): ReadBusinessForm {
  const errors: Partial<Record<BusinessFormField, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = t`Enter the business name`;
  const email = values.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = t`Enter a valid email address`;
  const terms = Number(values.paymentTermsInDays.trim() || '0');
  const pesos = Number(values.creditLimitPesos.trim().replace(/,/g, '') || '0');
  if (options.invoice) {
    const maxTerms = BUSINESS_LIMITS.maxPaymentTermsInDays;
    const maxCredit = formatMoney(BUSINESS_LIMITS.maxCreditLimitInCents);
    if (!Number.isInteger(terms)) errors.paymentTermsInDays = t`Enter whole days`;
    else if (terms < 0) errors.paymentTermsInDays = t`Value must be at least 0`;
    else if (terms > maxTerms) errors.paymentTermsInDays = t`Value must not exceed ${maxTerms}`;
    if (!Number.isFinite(pesos)) errors.creditLimitPesos = t`Enter an amount in pesos, e.g. 50000.00`;
    else if (pesos < 0) errors.creditLimitPesos = t`Value must be at least 0`;
    else if (pesosToCents(pesos) > BUSINESS_LIMITS.maxCreditLimitInCents) errors.creditLimitPesos = t`Value must not exceed ${maxCredit}`;
    else if (Math.abs(pesos * 100 - Math.round(pesos * 100)) > 1e-6) errors.creditLimitPesos = t`Use at most two decimals`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    values: {
      name,
      email: email || null,
      mobileNumber: values.mobileNumber.trim() || null,
      tin: values.tin.trim() || null,
      accountManagerId: values.accountManagerId || null,
      invoiceAccount: { invoiceBillingEnabled: values.invoiceBillingEnabled, paymentTermsInDays: terms, creditLimitInCents: pesosToCents(pesos) },
    },
  };
}

type Read = Extract<ReadBusinessForm, { ok: true }>['values'];

/** POST /businesses: blanks left out; the invoice account and manager only for those who may set them. */
export function createBody(read: Read, options: { invoice: boolean }): CreateBusinessInput {
  return {
    name: read.name,
    ...(read.email ? { email: read.email } : {}),
    ...(read.mobileNumber ? { mobileNumber: read.mobileNumber } : {}),
    ...(read.tin ? { tin: read.tin } : {}),
    ...(options.invoice && read.accountManagerId ? { accountManagerId: read.accountManagerId } : {}),
    ...(options.invoice ? { invoiceAccount: read.invoiceAccount } : {}),
  };
}

/** PATCH /businesses/{id}: only what changed (null clears). */
export function updateBody(initial: BusinessFormValues, read: Read, options: { invoice: boolean }): UpdateBusinessInput {
  const before = readBusinessForm(initial, { invoice: false });
  const was = before.ok ? before.values : null;
  const patch: UpdateBusinessInput = {};
  if (read.name !== was?.name) patch.name = read.name;
  if (read.email !== was?.email) patch.email = read.email;
  if (read.mobileNumber !== was?.mobileNumber) patch.mobileNumber = read.mobileNumber;
  if (read.tin !== was?.tin) patch.tin = read.tin;
  if (options.invoice) {
    if (read.accountManagerId !== (initial.accountManagerId || null)) patch.accountManagerId = read.accountManagerId;
    const invoice: NonNullable<UpdateBusinessInput['invoiceAccount']> = {};
    if (read.invoiceAccount.invoiceBillingEnabled !== initial.invoiceBillingEnabled) invoice.invoiceBillingEnabled = read.invoiceAccount.invoiceBillingEnabled;
    if (read.invoiceAccount.paymentTermsInDays !== Number(initial.paymentTermsInDays)) invoice.paymentTermsInDays = read.invoiceAccount.paymentTermsInDays;
    if (read.invoiceAccount.creditLimitInCents !== pesosToCents(Number(initial.creditLimitPesos)))
      invoice.creditLimitInCents = read.invoiceAccount.creditLimitInCents;
    if (Object.keys(invoice).length > 0) patch.invoiceAccount = invoice;
  }
  return patch;
}
