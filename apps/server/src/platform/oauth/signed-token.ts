import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A small JSON value with an expiry, signed with the server's key (APP_SECRET): the social sign-in state
 * cookie and the sandbox's authorization codes. Readable by whoever holds it (nothing secret goes in), but
 * not changeable; `purpose` keeps a token of one kind from passing as another. Stateless, so any instance
 * of the server accepts what another issued.
 */
export function signToken(secret: Buffer, purpose: string, value: object, ttlMs: number, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ ...value, exp: now + ttlMs }), 'utf8').toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The signed value, or null when the token is malformed, altered, of another purpose or expired. */
export function readToken<T extends object>(secret: Buffer, purpose: string, token: string | undefined, now = Date.now()): T | null {
  if (!token || token.length > 4096) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(secret, purpose, body), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp?: unknown };
    if (typeof value !== 'object' || value === null || typeof value.exp !== 'number' || value.exp <= now) return null;
    return value;
  } catch {
    return null;
  }
}

function mac(secret: Buffer, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`hatid-${purpose}\0`).update(body).digest('base64url');
}
