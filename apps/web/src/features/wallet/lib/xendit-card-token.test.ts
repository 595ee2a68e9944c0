import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardSessionDto, PaymentMethodDto } from '@hatid/domain';
import { listCards, saveCard, startCardSession } from '../api/wallet-api';
import { cardTokenizerFor, sandboxCardTokenizer, type SaveCardResult } from './card-tokenizer';
import {
  AUTHENTICATION_DECLINED,
  authenticationOutcome,
  CANCELLED,
  injectScript,
  UNREACHABLE,
  xenditCardTokenizer,
  type CardSessionServer,
  type CollectCallback,
  type CollectCardData,
  type XenditCardsSession,
} from './xendit-card-token';

vi.mock('../api/wallet-api', () => ({
  saveCard: vi.fn(async () => []),
  startCardSession: vi.fn(),
  listCards: vi.fn(),
}));

/**
 * cards-session.js replaced by a fake window.Xendit that the test drives: it records what collectCardData was
 * given and keeps the callback, so each of Xendit's answers (REQUIRES_ACTION with the 3-D Secure page, an
 * error) is played back as cards-session.js would call it. Our server is a fake too: it opens sessions and says
 * when the card is saved (as Xendit's webhook would make it). The loader is injected: no script tag, no network.
 */
const KEY = 'xnd_public_development_test-key';
const SCRIPT = 'https://js.xendit.co/cards-session.min.js';
const NOW = () => new Date('2026-11-26T08:00:00+08:00');
const VISA = { number: '4111 1111 1111 1111', expiry: '03/29', cvv: '123' };
const ACTION_URL = 'https://redirect.xendit.co/authentications/abc/render';

interface Fake {
  xendit: XenditCardsSession;
  keys: string[];
  calls: { data: CollectCardData; callback: CollectCallback }[];
}
function fakeXendit(): Fake {
  const fake: Fake = {
    keys: [],
    calls: [],
    xendit: {
      setPublishableKey: (key) => void fake.keys.push(key),
      payment: { collectCardData: (data, callback) => void fake.calls.push({ data, callback }) },
    },
  };
  return fake;
}

/** Our server: each session is a new pending card; `saved` holds the cards Xendit's webhook made active. */
function fakeServer(options: { refuse?: Error } = {}) {
  const sessions: { body: Parameters<CardSessionServer['startSession']>[0]; answer: CardSessionDto }[] = [];
  const saved = new Set<string>();
  const polls: string[] = [];
  const server: CardSessionServer = {
    startSession: async (body) => {
      if (options.refuse) throw options.refuse;
      const n = sessions.length + 1;
      const answer: CardSessionDto = {
        paymentMethodId: `card-${n}`,
        paymentSessionId: `ps-${n}`,
        expiresAt: '2026-11-26T00:30:00.000Z',
        status: 'REQUIRES_ACTION',
      };
      sessions.push({ body, answer });
      return answer;
    },
    isSaved: async (id) => {
      polls.push(id);
      return saved.has(id);
    },
  };
  return { server, sessions, saved, polls };
}

/** A tokenizer whose loader "loads" the fake (or fails), counting the loads. */
function setup(options: { loadFails?: boolean; maxWaitMs?: number; refuse?: Error } = {}) {
  const fake = fakeXendit();
  const backend = fakeServer({ refuse: options.refuse });
  const loads: string[] = [];
  const tokenizer = xenditCardTokenizer({
    publishableKey: KEY,
    scriptUrl: SCRIPT,
    now: NOW,
    server: backend.server,
    pollMs: 1,
    maxWaitMs: options.maxWaitMs,
    loadScript: async (src) => {
      loads.push(src);
      if (options.loadFails) throw new Error('blocked');
      window.Xendit = fake.xendit;
    },
  });
  return { fake, backend, loads, tokenizer };
}

/** Lets the tokenizer reach collectCardData (it awaits the loader and our server first). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await settle();
  expect(check()).toBe(true);
};

afterEach(() => {
  delete window.Xendit;
  for (const s of document.head.querySelectorAll('script')) s.remove();
  vi.mocked(saveCard).mockClear();
});

describe('the Xendit card tokenizer (cards-session.js, a Payments API v3 SAVE session)', () => {
  it('asks our server for a session with only the brand, last four and expiry, then sends the card to Xendit under it', async () => {
    const { fake, backend, loads, tokenizer } = setup();
    const first = tokenizer.save(VISA);
    await until(() => fake.calls.length === 1);
    expect(loads).toEqual([SCRIPT]);
    expect(fake.keys).toEqual([KEY]);
    expect(backend.sessions.map((s) => s.body)).toStrictEqual([{ cardBrand: 'Visa', last4: '1111', expiryMonth: 3, expiryYear: 2029 }]);
    expect(fake.calls[0]!.data).toStrictEqual({
      payment_session_id: 'ps-1',
      card_number: '4111111111111111',
      expiry_month: '03',
      expiry_year: '2029',
      cvn: '123',
    });
    backend.saved.add('card-1');
    fake.calls[0]!.callback(null, { message: 'Card data collected', action_url: ACTION_URL, status: 'REQUIRES_ACTION' });
    expect(await first).toStrictEqual({ ok: true });

    const second = tokenizer.save({ number: '5555555555554444', expiry: '12/30', cvv: '9876' });
    await until(() => fake.calls.length === 2);
    expect(loads).toEqual([SCRIPT]); // already on the page: not loaded again
    expect(backend.sessions[1]!.body).toStrictEqual({ cardBrand: 'Mastercard', last4: '4444', expiryMonth: 12, expiryYear: 2030 });
    expect(fake.calls[1]!.data).toStrictEqual({
      payment_session_id: 'ps-2',
      card_number: '5555555555554444',
      expiry_month: '12',
      expiry_year: '2030',
      cvn: '9876',
    });
    fake.calls[1]!.callback({ error_code: 'SERVER_ERROR', message: 'boom' });
    expect(await second).toStrictEqual({ ok: false, field: 'card', message: i18n._(UNREACHABLE) });
  });

  it('REQUIRES_ACTION: hands the 3-D Secure page to the screen and succeeds once the card is saved on our server', async () => {
    const { fake, backend, tokenizer } = setup();
    const pages: string[] = [];
    let finished: SaveCardResult | null = null;
    const result = tokenizer.save(VISA, { onAuthentication: (url) => pages.push(url) });
    void result.then((r) => (finished = r));
    await until(() => fake.calls.length === 1);
    fake.calls[0]!.callback(null, { message: 'Card data collected', payment_request_id: 'pr-1', action_url: ACTION_URL, status: 'REQUIRES_ACTION' });
    // Waiting for Xendit's webhook: asked again and again, still not done.
    await until(() => backend.polls.length >= 3);
    expect(pages).toEqual([ACTION_URL]);
    expect(finished).toBeNull();
    expect(new Set(backend.polls)).toEqual(new Set(['card-1']));
    backend.saved.add('card-1');
    expect(await result).toStrictEqual({ ok: true });
    expect(fake.calls).toHaveLength(1);
  });

  it('the bank’s page ending on the failure address: the bank did not confirm the card', async () => {
    const { fake, tokenizer } = setup();
    const abort = new AbortController();
    const result = tokenizer.save(VISA, { onAuthentication: () => abort.abort(AUTHENTICATION_DECLINED), signal: abort.signal });
    await until(() => fake.calls.length === 1);
    fake.calls[0]!.callback(null, { action_url: ACTION_URL, status: 'REQUIRES_ACTION' });
    expect(await result).toStrictEqual({
      ok: false,
      field: 'card',
      message: 'Your bank did not confirm the card (3-D Secure). Try again, or use another card.',
    });
  });

  it('the payer closing the 3-D Secure dialog ends the wait', async () => {
    const { fake, tokenizer } = setup();
    const abort = new AbortController();
    const result = tokenizer.save(VISA, { onAuthentication: () => abort.abort(), signal: abort.signal });
    await until(() => fake.calls.length === 1);
    fake.calls[0]!.callback(null, { action_url: ACTION_URL, status: 'REQUIRES_ACTION' });
    expect(await result).toStrictEqual({ ok: false, field: 'card', message: i18n._(CANCELLED) });
  });

  it('a card never confirmed: a clear message after the wait', async () => {
    const { fake, backend, tokenizer } = setup({ maxWaitMs: 5 });
    const result = tokenizer.save(VISA, { onAuthentication: () => {} });
    await until(() => fake.calls.length === 1);
    fake.calls[0]!.callback(null, { action_url: ACTION_URL, status: 'REQUIRES_ACTION' });
    expect(await result).toMatchObject({ ok: false, field: 'card', message: expect.stringMatching(/has not confirmed the card yet/) });
    expect(backend.polls.length).toBeGreaterThan(1);
  });

  it('answers other than a 3-D Secure page: FAILED, no page, unreadable', async () => {
    const answer = async (response: Parameters<CollectCallback>[1]) => {
      const { fake, backend, tokenizer } = setup({ maxWaitMs: 5 });
      backend.saved.add('card-1');
      const result = tokenizer.save(VISA);
      await until(() => fake.calls.length === 1);
      fake.calls[0]!.callback(null, response);
      delete window.Xendit;
      return result;
    };
    expect(await answer({ status: 'FAILED', message: 'EXPIRED_CARD' })).toStrictEqual({
      ok: false,
      field: 'expiry',
      message: 'Your bank says this card has expired. Check the expiry date.',
    });
    expect(await answer({ status: 'FAILED', message: 'CARD_DECLINED' })).toMatchObject({
      ok: false,
      field: 'card',
      message: expect.stringMatching(/declined/),
    });
    expect(await answer({ status: 'REQUIRES_ACTION' })).toMatchObject({ ok: false, message: expect.stringMatching(/page did not open/) });
    expect(await answer(undefined)).toMatchObject({ ok: false, message: expect.stringMatching(/could not read/) });
    // No 3-D Secure asked: the card is saved once our server has it.
    expect(await answer({ status: 'COMPLETED', payment_token_id: 'pt-1' })).toStrictEqual({ ok: true });
  });

  it('an error object from cards-session.js: a clear message on the right field', async () => {
    const refused = async (error: { error_code?: string; message?: string }) => {
      const { fake, tokenizer } = setup();
      const result = tokenizer.save(VISA);
      await until(() => fake.calls.length === 1);
      fake.calls[0]!.callback(error);
      delete window.Xendit;
      const answer = await result;
      return answer.ok ? 'saved' : [answer.field, answer.message];
    };
    expect(await refused({ error_code: 'API_VALIDATION_ERROR', message: 'Card number is invalid' })).toEqual([
      'number',
      'Xendit did not accept this card number. Check it, or use another card.',
    ]);
    expect(await refused({ error_code: 'VALIDATION_ERROR', message: 'Card expiration date is invalid' })).toEqual([
      'expiry',
      'Xendit did not accept this expiry date. Enter it as on the card (MM/YY).',
    ]);
    expect(await refused({ error_code: 'VALIDATION_ERROR', message: 'Card CVN is invalid for this card type' })).toEqual([
      'cvv',
      'Xendit did not accept this CVV. Enter the 3 or 4 digits on the back.',
    ]);
    expect(await refused({ error_code: 'INVALID_API_KEY', message: 'API key is invalid' })).toEqual([
      'card',
      'Saving cards is not available right now. Please try again later.',
    ]);
    expect(await refused({ error_code: 'SESSION_EXPIRED', message: 'Payment session has expired' })).toEqual([
      'card',
      'This attempt to save the card has lapsed. Please try again.',
    ]);
    expect(await refused({ error_code: 'SERVER_ERROR', message: 'Something went wrong' })).toEqual(['card', i18n._(UNREACHABLE)]);
    expect(await refused({ error_code: 'TOKEN_ERROR', message: 'Card is not supported' })).toEqual([
      'card',
      'The card could not be saved: Card is not supported. Try again, or use another card.',
    ]);
  });

  it('our own checks answer first: nothing is loaded, opened or sent for a mistyped card', async () => {
    const { fake, backend, loads, tokenizer } = setup();
    expect(await tokenizer.save({ ...VISA, number: '4111 1111 1111 1112' })).toEqual({ ok: false, field: 'number', message: 'Enter a valid card number' });
    expect(await tokenizer.save({ ...VISA, expiry: '10/26' })).toEqual({ ok: false, field: 'expiry', message: 'This card has expired' });
    expect(await tokenizer.save({ ...VISA, cvv: '12' })).toEqual({ ok: false, field: 'cvv', message: 'Enter the 3 or 4 digits on the back' });
    expect(loads).toEqual([]);
    expect(backend.sessions).toEqual([]);
    expect(fake.calls).toEqual([]);
  });

  it('our server refusing the session is thrown as by any API call; nothing goes to Xendit', async () => {
    const refusal = new Error('Cards are switched off right now');
    const { fake, tokenizer } = setup({ refuse: refusal });
    await expect(tokenizer.save(VISA)).rejects.toBe(refusal);
    expect(fake.calls).toEqual([]);
  });

  it('a script that cannot load: a clear message, and the next attempt loads again; no session is opened', async () => {
    const { backend, loads, tokenizer } = setup({ loadFails: true });
    expect(await tokenizer.save(VISA)).toStrictEqual({ ok: false, field: 'card', message: 'The card service could not be reached. Try again.' });
    expect(await tokenizer.save(VISA)).toMatchObject({ ok: false, message: i18n._(UNREACHABLE) });
    expect(loads).toEqual([SCRIPT, SCRIPT]);
    expect(backend.sessions).toEqual([]);
  });

  it('the real loader: one <script> tag per address; its error event is the clear message', async () => {
    const src = 'https://js.xendit.invalid/cards-session.min.js';
    const backend = fakeServer();
    const tokenizer = xenditCardTokenizer({ publishableKey: KEY, scriptUrl: src, now: NOW, server: backend.server, pollMs: 1 });
    const result = tokenizer.save(VISA);
    const again = injectScript(src);
    const tags = [...document.head.querySelectorAll('script')].filter((s) => s.src === src);
    expect(tags).toHaveLength(1);
    expect(tags[0]!.async).toBe(true);
    tags[0]!.dispatchEvent(new Event('error'));
    expect(await result).toStrictEqual({ ok: false, field: 'card', message: i18n._(UNREACHABLE) });
    await expect(again).rejects.toThrow(/Could not load/);
    expect(document.head.querySelectorAll('script')).toHaveLength(0); // removed, so a retry adds a fresh tag

    // A retry whose script loads and defines window.Xendit goes on to collectCardData.
    const fake = fakeXendit();
    const retry = tokenizer.save(VISA);
    const tag = [...document.head.querySelectorAll('script')].find((s) => s.src === src)!;
    window.Xendit = fake.xendit;
    tag.dispatchEvent(new Event('load'));
    await until(() => fake.calls.length === 1);
    expect(fake.keys).toEqual([KEY]);
    backend.saved.add('card-1');
    fake.calls[0]!.callback(null, { action_url: ACTION_URL, status: 'REQUIRES_ACTION' });
    expect(await retry).toStrictEqual({ ok: true });
  });
});

describe('where the bank’s 3-D Secure page ends', () => {
  const origin = 'https://hatid.example';
  it('reads the session’s return addresses on this site only', () => {
    expect(authenticationOutcome(`${origin}/wallet?success-link=true&method=card`, origin)).toBe('success');
    expect(authenticationOutcome(`${origin}/wallet?failure-link=true&method=card`, origin)).toBe('failure');
    expect(authenticationOutcome(`${origin}/wallet?success-link=true&method=ewallet`, origin)).toBeNull();
    expect(authenticationOutcome(`https://evil.example/wallet?failure-link=true&method=card`, origin)).toBeNull();
    expect(authenticationOutcome('about:blank', origin)).toBeNull();
    expect(authenticationOutcome('not a url', origin)).toBeNull();
  });
});

describe('the tokenizer the server chose', () => {
  it('sandbox: makes its own tok_sbx_ token in the page and saves only it, with the brand, last four and expiry', async () => {
    expect(cardTokenizerFor({ provider: 'sandbox' })).toBe(sandboxCardTokenizer);
    expect(await sandboxCardTokenizer.save({ number: '4111111111111111', expiry: '12/99', cvv: '123' })).toStrictEqual({ ok: true });
    expect(saveCard).toHaveBeenCalledTimes(1);
    const sent = vi.mocked(saveCard).mock.calls[0]![0];
    expect(sent).toStrictEqual({ token: expect.stringMatching(/^tok_sbx_[0-9a-f]{32}$/), cardBrand: 'Visa', last4: '1111', expiryMonth: 12, expiryYear: 2099 });
    // A mistyped card is answered in the page and sent nowhere.
    expect(await sandboxCardTokenizer.save({ number: '4111111111111112', expiry: '12/99', cvv: '123' })).toMatchObject({ ok: false, field: 'number' });
    expect(saveCard).toHaveBeenCalledTimes(1);
  });

  it('xendit: cards-session.js with the key and script the server gave, our API for the session and the saved card', async () => {
    const fake = fakeXendit();
    window.Xendit = fake.xendit; // already on the page: nothing to load
    const spy = vi.spyOn(document.head, 'appendChild');
    vi.mocked(startCardSession).mockResolvedValueOnce({ paymentMethodId: 'card-9', paymentSessionId: 'ps-9', expiresAt: null, status: 'REQUIRES_ACTION' });
    vi.mocked(listCards).mockResolvedValue([{ id: 'card-9' } as PaymentMethodDto]);
    const tokenizer = cardTokenizerFor({ provider: 'xendit', publishableKey: 'xnd_public_production_k', scriptUrl: SCRIPT });
    expect(tokenizer.provider).toBe('xendit');
    const result = tokenizer.save(VISA);
    await until(() => fake.calls.length === 1);
    expect(spy).not.toHaveBeenCalled();
    expect(fake.keys).toEqual(['xnd_public_production_k']);
    expect(vi.mocked(startCardSession).mock.calls[0]![0]).toStrictEqual({ cardBrand: 'Visa', last4: '1111', expiryMonth: 3, expiryYear: 2029 });
    expect(fake.calls[0]!.data.payment_session_id).toBe('ps-9');
    fake.calls[0]!.callback(null, { action_url: ACTION_URL, status: 'REQUIRES_ACTION' });
    expect(await result).toStrictEqual({ ok: true });
    expect(saveCard).not.toHaveBeenCalled(); // Xendit's webhook saved it, not card/new
    spy.mockRestore();
  });
});
