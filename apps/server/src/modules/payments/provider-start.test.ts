import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cardTokens, paymentRequests } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { SandboxPaymentProvider, type CardSaveInput, type ChargeInput, type LinkInput } from '../../platform/payments/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, type Session } from '../../testing/auth.js';
import { settlePayments } from '../../testing/wallet.js';

/**
 * A provider the test steers: each charge or link waits until the test lets it answer, or fails as told. It
 * stands for a slow or broken network between us and Xendit.
 */
class SteeredProvider extends SandboxPaymentProvider {
  calls: ChargeInput[] = [];
  links: LinkInput[] = [];
  cardSaves: CardSaveInput[] = [];
  next: 'answer' | 'unreachable' | 'refuse' = 'answer';
  gate: Promise<void> = Promise.resolve();
  constructor() {
    super('', async () => {});
  }
  override async charge(input: ChargeInput) {
    this.calls.push(input);
    await this.gate;
    if (this.next === 'unreachable') throw new AppError('PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Please try again in a moment.');
    if (this.next === 'refuse') throw new AppError('RULE_BROKEN', 'The e-wallet refused this amount');
    return super.charge(input);
  }
  override async startCardSave(input: CardSaveInput) {
    this.cardSaves.push(input);
    await this.gate;
    if (this.next === 'unreachable') throw new AppError('PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Please try again in a moment.');
    if (this.next === 'refuse') throw new AppError('RULE_BROKEN', 'The payment provider refused this payment: customer.email is invalid');
    return super.startCardSave(input);
  }
  override async linkAccount(input: LinkInput) {
    this.links.push(input);
    await this.gate;
    if (this.next === 'unreachable') throw new AppError('PROVIDER_UNAVAILABLE', 'The payment provider could not be reached. Please try again in a moment.');
    if (this.next === 'refuse') throw new AppError('RULE_BROKEN', 'The bank refused this account');
    return super.linkAccount(input);
  }
}

let t: TestApp;
const provider = new SteeredProvider();
beforeAll(async () => {
  t = await buildTestApp({ paymentProvider: provider });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const topUp = (me: Session, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/requests/otp/ewallet',
    headers: { cookie: me.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amountInCents: 50_000, ewallet: 'GCash' },
  });

describe('starting a payment at the provider after the reservation commits', () => {
  it('no transaction waits on the provider: other requests are answered while a charge hangs', async () => {
    const me = await createCustomer(t);
    let release!: () => void;
    provider.gate = new Promise((resolve) => (release = resolve));
    provider.next = 'answer';
    const pending = topUp(me, 'hang-topup-0001');
    while (provider.calls.length === 0) await new Promise((r) => setTimeout(r, 5));
    // On PGlite a transaction held open across the call would make this read wait for the charge.
    const balance = await Promise.race([
      t.app.inject({ method: 'GET', url: '/api/wallet/balance', headers: { cookie: me.cookie } }),
      new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 3000)),
    ]);
    expect(balance).not.toBe('blocked');
    // The reservation is already committed, waiting for the provider's answer.
    const [reserved] = await t.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, provider.calls.at(-1)!.referenceId));
    expect(reserved).toMatchObject({ status: 'PENDING', providerRequestId: null, amountInCents: 50_000 });
    release();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      id: reserved!.id,
      status: 'REQUIRES_ACTION',
      checkoutUrl: expect.stringContaining('/api/payments/sandbox/checkout/'),
    });
  });

  it('an unreachable provider leaves the request waiting; the retry with the same key makes the call once, for the same request', async () => {
    const me = await createCustomer(t);
    provider.gate = Promise.resolve();
    provider.next = 'unreachable';
    const before = provider.calls.length;
    const first = await topUp(me, 'retry-topup-0001');
    expect(first.statusCode).toBe(503);
    expect(first.json().code).toBe('PROVIDER_UNAVAILABLE');
    const requestId = provider.calls.at(-1)!.referenceId;
    provider.next = 'answer';
    const retried = await topUp(me, 'retry-topup-0001');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().data.id).toBe(requestId);
    // Both calls carried our request id as the provider's idempotency key: the provider cannot charge twice.
    expect(provider.calls.slice(before).map((c) => c.idempotencyKey)).toEqual([requestId, requestId]);
    // A third replay answers what is stored and calls no one.
    expect((await topUp(me, 'retry-topup-0001')).json().data.checkoutUrl).toBe(retried.json().data.checkoutUrl);
    expect(provider.calls.length - before).toBe(2);
    const mine = await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.userId, me.userId));
    expect(mine).toHaveLength(1);
  });

  it('a refusal closes the request with the provider’s reason and says it', async () => {
    const me = await createCustomer(t);
    provider.next = 'refuse';
    const res = await topUp(me);
    provider.next = 'answer';
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The e-wallet refused this amount');
    const [row] = await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.userId, me.userId));
    expect(row).toMatchObject({ status: 'FAILED', failureReason: 'The e-wallet refused this amount', providerRequestId: null });
  });
});

const linkBank = (me: Session, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/requests/link/bank',
    headers: { cookie: me.cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { bank: 'BPI' },
  });
const tokensOf = (me: Session) => t.database.db.select().from(cardTokens).where(eq(cardTokens.userId, me.userId));

describe('linking a bank or e-wallet at the provider after the reservation commits', () => {
  it('no transaction waits on the provider: other requests are answered while a link hangs', async () => {
    const me = await createCustomer(t);
    let release!: () => void;
    provider.gate = new Promise((resolve) => (release = resolve));
    provider.next = 'answer';
    const before = provider.links.length;
    const pending = linkBank(me, 'hang-link-0001');
    while (provider.links.length === before) await new Promise((r) => setTimeout(r, 5));
    const other = await Promise.race([
      t.app.inject({ method: 'GET', url: '/api/wallet/methods', headers: { cookie: me.cookie } }),
      new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 3000)),
    ]);
    expect(other).not.toBe('blocked');
    // The pending method is already committed, not yet known to the provider; our id is its reference and key.
    const [reserved] = await tokensOf(me);
    expect(reserved).toMatchObject({ status: 'pending', providerMethodId: null, kind: 'Linked Account', bank: 'BPI' });
    expect(provider.links.at(-1)).toMatchObject({ referenceId: reserved!.id, idempotencyKey: reserved!.id, channel: 'direct_debit', bank: 'BPI' });
    expect(provider.links.at(-1)!.successReturnUrl).toBe('/wallet?success-link=true&method=direct_debit');
    release();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(201);
    const [linked] = await tokensOf(me);
    expect(linked!.providerMethodId).toMatch(/^pt-sbx-/);
    expect(res.json().data).toEqual({
      paymentMethodId: reserved!.id,
      checkoutUrl: `/api/payments/sandbox/link/${linked!.providerMethodId}`,
      status: 'REQUIRES_ACTION',
    });
  });

  it('an unreachable provider leaves the link pending; the retry with the same key makes the call for the same method', async () => {
    const me = await createCustomer(t);
    provider.gate = Promise.resolve();
    provider.next = 'unreachable';
    const before = provider.links.length;
    const first = await linkBank(me, 'retry-link-0001');
    expect(first.statusCode).toBe(503);
    expect(first.json().code).toBe('PROVIDER_UNAVAILABLE');
    const [waiting] = await tokensOf(me);
    expect(waiting).toMatchObject({ status: 'pending', providerMethodId: null });
    provider.next = 'answer';
    const retried = await linkBank(me, 'retry-link-0001');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().data.paymentMethodId).toBe(waiting!.id);
    expect(provider.links.slice(before).map((c) => c.idempotencyKey)).toEqual([waiting!.id, waiting!.id]);
    // A third replay answers the stored page (the sandbox would make a new one) and calls no one.
    expect((await linkBank(me, 'retry-link-0001')).json().data).toEqual(retried.json().data);
    expect(provider.links.length - before).toBe(2);
    expect(await tokensOf(me)).toHaveLength(1);
    // The stored page is the provider's: authorising it there activates that method.
    const authorized = await t.app.inject({
      method: 'POST',
      url: `${retried.json().data.checkoutUrl}/authorize`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'otp=123456',
    });
    expect(authorized.statusCode).toBe(303);
    await settlePayments(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/methods', headers: { cookie: me.cookie } })).json().data).toMatchObject([
      { id: waiting!.id, kind: 'Linked Account', isDefault: true },
    ]);
  });

  it('a refusal marks the link failed and says it; a replay says it again without calling', async () => {
    const me = await createCustomer(t);
    provider.next = 'refuse';
    const before = provider.links.length;
    const res = await linkBank(me, 'refused-link-0001');
    provider.next = 'answer';
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The bank refused this account');
    const [row] = await tokensOf(me);
    expect(row).toMatchObject({ status: 'failed', providerMethodId: null });
    const replay = await linkBank(me, 'refused-link-0001');
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toBe('The bank refused this account');
    expect(provider.links.length - before).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/methods', headers: { cookie: me.cookie } })).json().data).toEqual([]);
  });
});

describe('charging a saved method at the provider', () => {
  const payCard = (me: Session, cardTokenId: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/requests/pay/card',
      headers: { cookie: me.cookie, 'idempotency-key': key },
      payload: { amountInCents: 20_000, cardTokenId },
    });
  const newCard = async (me: Session) => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/card-tokens/card/new',
      headers: { cookie: me.cookie },
      payload: { token: `tok_sandbox_${me.userId}`, cardBrand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 },
    });
    return saved.json().data[0].id as string;
  };

  it('a method removed, or no longer known to the provider, before the call is refused naming the field', async () => {
    for (const lose of ['removed', 'unknown'] as const) {
      const me = await createCustomer(t);
      const card = await newCard(me);
      provider.next = 'unreachable';
      expect((await payCard(me, card, `lost-card-${lose}`)).statusCode).toBe(503);
      provider.next = 'answer';
      if (lose === 'removed') {
        await t.app.inject({ method: 'DELETE', url: '/api/card-tokens/card/remove', headers: { cookie: me.cookie }, payload: { cardTokenId: card } });
      } else {
        await t.database.db.update(cardTokens).set({ status: 'pending', providerMethodId: null }).where(eq(cardTokens.id, card));
      }
      const before = provider.calls.length;
      const retried = await payCard(me, card, `lost-card-${lose}`);
      expect(retried.statusCode, lose).toBe(422);
      expect(retried.json().details).toEqual([{ field: 'cardTokenId', message: expect.stringMatching(/can no longer be used/) }]);
      expect(provider.calls.length).toBe(before);
      const [request] = await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.userId, me.userId));
      expect(request).toMatchObject({ status: 'FAILED', providerRequestId: null });
    }
  });
});

describe('opening a card’s saving session at the provider after the reservation commits', () => {
  const CARD = { cardBrand: 'Mastercard', last4: '4444', expiryMonth: 7, expiryYear: 2030 };
  const startSession = (me: Session, key: string) =>
    t.app.inject({ method: 'POST', url: '/api/card-tokens/card/session', headers: { cookie: me.cookie, 'idempotency-key': key }, payload: CARD });

  it('no transaction waits on the provider; the pending card is reserved first with our id as reference and key', async () => {
    const me = await createCustomer(t, 'Bea');
    let release!: () => void;
    provider.gate = new Promise((resolve) => (release = resolve));
    provider.next = 'answer';
    const before = provider.cardSaves.length;
    const pending = startSession(me, 'hang-card-0001');
    while (provider.cardSaves.length === before) await new Promise((r) => setTimeout(r, 5));
    const other = await Promise.race([
      t.app.inject({ method: 'GET', url: '/api/wallet/methods', headers: { cookie: me.cookie } }),
      new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 3000)),
    ]);
    expect(other).not.toBe('blocked');
    const [reserved] = await tokensOf(me);
    expect(reserved).toMatchObject({ kind: 'Card', status: 'pending', providerMethodId: null, cardBrand: 'Mastercard', maskedNumber: 'XXXX XXXX XXXX 4444' });
    expect(provider.cardSaves.at(-1)).toMatchObject({
      referenceId: reserved!.id,
      idempotencyKey: reserved!.id,
      customer: { referenceId: me.userId, givenNames: 'Bea', surname: 'Customer', email: null, mobileNumber: expect.stringMatching(/^\+63/) },
      successReturnUrl: '/wallet?success-link=true&method=card',
      failureReturnUrl: '/wallet?failure-link=true&method=card',
    });
    release();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ paymentMethodId: reserved!.id, paymentSessionId: expect.stringMatching(/^ps-sbx-/), status: 'REQUIRES_ACTION' });
  });

  it('an unreachable provider leaves the card pending; the retry with the same key opens the session for the same card, once', async () => {
    const me = await createCustomer(t);
    provider.gate = Promise.resolve();
    provider.next = 'unreachable';
    const before = provider.cardSaves.length;
    const first = await startSession(me, 'retry-card-0001');
    expect(first.statusCode).toBe(503);
    const [waiting] = await tokensOf(me);
    expect(waiting).toMatchObject({ status: 'pending', providerMethodId: null });
    expect(waiting!.linkDetails!.sessionId).toBeUndefined();
    provider.next = 'answer';
    const retried = await startSession(me, 'retry-card-0001');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().data.paymentMethodId).toBe(waiting!.id);
    // The sandbox makes a new session per call: a third replay answers the stored one and calls no one.
    expect((await startSession(me, 'retry-card-0001')).json().data).toEqual(retried.json().data);
    expect(provider.cardSaves.slice(before).map((c) => c.idempotencyKey)).toEqual([waiting!.id, waiting!.id]);
    expect(await tokensOf(me)).toHaveLength(1);
  });

  it('a refusal marks the card failed and says it; a replay says it again without calling', async () => {
    const me = await createCustomer(t);
    provider.next = 'refuse';
    const before = provider.cardSaves.length;
    const res = await startSession(me, 'refused-card-0001');
    provider.next = 'answer';
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/customer\.email is invalid/);
    const [row] = await tokensOf(me);
    expect(row).toMatchObject({ status: 'failed', providerMethodId: null });
    const replay = await startSession(me, 'refused-card-0001');
    expect(replay.statusCode).toBe(422);
    expect(replay.json().message).toMatch(/customer\.email is invalid/);
    expect(provider.cardSaves.length - before).toBe(1);
  });
});
