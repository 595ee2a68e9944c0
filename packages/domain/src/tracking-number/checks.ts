import type { DeliveryType } from '../catalogue/enums.js';

/** UPU S10 layout (DECISIONS.md): service letters, 8-digit serial, check digit, "PH". */
export const TRACKING_PREFIXES: Record<DeliveryType, string> = { next_day: 'ND', same_day: 'SD', intra_city: 'IC' };
export const TRACKING_NUMBER_MESSAGE = 'Check the tracking number: it has a typo';

const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;
const PATTERN = /^(ND|SD|IC)(\d{8})(\d)PH$/;
const SERIAL_COUNT = 100_000_000;

/** S10 check digit of an 8-digit serial: 11 − (weighted sum mod 11), with 10 → 0 and 11 → 5. */
export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new Error('An S10 serial has exactly 8 digits');
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(serial[i]), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/**
 * Uniform random integer in [0, max) from the Web Crypto API, which both Node 20 and browsers have.
 * Rejection sampling avoids the bias of taking a modulo.
 */
function cryptoRandomInt(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % max;
  }
}

/**
 * A new tracking number with a random serial, so numbers cannot be guessed in sequence. The caller
 * retries on the rare collision with an existing number.
 */
export function makeTrackingNumber(deliveryType: DeliveryType, randomInt: (max: number) => number = cryptoRandomInt): string {
  const serial = String(randomInt(SERIAL_COUNT)).padStart(8, '0');
  return `${TRACKING_PREFIXES[deliveryType]}${serial}${s10CheckDigit(serial)}PH`;
}

/**
 * Spaces (any kind, also the no-break space a copied label may carry) and hyphens or dashes that people
 * type to group the digits ("ND 868227645 PH", "nd8682-2764-5ph").
 */
const SEPARATORS = /[\s\u00a0\u2010-\u2015\u2212-]+/g;

/**
 * The one form numbers are stored and compared in: without spaces or hyphens, upper-cased. Everything a
 * person types or a scanner reads goes through here (the zod schema below, /track, the console search,
 * the scan boxes), so a grouped or lower-case number is the same number.
 */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(SEPARATORS, '').toUpperCase();
}

export function isValidTrackingNumber(value: string): boolean {
  const match = PATTERN.exec(normalizeTrackingNumber(value));
  return match !== null && s10CheckDigit(match[2] as string) === Number(match[3]);
}

export function deliveryTypeOfTrackingNumber(value: string): DeliveryType | null {
  if (!isValidTrackingNumber(value)) return null;
  const prefix = normalizeTrackingNumber(value).slice(0, 2);
  const entry = Object.entries(TRACKING_PREFIXES).find(([, p]) => p === prefix);
  return (entry?.[0] as DeliveryType | undefined) ?? null;
}
