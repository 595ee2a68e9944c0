/** The spec's error for a call made without a required parameter (product.md §8). */
export function requiredParameterError(name: string, operation: string): Error {
  return new Error(`Required parameter ${name} was null or undefined when calling ${operation}.`);
}

/** Throws requiredParameterError when the value is null or undefined; narrows it otherwise. */
export function assertRequiredParameter<T>(value: T, name: string, operation: string): asserts value is NonNullable<T> {
  if (value === null || value === undefined) throw requiredParameterError(name, operation);
}

export const FILE_MESSAGES = {
  invalidBase64: 'Invalid base64 data',
  binaryInsteadOfJson: 'Expected JSON response but received binary data',
} as const;

/** Default air waybill file name when the server sends none (product.md §8). */
export function waybillFileName(trackingNumbers: readonly string[]): string {
  return trackingNumbers.length === 1 ? `waybill-${trackingNumbers[0]}.pdf` : `waybills-${trackingNumbers.length}-items.pdf`;
}
export * from './reasons.js';
