import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { users, walletTransactions } from '../../db/schema/index.js';
import { enqueueOutbox, type OutboxHandler } from '../../platform/outbox/index.js';
import { postToWallet } from './ledger.js';
import { announceWalletChanged } from './wallet-events.js';

/**
 * Referral rewards (DECISIONS "Sales agents and referrals"): when a customer who signed up with someone's
 * agent code has their first shipment delivered, the code's owner gets a Referral credit in their wallet.
 *
 * The delivery writes an outbox job in its own transaction, keyed by the referred customer, so only their
 * first delivery ever asks; the job credits in a transaction of its own (a wallet problem never holds up a
 * delivery). Once per referred customer is kept by the ledger's unique (wallet, idempotency key) index and
 * checked under a lock on the referred customer's row, so a job run twice (a retry, two instances) credits once.
 */
export const REFERRAL_REWARD_TOPIC = 'wallet.referral_reward';

const rewardKey = (referredUserId: string) => `referral:${referredUserId}`;

/** Called in the delivery's transaction for a shipment delivered for the first time. */
export async function askForReferralReward(tx: Tx, shipment: { id: string; ownerId: string | null }): Promise<void> {
  if (!shipment.ownerId) return;
  await enqueueOutbox(tx, [
    { topic: REFERRAL_REWARD_TOPIC, payload: { referredUserId: shipment.ownerId, shipmentId: shipment.id }, dedupeKey: shipment.ownerId },
  ]);
}

/** Credits the reward; answers the referrer's id when it did (for the live balance), null when nothing was due. */
export async function creditReferralReward(tx: Tx, referredUserId: string, shipmentId: string | null, rewardInCents: number): Promise<string | null> {
  if (rewardInCents <= 0) return null;
  const [referred] = await tx.select({ id: users.id, usedAgentCode: users.usedAgentCode }).from(users).where(eq(users.id, referredUserId)).for('update');
  if (!referred?.usedAgentCode) return null;
  const [referrer] = await tx.select({ id: users.id }).from(users).where(eq(users.agentCode, referred.usedAgentCode));
  if (!referrer || referrer.id === referred.id) return null;
  const key = rewardKey(referred.id);
  const [already] = await tx
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, referrer.id), eq(walletTransactions.idempotencyKey, key)));
  if (already) return null;
  await postToWallet(tx, {
    userId: referrer.id,
    type: 'Referral',
    amountInCents: rewardInCents,
    // No name: the referrer's history says what the money is for without telling them about the person.
    description: 'Referral reward: the first delivery of someone who signed up with your code',
    idempotencyKey: key,
    meta: { referredUserId: referred.id, ...(shipmentId ? { shipmentId } : {}) },
  });
  return referrer.id;
}

export function createReferralRewardHandler(app: FastifyInstance): OutboxHandler {
  return async (job) => {
    const { referredUserId, shipmentId } = job.payload;
    if (typeof referredUserId !== 'string') return; // not ours to fix: drop it
    const referrerId = await app.db.transaction((tx) =>
      creditReferralReward(tx, referredUserId, typeof shipmentId === 'string' ? shipmentId : null, app.config.REFERRAL_REWARD_IN_CENTS),
    );
    if (referrerId) await announceWalletChanged(app, referrerId, { type: 'Referral' });
  };
}
