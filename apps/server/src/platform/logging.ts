import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';

type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * What the log must never hold, in one list: secrets and personal data, redacted under these keys wherever a
 * log call puts them (`{ mobileNumber }`, `{ user: { address: { streetName } } }`, arrays included), and a
 * request body (`body`) whole. The console SMS provider's `sms: { to, text }` is deliberately readable: that
 * provider exists to show a developer the message (config.ts refuses it in production).
 */
export const PERSONAL_LOG_FIELDS = [
  // credentials
  'password',
  'currentPassword',
  'newPassword',
  'otp',
  'token',
  'registrationToken',
  'uploadToken',
  'apiKey',
  'secret',
  // people and places
  'mobileNumber',
  'email',
  'firstName',
  'middleName',
  'lastName',
  'name',
  'birthDate',
  'streetName',
  'address',
  // what staff and customers search for: names, mobile numbers, tracking numbers of people
  'search',
  'q',
  'mobile',
  'phone',
  // whatever a client sent
  'body',
] as const;

/** Credentials in the request and response lines (fixed paths: pino's redaction, cheap). */
export const LOG_REDACT_PATHS = ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]'];

const PERSONAL = new Set<string>(PERSONAL_LOG_FIELDS);
const REDACTED = '[redacted]';

/**
 * A copy of a log line's fields with the personal ones replaced (the original is never changed; nothing is
 * copied when nothing is personal). Only plain objects and arrays are entered, 5 levels deep: errors go to
 * the error serializer below, Fastify's request and reply objects to theirs. A walk rather than pino's
 * wildcard paths (`*.mobileNumber`, `*.*.mobileNumber`…): those cost ~50 µs on every line, this ~1 µs.
 */
export function redactPersonal(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const redacted = redactPersonal(value[i], depth + 1);
      if (redacted === value[i]) continue;
      copy ??= value.slice();
      copy[i] = redacted;
    }
    return copy ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    const inner = record[key];
    const redacted = PERSONAL.has(key) && inner !== undefined && inner !== null ? REDACTED : redactPersonal(inner, depth + 1);
    if (redacted === inner) continue;
    copy ??= { ...record };
    copy[key] = redacted;
  }
  return copy ?? value;
}

const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'severity'] as const;

/**
 * An error's message without the values of the query: drizzle appends "params: …" (names, mobile numbers,
 * streets) and PostgreSQL quotes the offending value in a data exception (22xxx: `invalid input syntax for
 * type uuid: "…"`).
 */
export function safeErrorMessage(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown } | null;
  let message = typeof e?.message === 'string' ? e.message : String(error);
  const params = message.indexOf('\nparams:');
  if (params >= 0) message = message.slice(0, params);
  if (typeof e?.code === 'string' && e.code.startsWith('22')) message = message.replace(/"[^"]*"/g, '"…"');
  return message;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * The `err` serializer of every log line: type, message and stack without parameter values, the database's
 * code, constraint, table and column, and the same for its cause. Never `detail` ("Key (mobile_number)=(…)",
 * "Failing row contains (…)"), `where`, `params` or `query`.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const e = error as Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };
  const message = safeErrorMessage(e);
  const out: SerializedError = { type: e.constructor?.name ?? 'Object', message, stack: '' };
  if (typeof e.stack === 'string') {
    const original = typeof e.message === 'string' ? e.message : '';
    let stack = original && original !== message ? e.stack.split(original).join(message) : e.stack;
    // A stack whose first lines differ from the message (rewritten after capture) may still hold "params: …".
    const params = stack.indexOf('\nparams:');
    if (params >= 0) {
      const frames = stack.indexOf('\n    at ', params);
      stack = stack.slice(0, params) + (frames >= 0 ? stack.slice(frames) : '');
    }
    out.stack = stack;
  }
  for (const key of SAFE_ERROR_FIELDS) {
    const value = e[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/**
 * Paths that carry a secret in a segment: the signed-upload token is the whole credential of
 * `PUT /api/uploads/signed/:token` (anyone holding it may upload as its issuer until it expires).
 */
const SECRET_PATH_SEGMENTS = [/(\/api\/uploads\/signed\/)[^/?#]+/];

/** A query key as the client wrote it, decoded when it can be (a malformed escape is kept as it came). */
function queryKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * A request URL with the values of personal and secret query parameters replaced, by the same list as the
 * fields of a log line (PERSONAL_LOG_FIELDS): GET /sms/verifyOtp/rider carries the mobile number and the code
 * in its query string (the catalogue's shape), `?search=+639…` a person's number, `?token=` a link's secret;
 * and secret path segments (SECRET_PATH_SEGMENTS) replaced as well.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  let out = url;
  for (const pattern of SECRET_PATH_SEGMENTS) out = out.replace(pattern, `$1${REDACTED}`);
  if (!out.includes('?')) return out;
  return out.replace(/([?&;])([^=&#;]+)=([^&#;]*)/g, (match, sep: string, key: string) => (PERSONAL.has(queryKey(key)) ? `${sep}${key}=${REDACTED}` : match));
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request line (method, url, host, address, port) with redactUrl applied. */
const serializeRequest = (req: LoggedRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.hostname,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/** The app's pino options (app.ts): level, redaction and the safe error serializer; `stream` for tests. */
export function loggerOptions(level: string, stream?: Writable): LoggerConfig {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
    formatters: { log: (fields) => redactPersonal(fields) as Record<string, unknown> },
    serializers: { err: (error: unknown) => serializeError(error), req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
