import type { CardSessionDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { listCards, startCardSession } from '../api/wallet-api';
import type { CardField, CardInput, CardProblem, CardTokenizer, SaveCardResult, TokenizeHooks } from './card-tokenizer';
import { checkCard, type CheckedCard } from './sandbox-card-token';

/**
 * Cards saved with Xendit (PAYMENT_PROVIDER=xendit), the Payments API v3 way: our server opens a SAVE payment
 * session (POST /card-tokens/card/session, with the brand, last four digits and expiry only), this page sends
 * the card straight to Xendit under it with cards-session.js (`Xendit.payment.collectCardData`), the payer
 * confirms the card on the bank's 3-D Secure page, and Xendit's payment_session.completed webhook gives our
 * server the card's payment token. The card is saved once it shows up in GET /card-tokens. The same checks as
 * the sandbox run first, so an obvious typo is answered at once and never sent anywhere.
 */

/** The parts of cards-session.js (window.Xendit) used here. */
export interface XenditCardsSession {
  setPublishableKey(key: string): void;
  payment: { collectCardData(data: CollectCardData, callback: CollectCallback): void };
}

export interface CollectCardData {
  payment_session_id: string;
  card_number: string;
  /** 'MM' */
  expiry_month: string;
  /** 'YYYY' */
  expiry_year: string;
  cvn: string;
}

/** Xendit's refusal of the card data (validation, keys, network, the session). */
export interface XenditError {
  error_code?: string;
  message?: string;
}

/** What collectCardData answers: REQUIRES_ACTION with the bank's 3-D Secure page, as a rule. */
export interface CollectResponse {
  message?: string;
  payment_request_id?: string;
  payment_token_id?: string;
  action_url?: string;
  status?: string;
}

export type CollectCallback = (error: XenditError | null | undefined, response?: CollectResponse) => void;

declare global {
  interface Window {
    Xendit?: XenditCardsSession;
  }
}

// Said when the problem arises (`t`, `i18n._`), in the payer's language at that moment.
export const UNREACHABLE = msg`The card service could not be reached. Try again.`;
export const CANCELLED = msg`Saving the card was cancelled.`;
/** The abort reason when the bank's page sent the payer to the failure address (saved-methods.tsx). */
export const AUTHENTICATION_DECLINED = 'authentication-declined';
const NOT_CONFIRMED = msg`Your bank has not confirmed the card yet. If you finished on its page, the card shows up here in a moment; if not, try again.`;

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

/** window.Xendit (cards-session.js), loading the script first if it is not there yet. */
export async function loadXendit(scriptUrl: string, loadScript: LoadScript = injectScript): Promise<XenditCardsSession> {
  if (!window.Xendit?.payment) await loadScript(scriptUrl);
  if (!window.Xendit?.payment) throw new Error(`${scriptUrl} did not define window.Xendit.payment`);
  return window.Xendit;
}

const problem = (field: CardField, message: string): CardProblem => ({ ok: false, field, message });

/** Which field Xendit's code or message is about, if any. */
function fieldOf(text: string): Exclude<CardField, 'card'> | null {
  if (/cvn|cvv|cvc|security.?code/i.test(text)) return 'cvv';
  if (/expir|exp_?(month|year)|exp(iry)?.?date/i.test(text)) return 'expiry';
  if (/card.?number|invalid.?card|account.?number|\bpan\b/i.test(text)) return 'number';
  return null;
}

/** The bank or 3-D Secure said no. */
export function failureMessage(reason: string | undefined): CardProblem {
  const text = reason ?? '';
  if (/authenticat|3ds|three.?d/i.test(text)) {
    return problem('card', t`Your bank did not confirm the card (3-D Secure). Try again, or use another card.`);
  }
  switch (fieldOf(text)) {
    case 'expiry':
      return problem('expiry', t`Your bank says this card has expired. Check the expiry date.`);
    case 'cvv':
      return problem('cvv', t`The CVV does not match this card. Check the 3 or 4 digits on the back.`);
    case 'number':
      return problem('number', t`Your bank does not recognise this card number. Check it, or use another card.`);
    default:
      return problem('card', t`Your bank declined this card. Try another card, or contact your bank.`);
  }
}

/** An error object from cards-session.js ({ error_code, message }): Xendit did not take the card. */
export function errorMessage(error: XenditError): CardProblem {
  const code = error.error_code ?? '';
  const text = `${code} ${error.message ?? ''}`;
  if (/api.?key|public.?key|unauthori[sz]ed|forbidden|invalid_user|permission/i.test(text)) {
    return problem('card', t`Saving cards is not available right now. Please try again later.`);
  }
  if (/session/i.test(text) && /expire|not.?found|inactive|completed|invalid/i.test(text)) {
    return problem('card', t`This attempt to save the card has lapsed. Please try again.`);
  }
  if (/validation|invalid/i.test(text)) {
    switch (fieldOf(text)) {
      case 'number':
        return problem('number', t`Xendit did not accept this card number. Check it, or use another card.`);
      case 'expiry':
        return problem('expiry', t`Xendit did not accept this expiry date. Enter it as on the card (MM/YY).`);
      case 'cvv':
        return problem('cvv', t`Xendit did not accept this CVV. Enter the 3 or 4 digits on the back.`);
    }
  }
  if (/network|timeout|server_error|unavailable|xhr/i.test(text)) return problem('card', i18n._(UNREACHABLE));
  // Xendit's own words stay as they are (English): they are the detail a support agent asks for.
  const detail = error.message;
  return problem(
    'card',
    detail ? t`The card could not be saved: ${detail}. Try again, or use another card.` : t`The card could not be saved. Try again, or use another card.`,
  );
}

/** What collectCardData is given: the session, the checked card, the expiry as 'MM' and 'YYYY'. */
export function collectCardData(paymentSessionId: string, card: CheckedCard): CollectCardData {
  return {
    payment_session_id: paymentSessionId,
    card_number: card.digits,
    expiry_month: String(card.expiryMonth).padStart(2, '0'),
    expiry_year: String(card.expiryYear),
    cvn: card.cvv,
  };
}

/**
 * Where the bank's page sent the payer at the end of 3-D Secure: the session's return addresses on this site
 * (the server's /wallet?success-link=true&method=card, …failure-link…), or null for any other page.
 */
export function authenticationOutcome(href: string, origin: string): 'success' | 'failure' | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.searchParams.get('method') !== 'card') return null;
  if (url.searchParams.get('success-link') === 'true') return 'success';
  if (url.searchParams.get('failure-link') === 'true') return 'failure';
  return null;
}

/** Our server's half: the session to send the card under, and whether the card is saved yet. */
export interface CardSessionServer {
  startSession(card: { cardBrand: string; last4: string; expiryMonth: number; expiryYear: number }, signal?: AbortSignal): Promise<CardSessionDto>;
  isSaved(paymentMethodId: string, signal?: AbortSignal): Promise<boolean>;
}

const apiServer: CardSessionServer = {
  startSession: (card, signal) => startCardSession(card, { signal }),
  isSaved: async (paymentMethodId, signal) => (await listCards({ signal })).some((c) => c.id === paymentMethodId),
};

/** Waits ms, or until the signal aborts. */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });

/** The attempt's end when the signal aborted: the bank said no on its page, or the payer gave up. */
const abortedResult = (signal: AbortSignal): CardProblem =>
  signal.reason === AUTHENTICATION_DECLINED ? failureMessage('AUTHENTICATION_FAILED') : problem('card', i18n._(CANCELLED));

export function xenditCardTokenizer(options: {
  publishableKey: string;
  scriptUrl: string;
  /** Replaces the <script> injection (tests use a fake window.Xendit, no network). */
  loadScript?: LoadScript;
  /** Replaces the API calls (tests answer them). */
  server?: CardSessionServer;
  now?: () => Date;
  /** How often to ask whether the card is saved yet, and for how long (a session lasts 30 minutes at Xendit). */
  pollMs?: number;
  maxWaitMs?: number;
}): CardTokenizer {
  const server = options.server ?? apiServer;
  const pollMs = options.pollMs ?? 2_000;
  const maxWaitMs = options.maxWaitMs ?? 30 * 60_000;

  /** Xendit's answer to the card data: the response, or the problem to show. */
  function collect(xendit: XenditCardsSession, data: CollectCardData, signal?: AbortSignal): Promise<CollectResponse | CardProblem> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (result: CollectResponse | CardProblem) => {
        if (done) return;
        done = true;
        signal?.removeEventListener('abort', aborted);
        resolve(result);
      };
      const aborted = () => finish(abortedResult(signal!));
      signal?.addEventListener('abort', aborted);
      try {
        xendit.payment.collectCardData(data, (error, response) => {
          if (error) return finish(errorMessage(error));
          finish(response ?? problem('card', t`The card service gave an answer we could not read. Try again.`));
        });
      } catch {
        finish(problem('card', i18n._(UNREACHABLE)));
      }
    });
  }

  /** Until the webhook saved the card (it then shows in GET /card-tokens), the payer gives up, or time runs out. */
  async function waitForCard(paymentMethodId: string, signal?: AbortSignal): Promise<SaveCardResult> {
    for (let waited = 0; waited <= maxWaitMs; waited += pollMs) {
      if (signal?.aborted) return abortedResult(signal);
      try {
        if (await server.isSaved(paymentMethodId, signal)) return { ok: true };
      } catch {
        // A dropped connection while waiting: ask again at the next turn.
      }
      if (signal?.aborted) return abortedResult(signal);
      await pause(pollMs, signal);
    }
    return problem('card', i18n._(NOT_CONFIRMED));
  }

  return {
    provider: 'xendit',
    async save(input: CardInput, hooks: TokenizeHooks = {}): Promise<SaveCardResult> {
      const { signal } = hooks;
      const card = checkCard(input, options.now?.() ?? new Date());
      if (!card.ok) return card;
      let xendit: XenditCardsSession;
      try {
        xendit = await loadXendit(options.scriptUrl, options.loadScript);
      } catch {
        return problem('card', i18n._(UNREACHABLE));
      }
      if (signal?.aborted) return abortedResult(signal);
      let session: CardSessionDto;
      try {
        session = await server.startSession(
          { cardBrand: card.cardBrand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
          signal,
        );
      } catch (error) {
        if (signal?.aborted) return abortedResult(signal);
        throw error;
      }
      xendit.setPublishableKey(options.publishableKey);
      const answer = await collect(xendit, collectCardData(session.paymentSessionId, card), signal);
      if ('ok' in answer) return answer;
      if (answer.status === 'FAILED') return failureMessage(answer.message);
      if (answer.action_url) {
        // The bank's 3-D Secure page; Xendit's webhook tells our server the outcome.
        hooks.onAuthentication?.(answer.action_url);
      } else if (answer.status === 'REQUIRES_ACTION') {
        return problem('card', t`Your bank asked to confirm the card, but its page did not open. Try again.`);
      } else if (!answer.status) {
        return problem('card', t`The card service gave an answer we could not read. Try again.`);
      }
      return waitForCard(session.paymentMethodId, signal);
    },
  };
}
