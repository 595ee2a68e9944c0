import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentRequests } from '../../db/schema/index.js';
import { paymentEvent } from '../../platform/payments/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer } from '../../testing/auth.js';
import { balanceOf, settlePayments } from '../../testing/wallet.js';
import { sweepPaymentRequests, UNSTARTED_GIVE_UP_MS } from './expiry-sweep.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const rowOf = async (id: string) => (await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.id, id)))[0]!;

describe('the payment expiry sweep', () => {
  it('expires a QR code past its time, fails a request the provider never heard of, leaves the rest, and a late payment still counts', async () => {
    const me = await createCustomer(t);
    const start = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: me.cookie }, payload });
    const qr = (await start('/api/payments/requests/otp/qr', { amountInCents: 20_000 })).json().data;
    const open = (await start('/api/payments/requests/otp/ewallet', { amountInCents: 30_000, ewallet: 'GCash' })).json().data;
    const [unstarted] = await t.database.db
      .insert(paymentRequests)
      .values({ purpose: 'wallet_top_up', channel: 'ewallet', provider: 'sandbox', amountInCents: 10_000, userId: me.userId, createdAt: new Date(Date.now() - UNSTARTED_GIVE_UP_MS - 1000) })
      .returning();

    // An hour on: the QR code (15 minutes) is past its time; the e-wallet top-up has no end.
    const later = new Date(Date.now() + 3_600_000);
    expect(await sweepPaymentRequests(t.database.db, later)).toMatchObject({ expired: 1 });
    expect((await rowOf(qr.id)).status).toBe('EXPIRED');
    expect((await rowOf(open.id)).status).toBe('REQUIRES_ACTION');
    expect(await rowOf(unstarted!.id)).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/could not be reached/) });
    expect(await sweepPaymentRequests(t.database.db, later)).toEqual({ expired: 0, failed: 0 });

    // The payer scanned just before the end and the provider's confirmation arrives after the sweep: credited.
    const row = await rowOf(qr.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/xendit',
      headers: { 'x-callback-token': t.app.payments.callbackToken },
      payload: paymentEvent('payment.succeeded', { providerRequestId: row.providerRequestId!, referenceId: row.id, amountInCents: 20_000 }),
    });
    await settlePayments(t);
    expect(await balanceOf(t, me)).toBe(20_000);
  });
});
