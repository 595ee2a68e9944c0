import { z } from 'zod';

export { VALIDATION_MESSAGES } from './messages.js';
import { VALIDATION_MESSAGES } from './messages.js';
import { normalizeMobileNumber } from './mobile-number.js';

export { normalizeMobileNumber } from './mobile-number.js';

export const MAX_TEXT_LENGTH = 1024;
export const MAX_FILE_SIZE_BYTES = 10_485_760;

// Letters of any script incl. accented ones, space, comma, period, apostrophe, hyphen.
const NAME_PATTERN = /^[\p{L}\p{M} ,.'-]+$/u;

export const nameSchema = z
  .string()
  .trim()
  // No message of its own: the plain error map names the field ("Enter the first name"); an empty name
  // gets that one message, not also the pattern's.
  .min(1, { abort: true })
  .max(100, 'Name must be at most 100 characters')
  .regex(NAME_PATTERN, VALIDATION_MESSAGES.name);

export function isValidName(value: string): boolean {
  return NAME_PATTERN.test(value.trim());
}

/** Accepts any spec-valid spelling and outputs the E.164 form. */
export const mobileNumberSchema = z
  .string()
  .trim()
  .refine((v) => normalizeMobileNumber(v) !== null, VALIDATION_MESSAGES.mobileNumber)
  .transform((v) => normalizeMobileNumber(v) as string);

export const textSchema = z.string().trim().max(MAX_TEXT_LENGTH, VALIDATION_MESSAGES.maxText);

export * from './numeric.js';
export * from './plain-errors.js';
