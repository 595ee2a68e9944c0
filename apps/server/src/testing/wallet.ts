import type { TestApp } from './build-test-app.js';
import { type Session, signInAs } from './auth.js';

/** Puts money in a wallet the way staff would: a Manual Adjustment through the API. */
export async function fundWallet(t: TestApp, session: Session, amountInCents: number): Promise<void> {
  const staff = await signInAs(t, 'staff');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/wallet/users/${session.userId}/adjustments`,
    headers: { cookie: staff.cookie },
    payload: { amountInCents, reason: 'Test funds' },
  });
  if (res.statusCode !== 201) throw new Error(`funding the wallet failed: ${res.body}`);
}

export async function balanceOf(t: TestApp, session: Session): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/wallet/balance', headers: { cookie: session.cookie } });
  return res.json().data.balanceInCents;
}

/** The provider request id at the end of a sandbox checkout address. */
export const sandboxIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

/**
 * Runs the stored webhook deliveries (and any other due background work) until none is left: the webhook
 * answers 200 once a delivery is stored, and the outbox worker, not started in tests, credits it.
 */
export async function settlePayments(t: TestApp): Promise<void> {
  while ((await t.app.outbox.runOnce()) > 0);
}
