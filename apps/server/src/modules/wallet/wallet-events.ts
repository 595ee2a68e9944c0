import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { appEvent, channels } from '../../platform/events/index.js';
import { enqueueAfterCommit, type OutboxHandler } from '../../platform/outbox/index.js';

/** After a committed wallet change: the person's open pages refetch their balance and history. */
export async function announceWalletChanged(app: FastifyInstance, userId: string, payload: Record<string, unknown> = {}): Promise<void> {
  await app.events.publish(appEvent('WALLET_UPDATED', [channels.user(userId)], { userId, ...payload }));
}

/** Outbox topic of a wallet change to announce after its commit (platform/outbox/after-commit.ts). */
export const WALLET_CHANGED_TOPIC = 'wallet.changed';

/** announceWalletChanged for a change in `tx`: written with it, run by the request once it commits (or by the worker). */
export const announceWalletChangeAfterCommit = (tx: DbOrTx, userId: string, payload: Record<string, unknown> = {}) =>
  enqueueAfterCommit(tx, [{ topic: WALLET_CHANGED_TOPIC, payload: { ...payload, userId } }]);

export const createWalletChangedHandler =
  (app: FastifyInstance): OutboxHandler =>
  async (row) => {
    const { userId, ...payload } = row.payload as { userId: string } & Record<string, unknown>;
    await announceWalletChanged(app, userId, payload);
  };
