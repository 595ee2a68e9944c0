import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { VapidKeys } from './types.js';

/** Used with generated keys when VAPID_SUBJECT is not set; push services want some contact. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:push@hatid.invalid';

/**
 * VAPID keys: from the environment when given (needed when several instances send pushes: a browser
 * subscription is bound to one public key), else a pair generated once and kept in DATA_DIR/keys/vapid.json,
 * or (dataDir null, tests) a fresh in-memory pair.
 */
export function loadVapidKeys(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string }, dataDir: string | null): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? DEFAULT_VAPID_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  if (!dataDir) return { ...webpush.generateVAPIDKeys(), subject };
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'vapid.json');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
  } catch {
    const keys = webpush.generateVAPIDKeys();
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
      return { ...keys, subject };
    } catch {
      // Another process wrote it first: use theirs, so every subscription matches one key.
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
      return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
    }
  }
}
