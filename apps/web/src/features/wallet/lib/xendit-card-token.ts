import type { CardBrand, CardField, CardInput, CardTokenizer, TokenizeHooks, TokenizeResult } from './card-tokenizer';
import { checkCard, type CheckedCard } from './sandbox-card-token';

/**
 * Cards tokenized by Xendit.js (PAYMENT_PROVIDER=xendit): the card goes from this page straight to Xendit,
 * which answers a multiple-use token after the bank's 3-D Secure check; only the token, brand, last four
 * digits and expiry go on to our server. The same checks as the sandbox run first, so an obvious typo is
 * answered at once and never sent anywhere.
 */

/** The parts of Xendit.js (window.Xendit, v1) used here. */
export interface XenditJs {
  setPublishableKey(key: string): void;
  card: { createToken(data: XenditCardData, callback: XenditCallback): void };
}

export interface XenditCardData {
  card_number: string;
  /** 'MM' */
  card_exp_month: string;
  /** 'YYYY' */
  card_exp_year: string;
  card_cvn: string;
  is_multiple_use: boolean;
  should_authenticate: boolean;
}

/** Xendit's refusal before any token exists (validation, keys, network). */
export interface XenditError {
  error_code?: string;
  message?: string;
}

/** A token as it goes through its states: IN_REVIEW (3-D Secure to do), then VERIFIED or FAILED. */
export interface XenditToken {
  id?: string;
  status?: string;
  payer_authentication_url?: string;
  masked_card_number?: string;
  card_info?: { brand?: string };
  failure_reason?: string;
}

/** Called once per state: IN_REVIEW first when the bank wants 3-D Secure, then the outcome. */
export type XenditCallback = (error: XenditError | null | undefined, token?: XenditToken) => void;

declare global {
  interface Window {
    Xendit?: XenditJs;
  }
}

export const UNREACHABLE = 'The card service could not be reached. Try again.';

/** Loads a script by its address; resolves when it ran. */
export type LoadScript = (src: string) => Promise<void>;

const loading = new Map<string, Promise<void>>();

/** One <script> tag per address, however many times it is asked for; a failed load is tried again next time. */
export const injectScript: LoadScript = (src) => {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`Could not load ${src}`));
    });
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
};

/** window.Xendit, loading Xendit.js first if it is not there yet. */
export async function loadXendit(scriptUrl: string, loadScript: LoadScript = injectScript): Promise<XenditJs> {
  if (!window.Xendit) await loadScript(scriptUrl);
  if (!window.Xendit) throw new Error(`${scriptUrl} did not define window.Xendit`);
  return window.Xendit;
}

/** Xendit's brand names (card_info.brand) as the domain's CARD_BRANDS. */
const BRANDS: Record<string, CardBrand> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  MASTER: 'Mastercard',
  AMEX: 'Amex',
  AMERICANEXPRESS: 'Amex',
  JCB: 'JCB',
  DISCOVER: 'Discover',
  DINERS: 'Diners Club',
  DINERSCLUB: 'Diners Club',
  DINERSCLUBINTERNATIONAL: 'Diners Club',
};
export function brandOf(xenditBrand: string | undefined, fallback: CardBrand): CardBrand {
  return BRANDS[(xenditBrand ?? '').toUpperCase().replace(/[^A-Z]/g, '')] ?? fallback;
}

type Problem = Extract<TokenizeResult, { ok: false }>;
const problem = (field: CardField, message: string): Problem => ({ ok: false, field, message });

/** Which field Xendit's code or message is about, if any. */
function fieldOf(text: string): Exclude<CardField, 'card'> | null {
  if (/cvn|cvv|cvc|security.?code/i.test(text)) return 'cvv';
  if (/expir|exp_?(month|year)|exp(iry)?.?date/i.test(text)) return 'expiry';
  if (/card.?number|invalid.?card|account.?number|\bpan\b/i.test(text)) return 'number';
  return null;
}

/** A token that ended FAILED (the bank or 3-D Secure said no). */
export function failureMessage(reason: string | undefined): Problem {
  const text = reason ?? '';
  if (/authenticat|3ds|three.?d/i.test(text)) {
    return problem('card', 'Your bank did not confirm the card (3-D Secure). Try again, or use another card.');
  }
  switch (fieldOf(text)) {
    case 'expiry':
      return problem('expiry', 'Your bank says this card has expired. Check the expiry date.');
    case 'cvv':
      return problem('cvv', 'The CVV does not match this card. Check the 3 or 4 digits on the back.');
    case 'number':
      return problem('number', 'Your bank does not recognise this card number. Check it, or use another card.');
    default:
      return problem('card', 'Your bank declined this card. Try another card, or contact your bank.');
  }
}

/** An error object from Xendit.js ({ error_code, message }): no token was made. */
export function errorMessage(error: XenditError): Problem {
  const code = error.error_code ?? '';
  const text = `${code} ${error.message ?? ''}`;
  if (/api.?key|public.?key|unauthori[sz]ed|forbidden|invalid_user|permission/i.test(text)) {
    return problem('card', 'Saving cards is not available right now. Please try again later.');
  }
  if (/validation|invalid/i.test(text)) {
    switch (fieldOf(text)) {
      case 'number':
        return problem('number', 'Xendit did not accept this card number. Check it, or use another card.');
      case 'expiry':
        return problem('expiry', 'Xendit did not accept this expiry date. Enter it as on the card (MM/YY).');
      case 'cvv':
        return problem('cvv', 'Xendit did not accept this CVV. Enter the 3 or 4 digits on the back.');
    }
  }
  if (/network|timeout|server_error|unavailable|xhr/i.test(text)) return problem('card', UNREACHABLE);
  return problem('card', `The card could not be saved${error.message ? `: ${error.message}` : ''}. Try again, or use another card.`);
}

/** What createToken is given: the checked card, the expiry as 'MM' and 'YYYY'. */
export function createTokenData(card: CheckedCard): XenditCardData {
  return {
    card_number: card.digits,
    card_exp_month: String(card.expiryMonth).padStart(2, '0'),
    card_exp_year: String(card.expiryYear),
    card_cvn: card.cvv,
    is_multiple_use: true,
    should_authenticate: true,
  };
}

export function xenditCardTokenizer(options: {
  publishableKey: string;
  scriptUrl: string;
  /** Replaces the <script> injection (tests use a fake window.Xendit, no network). */
  loadScript?: LoadScript;
  now?: () => Date;
}): CardTokenizer {
  return {
    provider: 'xendit',
    async tokenize(input: CardInput, hooks: TokenizeHooks = {}): Promise<TokenizeResult> {
      const card = checkCard(input, options.now?.() ?? new Date());
      if (!card.ok) return card;
      let xendit: XenditJs;
      try {
        xendit = await loadXendit(options.scriptUrl, options.loadScript);
      } catch {
        return problem('card', UNREACHABLE);
      }
      if (hooks.signal?.aborted) return problem('card', 'Saving the card was cancelled.');
      xendit.setPublishableKey(options.publishableKey);
      return new Promise<TokenizeResult>((resolve) => {
        let done = false;
        const finish = (result: TokenizeResult) => {
          if (done) return;
          done = true;
          hooks.signal?.removeEventListener('abort', cancelled);
          resolve(result);
        };
        const cancelled = () => finish(problem('card', 'Saving the card was cancelled.'));
        hooks.signal?.addEventListener('abort', cancelled);
        const callback: XenditCallback = (error, token) => {
          if (done) return;
          if (error) return finish(errorMessage(error));
          switch (token?.status) {
            case 'IN_REVIEW':
              // The bank's 3-D Secure page; Xendit.js calls back again once the payer is through it.
              if (!token.payer_authentication_url) {
                return finish(problem('card', 'Your bank asked to confirm the card, but its page did not open. Try again.'));
              }
              return hooks.onAuthentication?.(token.payer_authentication_url);
            case 'VERIFIED': {
              if (!token.id) return finish(problem('card', UNREACHABLE));
              const last4 = /(\d{4})$/.exec(token.masked_card_number ?? '')?.[1] ?? card.last4;
              return finish({
                ok: true,
                token: token.id,
                cardBrand: brandOf(token.card_info?.brand, card.cardBrand),
                last4,
                expiryMonth: card.expiryMonth,
                expiryYear: card.expiryYear,
              });
            }
            case 'FAILED':
              return finish(failureMessage(token.failure_reason));
            default:
              return finish(problem('card', 'The card service gave an answer we could not read. Try again.'));
          }
        };
        try {
          xendit.card.createToken(createTokenData(card), callback);
        } catch {
          finish(problem('card', UNREACHABLE));
        }
      });
    },
  };
}
