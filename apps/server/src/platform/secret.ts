import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's HMAC key: APP_SECRET when given (needed when several instances share a database), else a
 * random key created once in DATA_DIR/keys and kept across restarts. Never logged.
 */
export function loadAppSecret(appSecret: string | undefined, dataDir: string | null): Buffer {
  if (appSecret) return Buffer.from(appSecret, 'utf8');
  if (!dataDir) return randomBytes(32);
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'app-secret');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    const key = randomBytes(32);
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  }
}
