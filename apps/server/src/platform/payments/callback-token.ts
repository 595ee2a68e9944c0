import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The webhook's shared secret (the x-callback-token header): XENDIT_CALLBACK_TOKEN when given (Xendit's
 * dashboard shows it), else a random token made once in DATA_DIR/keys, as for APP_SECRET (platform/secret.ts),
 * which the sandbox uses for its own deliveries. Never logged.
 */
export function loadCallbackToken(configured: string | undefined, dataDir: string | null): string {
  if (configured) return configured;
  if (!dataDir) return randomBytes(24).toString('base64url');
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'xendit-callback-token');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const token = randomBytes(24).toString('base64url');
    fs.writeFileSync(file, token, { mode: 0o600, flag: 'wx' });
    return token;
  }
}

/** Constant-time comparison, so the answer time does not leak how much of a guess was right. */
export function callbackTokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
