import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentRequests } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { SandboxPaymentProvider, type ChargeInput } from '../../platform/payments/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, type Session } from '../../testing/auth.js';

/**
 * A provider the test steers: each charge waits until the test lets it answer, or fails as told. It stands for
 * a slow or broken network between us and Xendit.
 */
class SteeredProvider extends SandboxPaymentProvider {
  calls: ChargeInput[] = [];
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
    const [reserved] = await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, provider.calls.at(-1)!.referenceId));
    expect(reserved).toMatchObject({ status: 'PENDING', providerRequestId: null, amountInCents: 50_000 });
    release();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ id: reserved!.id, status: 'REQUIRES_ACTION', checkoutUrl: expect.stringContaining('/api/payments/sandbox/checkout/') });
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
