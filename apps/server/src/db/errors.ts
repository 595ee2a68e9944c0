/** A PostgreSQL unique-constraint refusal (23505), optionally of one named constraint; drizzle wraps the driver error in `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const code = (e as { code?: string })?.code;
  const name = (e as { constraint?: string })?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}

/**
 * SQLSTATEs that say the database cannot serve right now, not that the request is wrong: the connection was
 * cut (class 08), the server is shutting down or starting up, or our backend was terminated (57P01
 * `pg_terminate_backend`, 57P02, 57P03), or it has no room for another connection (class 53: 53300 too many
 * connections, out of memory or disk).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53...)$/;
/** Socket errors of a connection that could not be made or was lost. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres says these in words only (no code): a connection that ended under a query, a pool that waited too long. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client has encountered a connection error',
];

/**
 * True when an error means PostgreSQL is unreachable or dropped our connection (stopped, restarting,
 * `pg_terminate_backend`, a network cut): the request may succeed if tried again in a moment. Looks through
 * drizzle's wrapper (`cause`) and Node's AggregateError (`errors`: one per address tried).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const check = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || depth > 5 || seen.has(e)) return false;
    seen.add(e);
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    if (Array.isArray(errors) && errors.some((inner) => check(inner, depth + 1))) return true;
    return check(cause, depth + 1);
  };
  return check(error, 0);
}
