import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * An endpoint's signing secret (`whsec_` + 32 random bytes, base64url) is shown once. Signing needs the secret
 * itself, so unlike API keys it cannot be kept as a hash: it is kept encrypted (AES-256-GCM) with a key derived
 * from the server's HMAC key (APP_SECRET, or DATA_DIR/keys/app-secret), so a copy of the database alone signs nothing.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** What lists show of a secret: its first characters, to tell a rotated secret from the old one. */
export const secretHint = (secret: string) => `${secret.slice(0, 10)}…`;

const keyOf = (appSecret: Buffer) => createHmac('sha256', appSecret).update('hatid webhook endpoint secrets v1').digest();

export function encryptSecret(appSecret: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(appSecret: Buffer, stored: string): string {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) throw new Error('webhook secret: unreadable ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

/**
 * The `Hatid-Signature` header (DECISIONS "Business webhooks"): `t=<unix seconds>,v1=<hex>`,
 * v1 = HMAC-SHA256(secret, `${t}.${rawBody}`). docs/webhooks.md shows receivers how to check it.
 */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
