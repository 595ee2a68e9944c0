import type { ErrorParams, ErrorReason } from '@hatid/domain';

/** Services throw AppError; the error handler (plugins/errors.ts) turns it into the one JSON error shape. */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** 409: the step asked for is the shipment's last step already (domain ALREADY_DONE; the rider's queue counts it as done). */
  | 'ALREADY_DONE'
  | 'RULE_BROKEN'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'URI_TOO_LONG'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'HEADERS_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'PROVIDER_UNAVAILABLE'
  /** 503: a dependency of ours (PostgreSQL, Redis) is briefly unreachable; the answer says when to try again (Retry-After). */
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  ALREADY_DONE: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RULE_BROKEN: 422,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  /** The payment provider did not answer or could not be used: the payer may try again later. */
  PROVIDER_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface FieldError {
  field: string;
  message: string;
  /** The message's stable code (domain errors/reasons.ts): the web app shows it in the reader's language. */
  reason?: ErrorReason;
  params?: ErrorParams;
}

/** The stable code of a message with parameters; a fixed message gets its reason from the domain's table by itself. */
export interface ErrorReasonOf {
  reason: ErrorReason;
  params?: ErrorParams;
}

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly why?: ErrorReasonOf,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

/**
 * A dependency is down for a moment: 503 SERVICE_UNAVAILABLE with `Retry-After: <seconds>` (plugins/errors),
 * so clients and load balancers wait and retry instead of treating it as a bug (docs/decisions.md "While a
 * dependency is down").
 */
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const fieldError = (field: string, message: string, code: ErrorCode = 'VALIDATION_FAILED', why?: ErrorReasonOf) =>
  new AppError(code, message, [{ field, message, ...why }], why);
