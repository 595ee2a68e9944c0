import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Random opaque tokens go to the client; only their SHA-256 is stored, so a database leak yields no usable token. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
