import { t } from '@lingui/core/macro';
import type { CardBrand, CardInput, TokenizeResult } from './card-tokenizer';

/**
 * The checks every card passes before anything leaves the page (number by Luhn, an accepted brand, an expiry
 * not past, a 3- or 4-digit CVV), and the sandbox's tokenizer built on them: the card is reduced to a token,
 * its brand and its last four digits here, and only those go to the server (with Xendit, the card goes to Xendit only).
 */
const BRANDS: [RegExp, CardBrand][] = [
  [/^4/, 'Visa'],
  [/^(5[1-5]|2[2-7])/, 'Mastercard'],
  [/^3[47]/, 'Amex'],
  [/^35/, 'JCB'],
  [/^(6011|65|64[4-9])/, 'Discover'],
  [/^3(0[0-5]|[68])/, 'Diners Club'],
];

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** A card that passed the checks: what a tokenizer needs (the CVV only goes to the provider, never to us). */
export interface CheckedCard {
  digits: string;
  cardBrand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
}

export type CheckResult = ({ ok: true } & CheckedCard) | Extract<TokenizeResult, { ok: false }>;

export function checkCard(input: CardInput, now = new Date()): CheckResult {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, field: 'number', message: t`Enter a valid card number` };
  const brand = BRANDS.find(([pattern]) => pattern.test(digits))?.[1];
  if (!brand) return { ok: false, field: 'number', message: t`This card brand is not accepted` };
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return { ok: false, field: 'expiry', message: t`Enter the expiry as MM/YY` };
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { ok: false, field: 'expiry', message: t`This card has expired` };
  }
  const cvv = input.cvv.trim();
  if (!/^\d{3,4}$/.test(cvv)) return { ok: false, field: 'cvv', message: t`Enter the 3 or 4 digits on the back` };
  return { ok: true, digits, cardBrand: brand, last4: digits.slice(-4), expiryMonth: month, expiryYear: year, cvv };
}

/** The sandbox's token: made up here (`tok_sbx_…`), worthless anywhere but the sandbox provider. */
export function tokenizeCard(input: CardInput, now = new Date()): TokenizeResult {
  const card = checkCard(input, now);
  if (!card.ok) return card;
  const token = `tok_sbx_${crypto.randomUUID().replaceAll('-', '')}`;
  return { ok: true, token, cardBrand: card.cardBrand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear };
}
