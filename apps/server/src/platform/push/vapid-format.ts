// No imports: config.ts validates the environment with these before anything else loads.

/** base64url of the right length: an uncompressed P-256 point (65 bytes) and a 32-byte private key. */
export function isVapidPublicKey(value: string): boolean {
  return /^[A-Za-z0-9_-]+=*$/.test(value) && Buffer.from(value, 'base64url').length === 65;
}
export function isVapidPrivateKey(value: string): boolean {
  return /^[A-Za-z0-9_-]+=*$/.test(value) && Buffer.from(value, 'base64url').length === 32;
}
