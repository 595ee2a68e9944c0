import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token the SMS provider's inbound webhook carries (x-sms-inbound-token): SMS_INBOUND_TOKEN when set (the
 * value configured at the provider), else derived from the app secret, so every instance and the console
 * provider's simulated replies agree on it without another key file. Never logged.
 */
export function inboundSmsToken(configured: string | undefined, appSecret: Buffer): string {
  return configured ?? createHmac('sha256', appSecret).update('sms-inbound-token').digest('base64url');
}

/** Constant-time comparison, as the payment webhook's token check. */
export function inboundTokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
