import { z } from 'zod';
import type { ErrorReason } from '../errors/reasons.js';
import { VALIDATION_MESSAGES } from './messages.js';
import { NUMERIC_MESSAGES } from './numeric.js';

/**
 * Zod's own messages ("Invalid input: expected string, received undefined") are for programmers. This
 * error map, installed once on the server and in the browser, says what to do instead, naming the field
 * in plain words: "Enter the contact name", "Choose a province". A message written into a schema still
 * wins; this only replaces zod's defaults.
 *
 * The field's words come from, in order: the schema's `title` metadata (`.meta({ title: 'Contact name' })`,
 * which also titles the field in the OpenAPI document), the vocabulary below, or the key itself
 * ("weightInGrams" → "weight"). Fields picked from a list (provinces, reasons, enums) say "Choose".
 */

export interface FieldWords {
  /** How the field is called in a sentence, lower case: "city or municipality". */
  name: string;
  /** Picked from a list rather than typed. */
  pick?: boolean;
}

const FIELD_WORDS: Record<string, FieldWords> = {
  provinceCode: { name: 'province', pick: true },
  cityCode: { name: 'city or municipality', pick: true },
  cityMunicipalityCode: { name: 'city or municipality', pick: true },
  barangayCode: { name: 'barangay', pick: true },
  streetName: { name: 'street, building and house number' },
  mobileNumber: { name: 'mobile number' },
  email: { name: 'email address' },
  otp: { name: '6-digit code' },
  agentCode: { name: 'agent code' },
  promoCode: { name: 'promo code' },
  reasonForCancellation: { name: 'reason', pick: true },
  deliveryType: { name: 'delivery type', pick: true },
  paymentMethod: { name: 'payment method', pick: true },
  paidBy: { name: 'payer', pick: true },
  boxName: { name: 'box', pick: true },
  accountType: { name: 'account type', pick: true },
  rating: { name: 'rating', pick: true },
  pickupDate: { name: 'pickup date', pick: true },
  registrationToken: { name: 'sign-up step' },
  declaredInsuranceValue: { name: 'declared value' },
  // Sent by the booking page, not typed; "expected" would read like zod's own words.
  expectedTotalInCents: { name: 'total you confirmed' },
};

const UNIT_SUFFIX = /(?:InCents|InGrams|InCm|Pesos|Kg|Ids?)$/;

/** "weightInGrams" → "weight", "businessName" → "business name". */
function wordsOf(key: string): string {
  return key
    .replace(UNIT_SUFFIX, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
}

type RawIssue = z.core.$ZodRawIssue;
type SchemaLike = z.core.$ZodType;

function typeOf(schema: SchemaLike | undefined): string | undefined {
  return schema?._zod?.def?.type;
}

/** The words for the field an issue is about. */
export function fieldWordsOf(issue: Pick<RawIssue, 'path' | 'inst' | 'schema'>): FieldWords {
  const schema = (issue.schema ?? issue.inst) as SchemaLike | undefined;
  const pickedType = ['enum', 'literal', 'boolean'].includes(typeOf(schema) ?? '');
  const title = schema ? z.globalRegistry.get(schema)?.title : undefined;
  const path = issue.path ?? [];
  // An element of a list is named after the list: trackingNumbers[2] → "tracking numbers".
  const key = [...path].reverse().find((segment): segment is string => typeof segment === 'string');
  const known = key ? FIELD_WORDS[key] : undefined;
  if (title) return { name: title.charAt(0).toLowerCase() + title.slice(1), pick: known?.pick || pickedType };
  if (known) return known;
  if (!key) return { name: 'details' };
  return { name: wordsOf(key), pick: pickedType || /[a-z](?:Id|Ids)$/.test(key) };
}

/**
 * A plain message with its stable reason (errors/reasons.ts PARAM_REASONS and FIXED_REASONS): the web app says the
 * reason in the reader's language (apps/web/src/lib/form-resolver.ts), naming the field by `params.field`, its
 * English words. No reason: a message for programmers rather than people (a wrong type, unknown keys), English only.
 */
export interface PlainError {
  message: string;
  reason?: ErrorReason;
  params?: Record<string, string | number>;
}

const article = (name: string) => (/^[aeiou]/i.test(name) ? 'an' : 'a');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What to say when the field was left empty: "Enter the contact name", "Choose a province". */
export function missingError(field: FieldWords): PlainError {
  return field.pick
    ? { message: `Choose ${article(field.name)} ${field.name}`, reason: 'validation.choose', params: { article: article(field.name), field: field.name } }
    : { message: `Enter the ${field.name}`, reason: 'validation.enter', params: { field: field.name } };
}

/** The English of `missingError`. */
export function missingMessage(field: FieldWords): string {
  return missingError(field).message;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'yes or no',
  object: 'a set of fields',
  array: 'a list',
  date: 'a date',
};

const isMissing = (input: unknown) => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/** A bound ("Value must be at least 1"): more than / less than when the bound itself is not allowed. */
function boundError(kind: 'min' | 'max', bound: number, inclusive: boolean | undefined): PlainError {
  if (kind === 'min') {
    return inclusive === false
      ? { message: `Value must be more than ${bound}`, reason: 'validation.more_than', params: { min: bound } }
      : { message: `Value must be at least ${bound}`, reason: 'validation.at_least', params: { min: bound } };
  }
  return inclusive === false
    ? { message: `Value must be less than ${bound}`, reason: 'validation.less_than', params: { max: bound } }
    : { message: `Value must not exceed ${bound}`, reason: 'validation.at_most', params: { max: bound } };
}

/** The plain message for one issue, with its reason; see the file's comment. */
export function plainErrorOf(issue: RawIssue): PlainError {
  const field = fieldWordsOf(issue);
  const the = `the ${field.name}`;
  const invalid: PlainError = field.pick
    ? {
        message: `Choose ${article(field.name)} ${field.name} from the list`,
        reason: 'validation.choose_from_list',
        params: { article: article(field.name), field: field.name },
      }
    : { message: `Enter a valid ${field.name}`, reason: 'validation.enter_valid', params: { field: field.name } };
  switch (issue.code) {
    case 'invalid_type':
      if (!issue.path?.length && issue.expected === 'object') return { message: 'Send the details as a JSON object' };
      if (isMissing(issue.input)) return missingError(field);
      return { message: `${capital(the)} must be ${TYPE_WORDS[issue.expected] ?? 'something else'}` };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        if (min <= 1 || isMissing(issue.input)) return missingError(field);
        return { message: `${capital(the)} must be at least ${min} characters`, reason: 'validation.min_length', params: { field: field.name, min } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return min <= 1
          ? { message: `Add at least one ${field.name}`, reason: 'validation.add_one', params: { field: field.name } }
          : { message: `Add at least ${min} ${field.name}`, reason: 'validation.add_at_least', params: { field: field.name, min } };
      }
      if (issue.origin === 'date') return { message: `${capital(the)} is too early` };
      return boundError('min', min, issue.inclusive);
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string')
        return { message: `${capital(the)} must be at most ${max} characters`, reason: 'validation.max_length', params: { field: field.name, max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { message: `${capital(the)} can hold at most ${max}` };
      if (issue.origin === 'date') return { message: `${capital(the)} is too late` };
      return boundError('max', max, issue.inclusive);
    }
    case 'invalid_format':
      if (isMissing(issue.input)) return missingError(field);
      if (issue.format === 'email') return { message: 'Enter a valid email address', reason: 'validation.email' };
      if (issue.format === 'url') return { message: VALIDATION_MESSAGES.webAddress, reason: 'validation.web_address' };
      return invalid;
    case 'not_multiple_of': {
      const divisor = Number(issue.divisor);
      if (divisor === 0.01) return { message: VALIDATION_MESSAGES.decimals, reason: 'validation.decimals' };
      if (divisor === 1) return { message: NUMERIC_MESSAGES.integer, reason: 'validation.integer' };
      return { message: `Value must be a multiple of ${divisor}` };
    }
    case 'unrecognized_keys':
      return { message: `${issue.keys.length === 1 ? 'This field is' : 'These fields are'} not accepted: ${issue.keys.join(', ')}` };
    case 'invalid_union':
    case 'invalid_value':
    case 'custom':
      return isMissing(issue.input) ? missingError(field) : invalid;
    case 'invalid_key':
    case 'invalid_element':
      return { message: `${capital(the)} holds a value that is not accepted` };
    default:
      return invalid;
  }
}

/** The plain message for one issue (English); see the file's comment. */
export function plainErrorMessage(issue: RawIssue): string {
  return plainErrorOf(issue).message;
}

/**
 * Makes `plainErrorMessage` zod's global error map. Call it once where zod parses what people type: the
 * server at start-up, the browser's form resolver. Idempotent.
 */
export function installPlainErrorMessages(): void {
  z.config({ customError: plainErrorMessage });
}
