import {
  BOX_NAMES,
  checkNumeric,
  formatMoney,
  PRICING_LIMITS,
  toIsoDate,
  type BoxName,
  type DiscountType,
  type PromoCodeDto,
  type UpdatePromoCodeInput,
} from '@hatid/domain';
import { t } from '@lingui/core/macro';

/**
 * The promo code form: a flat discount is typed in pesos and sent as centavos (`amountInCents`), a
 * percentage as whole percent (`percentOff`); the other field is sent as null. Dates are Manila calendar
 * days (the server makes a start day begin at 00:00 and an end day last until 23:59:59.999 in Manila).
 */
export interface PromoFormValues {
  code: string;
  description: string;
  type: DiscountType;
  percentOff: string;
  /** ₱ */
  amountPesos: string;
  startDate: string;
  endDate: string;
  /** Empty = unlimited. */
  maxUsage: string;
  maxUsagePerUser: string;
  /** None = every box. */
  applicableBoxTypes: BoxName[];
}

/** What the form sends: the create body (POST /promo-codes), every field given. */
export interface PromoWireInput {
  code: string;
  description: string | null;
  type: DiscountType;
  percentOff: number | null;
  amountInCents: number | null;
  startDate: string;
  endDate: string;
  maxUsage: number | null;
  maxUsagePerUser: number | null;
  applicableBoxTypes: BoxName[];
}

export type PromoFormField = keyof PromoFormValues;
export type PromoFormErrors = Partial<Record<PromoFormField, string>>;

const CODE = /^[A-Z0-9_-]{3,32}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_FLAT_PESOS = PRICING_LIMITS.maxFeeInCents / 100;
const MAX_USAGE = 1_000_000_000;

export const EMPTY_PROMO_FORM: PromoFormValues = {
  code: '',
  description: '',
  type: 'percentage',
  percentOff: '',
  amountPesos: '',
  startDate: '',
  endDate: '',
  maxUsage: '',
  maxUsagePerUser: '',
  applicableBoxTypes: [],
};

/** A stored code as the form's starting values (amounts back in pesos, dates as Manila days). */
export function promoFormValuesOf(promo: PromoCodeDto): PromoFormValues {
  return {
    code: promo.code,
    description: promo.description ?? '',
    type: promo.type,
    percentOff: promo.percentOff === null ? '' : String(promo.percentOff),
    amountPesos: promo.amountInCents === null ? '' : (promo.amountInCents / 100).toFixed(2),
    startDate: toIsoDate(promo.startDate),
    endDate: toIsoDate(promo.endDate),
    maxUsage: promo.maxUsage === null ? '' : String(promo.maxUsage),
    maxUsagePerUser: promo.maxUsagePerUser === null ? '' : String(promo.maxUsagePerUser),
    applicableBoxTypes: BOX_NAMES.filter((name) => promo.applicableBoxTypes.includes(name)),
  };
}

/** checkNumeric's words in the reader's language (the domain's own are English). */
function numberMessages(min: number, max: number) {
  return {
    required: t`Required`,
    invalid: t`Enter a number`,
    integer: t`Value must be a whole number`,
    scientific: t`Scientific notation is not allowed`,
    decimals: t`Value must have at most 2 decimal places`,
    min: t`Value must be at least ${min}`,
    max: t`Value must not exceed ${max}`,
  };
}

function usageLimit(raw: string): { ok: true; value: number | null } | { ok: false; message: string } {
  if (raw.trim() === '') return { ok: true, value: null };
  return checkNumeric(raw, { min: 1, max: MAX_USAGE, integer: true, messages: numberMessages(1, MAX_USAGE) });
}

/** Checks the form and turns it into the API's body, or says per field what is wrong, in plain words. */
export function readPromoForm(values: PromoFormValues): { ok: true; input: PromoWireInput } | { ok: false; errors: PromoFormErrors } {
  const errors: PromoFormErrors = {};
  const code = values.code.trim().toUpperCase();
  if (!code) errors.code = t`Enter a code`;
  else if (!CODE.test(code)) errors.code = t`Promo codes are 3 to 32 letters, digits, hyphens or underscores`;

  const description = values.description.trim();
  if (description.length > 1024) errors.description = t`At most 1024 characters`;

  let percentOff: number | null = null;
  let amountInCents: number | null = null;
  if (values.type === 'percentage') {
    if (values.percentOff.trim() === '') errors.percentOff = t`Enter the percentage off`;
    else {
      const check = checkNumeric(values.percentOff, {
        min: 1,
        max: 100,
        integer: true,
        messages: { ...numberMessages(1, 100), integer: t`A percentage is a whole number` },
      });
      if (check.ok) percentOff = check.value;
      else errors.percentOff = check.message;
    }
  } else if (values.amountPesos.trim() === '') {
    errors.amountPesos = t`Enter the discount amount`;
  } else {
    const check = checkNumeric(values.amountPesos, { min: 0.01, max: MAX_FLAT_PESOS, messages: numberMessages(0.01, MAX_FLAT_PESOS) });
    if (check.ok) amountInCents = Math.round(check.value * 100);
    else errors.amountPesos = check.message;
  }

  if (!DAY.test(values.startDate)) errors.startDate = t`Choose the first day`;
  if (!DAY.test(values.endDate)) errors.endDate = t`Choose the last day`;
  else if (DAY.test(values.startDate) && values.endDate < values.startDate) errors.endDate = t`End date must be on or after the start date`;

  const maxUsage = usageLimit(values.maxUsage);
  if (!maxUsage.ok) errors.maxUsage = maxUsage.message;
  const maxUsagePerUser = usageLimit(values.maxUsagePerUser);
  if (!maxUsagePerUser.ok) errors.maxUsagePerUser = maxUsagePerUser.message;

  if (Object.keys(errors).length > 0 || !maxUsage.ok || !maxUsagePerUser.ok) return { ok: false, errors };
  return {
    ok: true,
    input: {
      code,
      description: description || null,
      type: values.type,
      percentOff,
      amountInCents,
      startDate: values.startDate,
      endDate: values.endDate,
      maxUsage: maxUsage.value,
      maxUsagePerUser: maxUsagePerUser.value,
      applicableBoxTypes: BOX_NAMES.filter((name) => values.applicableBoxTypes.includes(name)),
    },
  };
}

/**
 * An edit sends only what changed, so a day left alone keeps its stored time. The discount's type and
 * amount go together (a new type needs its own amount, and the other is cleared).
 */
export function promoPatch(before: PromoFormValues, after: PromoWireInput): UpdatePromoCodeInput {
  const was = readPromoForm(before);
  if (!was.ok) return after;
  const old = was.input;
  const patch: UpdatePromoCodeInput = {};
  if (after.code !== old.code) patch.code = after.code;
  if (after.description !== old.description) patch.description = after.description;
  if (after.type !== old.type || after.percentOff !== old.percentOff || after.amountInCents !== old.amountInCents) {
    patch.type = after.type;
    patch.percentOff = after.percentOff;
    patch.amountInCents = after.amountInCents;
  }
  if (after.startDate !== old.startDate) patch.startDate = after.startDate;
  if (after.endDate !== old.endDate) patch.endDate = after.endDate;
  if (after.maxUsage !== old.maxUsage) patch.maxUsage = after.maxUsage;
  if (after.maxUsagePerUser !== old.maxUsagePerUser) patch.maxUsagePerUser = after.maxUsagePerUser;
  if (after.applicableBoxTypes.join() !== old.applicableBoxTypes.join()) patch.applicableBoxTypes = after.applicableBoxTypes;
  return patch;
}

/** The API names fields in its own units; its answer about `amountInCents` belongs on the pesos box. */
export function promoFormFieldOf(apiField: string): PromoFormField | null {
  const field = apiField.replace(/^(body|query|params)\./, '').split('.')[0]!;
  if (field === 'amountInCents') return 'amountPesos';
  return field in EMPTY_PROMO_FORM ? (field as PromoFormField) : null;
}

/** "10% off" or "₱50.00 off". */
export function discountText(promo: Pick<PromoCodeDto, 'type' | 'percentOff' | 'amountInCents'>): string {
  if (promo.type === 'percentage') {
    const percent = promo.percentOff ?? 0;
    return t`${percent}% off`;
  }
  const amount = formatMoney(promo.amountInCents ?? 0);
  return t`${amount} off`;
}
