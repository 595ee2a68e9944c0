import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardTokenizerFor, sandboxCardTokenizer, type TokenizeResult } from './card-tokenizer';
import {
  injectScript,
  UNREACHABLE,
  xenditCardTokenizer,
  type XenditCallback,
  type XenditCardData,
  type XenditJs,
} from './xendit-card-token';

/**
 * Xendit.js replaced by a fake window.Xendit that the test drives: it records what createToken was given
 * and keeps the callback, so each of Xendit's answers (IN_REVIEW, VERIFIED, FAILED, an error) is played back
 * exactly as Xendit.js would call it. The loader is injected: no script tag, no network.
 */
const KEY = 'xnd_public_development_test-key';
const SCRIPT = 'https://js.xendit.co/v1/xendit.min.js';
const NOW = () => new Date('2026-11-26T08:00:00+08:00');
const VISA = { number: '4111 1111 1111 1111', expiry: '03/29', cvv: '123' };

interface Fake {
  xendit: XenditJs;
  keys: string[];
  calls: { data: XenditCardData; callback: XenditCallback }[];
}
function fakeXendit(): Fake {
  const fake: Fake = {
    keys: [],
    calls: [],
    xendit: {
      setPublishableKey: (key) => void fake.keys.push(key),
      card: { createToken: (data, callback) => void fake.calls.push({ data, callback }) },
    },
  };
  return fake;
}

/** A tokenizer whose loader "loads" the fake (or fails), counting the loads. */
function setup(options: { loadFails?: boolean } = {}) {
  const fake = fakeXendit();
  const loads: string[] = [];
  const tokenizer = xenditCardTokenizer({
    publishableKey: KEY,
    scriptUrl: SCRIPT,
    now: NOW,
    loadScript: async (src) => {
      loads.push(src);
      if (options.loadFails) throw new Error('blocked');
      window.Xendit = fake.xendit;
    },
  });
  return { fake, loads, tokenizer };
}

/** Lets the tokenizer reach createToken (it awaits the loader first). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  delete window.Xendit;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('the Xendit card tokenizer', () => {
  it('loads Xendit.js once, sets the publishable key and sends exactly the card fields createToken takes', async () => {
    const { fake, loads, tokenizer } = setup();
    const first = tokenizer.tokenize(VISA);
    await settle();
    expect(loads).toEqual([SCRIPT]);
    expect(fake.keys).toEqual([KEY]);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.data).toStrictEqual({
      card_number: '4111111111111111',
      card_exp_month: '03',
      card_exp_year: '2029',
      card_cvn: '123',
      is_multiple_use: true,
      should_authenticate: true,
    });
    fake.calls[0]!.callback(null, { id: 'tok-1', status: 'VERIFIED', masked_card_number: '411111XXXXXX1111', card_info: { brand: 'VISA' } });
    await first;

    const second = tokenizer.tokenize({ number: '5555555555554444', expiry: '12/30', cvv: '9876' });
    await settle();
    expect(loads).toEqual([SCRIPT]); // already on the page: not loaded again
    expect(fake.calls[1]!.data).toMatchObject({ card_number: '5555555555554444', card_exp_month: '12', card_exp_year: '2030', card_cvn: '9876' });
    fake.calls[1]!.callback(null, { id: 'tok-2', status: 'FAILED', failure_reason: 'CARD_DECLINED' });
    await second;
  });

  it('VERIFIED: the token id, the brand and last four digits from Xendit, the expiry typed; no CVV', async () => {
    const { fake, tokenizer } = setup();
    const result = tokenizer.tokenize({ number: '5555 5555 5555 4444', expiry: '07/28', cvv: '321' });
    await settle();
    fake.calls[0]!.callback(null, {
      id: '5f0410898bcf7a001a00879d',
      status: 'VERIFIED',
      masked_card_number: '555555XXXXXX4444',
      card_info: { brand: 'MASTERCARD' },
    });
    expect(await result).toStrictEqual({
      ok: true,
      token: '5f0410898bcf7a001a00879d',
      cardBrand: 'Mastercard',
      last4: '4444',
      expiryMonth: 7,
      expiryYear: 2028,
    } satisfies TokenizeResult);
  });

  it('maps Xendit’s brand names, falling back to the brand our own check found', async () => {
    const brandFor = async (number: string, brand: string | undefined) => {
      const { fake, tokenizer } = setup();
      const result = tokenizer.tokenize({ number, expiry: '01/30', cvv: '1234' });
      await settle();
      fake.calls[0]!.callback(null, { id: 'tok-brand', status: 'VERIFIED', masked_card_number: 'XXXX', card_info: brand ? { brand } : undefined });
      delete window.Xendit;
      const answer = await result;
      return answer.ok ? [answer.cardBrand, answer.last4] : answer.message;
    };
    expect(await brandFor('378282246310005', 'AMEX')).toEqual(['Amex', '0005']);
    expect(await brandFor('378282246310005', 'American Express')).toEqual(['Amex', '0005']);
    expect(await brandFor('3530111333300000', 'JCB')).toEqual(['JCB', '0000']);
    expect(await brandFor('4111111111111111', 'visa')).toEqual(['Visa', '1111']);
    // Unknown or missing: our own number check's brand; no digits in the mask: our last four.
    expect(await brandFor('6011111111111117', 'UNIONPAY')).toEqual(['Discover', '1117']);
    expect(await brandFor('4111111111111111', undefined)).toEqual(['Visa', '1111']);
  });

  it('IN_REVIEW: hands the 3-D Secure page to the screen, and the second callback completes the card', async () => {
    const { fake, tokenizer } = setup();
    const pages: string[] = [];
    let finished: TokenizeResult | null = null;
    const result = tokenizer.tokenize(VISA, { onAuthentication: (url) => pages.push(url) });
    void result.then((r) => (finished = r));
    await settle();
    const { callback } = fake.calls[0]!;
    callback(null, { id: 'tok-3ds', status: 'IN_REVIEW', payer_authentication_url: 'https://redirect.xendit.co/authentications/abc/render' });
    await settle();
    expect(pages).toEqual(['https://redirect.xendit.co/authentications/abc/render']);
    expect(finished).toBeNull(); // still waiting for the payer
    callback(null, { id: 'tok-3ds', status: 'VERIFIED', masked_card_number: '411111XXXXXX1111', card_info: { brand: 'VISA' } });
    expect(await result).toStrictEqual({ ok: true, token: 'tok-3ds', cardBrand: 'Visa', last4: '1111', expiryMonth: 3, expiryYear: 2029 });
    expect(fake.calls).toHaveLength(1);
  });

  it('IN_REVIEW then FAILED: the bank did not confirm the card', async () => {
    const { fake, tokenizer } = setup();
    const pages: string[] = [];
    const result = tokenizer.tokenize(VISA, { onAuthentication: (url) => pages.push(url) });
    await settle();
    const { callback } = fake.calls[0]!;
    callback(null, { id: 'tok-3ds', status: 'IN_REVIEW', payer_authentication_url: 'https://redirect.xendit.co/a/1' });
    callback(null, { id: 'tok-3ds', status: 'FAILED', failure_reason: 'AUTHENTICATION_FAILED' });
    expect(pages).toHaveLength(1);
    expect(await result).toStrictEqual({
      ok: false,
      field: 'card',
      message: 'Your bank did not confirm the card (3-D Secure). Try again, or use another card.',
    });
  });

  it('the payer closing the 3-D Secure dialog ends the wait', async () => {
    const { fake, tokenizer } = setup();
    const abort = new AbortController();
    const result = tokenizer.tokenize(VISA, { onAuthentication: () => abort.abort(), signal: abort.signal });
    await settle();
    fake.calls[0]!.callback(null, { status: 'IN_REVIEW', payer_authentication_url: 'https://redirect.xendit.co/a/2' });
    expect(await result).toStrictEqual({ ok: false, field: 'card', message: 'Saving the card was cancelled.' });
  });

  it('FAILED: the failure reason as a message on the field it is about', async () => {
    const failed = async (failure_reason: string) => {
      const { fake, tokenizer } = setup();
      const result = tokenizer.tokenize(VISA);
      await settle();
      fake.calls[0]!.callback(null, { id: 'tok-f', status: 'FAILED', failure_reason });
      delete window.Xendit;
      const answer = await result;
      return answer.ok ? 'saved' : [answer.field, answer.message];
    };
    expect(await failed('EXPIRED_CARD')).toEqual(['expiry', 'Your bank says this card has expired. Check the expiry date.']);
    expect(await failed('INVALID_CVN')).toEqual(['cvv', 'The CVV does not match this card. Check the 3 or 4 digits on the back.']);
    expect(await failed('INVALID_CARD')).toEqual(['number', 'Your bank does not recognise this card number. Check it, or use another card.']);
    expect(await failed('CARD_DECLINED')).toEqual(['card', 'Your bank declined this card. Try another card, or contact your bank.']);
  });

  it('an error object: a clear message on the right field', async () => {
    const refused = async (error: { error_code?: string; message?: string }) => {
      const { fake, tokenizer } = setup();
      const result = tokenizer.tokenize(VISA);
      await settle();
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
    expect(await refused({ error_code: 'SERVER_ERROR', message: 'Something went wrong' })).toEqual(['card', UNREACHABLE]);
    expect(await refused({ error_code: 'TOKEN_ERROR', message: 'Card is not supported' })).toEqual([
      'card',
      'The card could not be saved: Card is not supported. Try again, or use another card.',
    ]);
  });

  it('our own checks answer first: nothing is loaded or sent for a mistyped card', async () => {
    const { fake, loads, tokenizer } = setup();
    expect(await tokenizer.tokenize({ ...VISA, number: '4111 1111 1111 1112' })).toEqual({ ok: false, field: 'number', message: 'Enter a valid card number' });
    expect(await tokenizer.tokenize({ ...VISA, expiry: '10/26' })).toEqual({ ok: false, field: 'expiry', message: 'This card has expired' });
    expect(await tokenizer.tokenize({ ...VISA, cvv: '12' })).toEqual({ ok: false, field: 'cvv', message: 'Enter the 3 or 4 digits on the back' });
    expect(loads).toEqual([]);
    expect(fake.calls).toEqual([]);
  });

  it('a script that cannot load: a clear message, and the next attempt loads again', async () => {
    const { loads, tokenizer } = setup({ loadFails: true });
    expect(await tokenizer.tokenize(VISA)).toStrictEqual({ ok: false, field: 'card', message: 'The card service could not be reached. Try again.' });
    expect(await tokenizer.tokenize(VISA)).toMatchObject({ ok: false, message: UNREACHABLE });
    expect(loads).toEqual([SCRIPT, SCRIPT]);
  });

  it('the real loader: one <script> tag per address; its error event is the clear message', async () => {
    const src = 'https://js.xendit.invalid/v1/xendit.min.js';
    const tokenizer = xenditCardTokenizer({ publishableKey: KEY, scriptUrl: src, now: NOW });
    const result = tokenizer.tokenize(VISA);
    const again = injectScript(src);
    const tags = [...document.head.querySelectorAll('script')].filter((s) => s.src === src);
    expect(tags).toHaveLength(1);
    expect(tags[0]!.async).toBe(true);
    tags[0]!.dispatchEvent(new Event('error'));
    expect(await result).toStrictEqual({ ok: false, field: 'card', message: UNREACHABLE });
    await expect(again).rejects.toThrow(/Could not load/);
    expect(document.head.querySelectorAll('script')).toHaveLength(0); // removed, so a retry adds a fresh tag

    // A retry whose script loads and defines window.Xendit goes on to createToken.
    const fake = fakeXendit();
    const retry = tokenizer.tokenize(VISA);
    const tag = [...document.head.querySelectorAll('script')].find((s) => s.src === src)!;
    window.Xendit = fake.xendit;
    tag.dispatchEvent(new Event('load'));
    await settle();
    expect(fake.keys).toEqual([KEY]);
    fake.calls[0]!.callback(null, { id: 'tok-retry', status: 'VERIFIED', masked_card_number: '411111XXXXXX1111', card_info: { brand: 'VISA' } });
    expect(await retry).toMatchObject({ ok: true, token: 'tok-retry' });
  });
});

describe('the tokenizer the server chose', () => {
  it('sandbox: makes its own tok_sbx_ token in the page', async () => {
    expect(cardTokenizerFor({ provider: 'sandbox' })).toBe(sandboxCardTokenizer);
    const result = await sandboxCardTokenizer.tokenize({ number: '4111111111111111', expiry: '12/99', cvv: '123' });
    expect(result).toMatchObject({ ok: true, cardBrand: 'Visa', last4: '1111', expiryMonth: 12, expiryYear: 2099 });
    expect(result.ok && result.token).toMatch(/^tok_sbx_[0-9a-f]{32}$/);
  });

  it('xendit: Xendit.js with the key and script the server gave', async () => {
    const fake = fakeXendit();
    window.Xendit = fake.xendit; // already on the page: nothing to load
    const spy = vi.spyOn(document.head, 'appendChild');
    const tokenizer = cardTokenizerFor({ provider: 'xendit', publishableKey: 'xnd_public_production_k', scriptUrl: SCRIPT });
    expect(tokenizer.provider).toBe('xendit');
    const result = tokenizer.tokenize(VISA);
    await settle();
    expect(spy).not.toHaveBeenCalled();
    expect(fake.keys).toEqual(['xnd_public_production_k']);
    fake.calls[0]!.callback(null, { id: 'tok-live', status: 'VERIFIED', masked_card_number: '411111XXXXXX1111', card_info: { brand: 'VISA' } });
    expect(await result).toMatchObject({ ok: true, token: 'tok-live' });
    spy.mockRestore();
  });
});
