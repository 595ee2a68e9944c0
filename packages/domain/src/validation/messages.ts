// Zod-free, so the error reasons (errors/reasons.ts) and the web app's first paint can import it.
/** Messages of the spec (product.md §5), kept in one place so server and web show the same words. */
export const VALIDATION_MESSAGES = {
  name: 'Name may contain only letters, spaces, commas, periods, apostrophes and hyphens',
  mobileNumber: 'Enter a valid Philippine mobile number, e.g. 0917 123 4567',
  decimals: 'Value must have at most 2 decimal places',
  scientific: 'Scientific notation is not allowed',
  min: (min: number) => `Value must be at least ${min}`,
  max: (max: number) => `Value must not exceed ${max}`,
  maxText: 'Text must be at most 1024 characters',
  integer: 'Value must be a whole number',
  webAddress: 'Enter a valid web address',
} as const;
