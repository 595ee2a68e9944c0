import { z } from 'zod';
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

interface FieldWords {
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

const article = (name: string) => (/^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What to say when the field was left empty: "Enter the contact name", "Choose a province". */
export function missingMessage(field: FieldWords): string {
  return field.pick ? `Choose ${article(field.name)}` : `Enter the ${field.name}`;
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

/** The plain message for one issue; see the file's comment. */
export function plainErrorMessage(issue: RawIssue): string {
  const field = fieldWordsOf(issue);
  const the = `the ${field.name}`;
  const invalid = field.pick ? `Choose ${article(field.name)} from the list` : `Enter a valid ${field.name}`;
  switch (issue.code) {
    case 'invalid_type':
      if (!issue.path?.length && issue.expected === 'object') return 'Send the details as a JSON object';
      if (isMissing(issue.input)) return missingMessage(field);
      return `${capital(the)} must be ${TYPE_WORDS[issue.expected] ?? 'something else'}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        if (min <= 1 || isMissing(issue.input)) return missingMessage(field);
        return `${capital(the)} must be at least ${min} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? `Add at least one ${field.name}` : `Add at least ${min} ${field.name}`;
      if (issue.origin === 'date') return `${capital(the)} is too early`;
      return issue.inclusive === false ? `Value must be more than ${min}` : `Value must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${capital(the)} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${capital(the)} can hold at most ${max}`;
      if (issue.origin === 'date') return `${capital(the)} is too late`;
      return issue.inclusive === false ? `Value must be less than ${max}` : `Value must not exceed ${max}`;
    }
    case 'invalid_format':
      if (isMissing(issue.input)) return missingMessage(field);
      if (issue.format === 'email') return 'Enter a valid email address';
      if (issue.format === 'url') return 'Enter a valid web address';
      return invalid;
    case 'not_multiple_of': {
      const divisor = Number(issue.divisor);
      if (divisor === 0.01) return 'Value must have at most 2 decimal places';
      if (divisor === 1) return NUMERIC_MESSAGES.integer;
      return `Value must be a multiple of ${divisor}`;
    }
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'This field is' : 'These fields are'} not accepted: ${issue.keys.join(', ')}`;
    case 'invalid_union':
    case 'invalid_value':
    case 'custom':
      return isMissing(issue.input) ? missingMessage(field) : invalid;
    case 'invalid_key':
    case 'invalid_element':
      return `${capital(the)} holds a value that is not accepted`;
    default:
      return invalid;
  }
}

/**
 * Makes `plainErrorMessage` zod's global error map. Call it once where zod parses what people type: the
 * server at start-up, the browser's form resolver. Idempotent.
 */
export function installPlainErrorMessages(): void {
  z.config({ customError: plainErrorMessage });
}
