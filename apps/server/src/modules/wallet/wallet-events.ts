import type { FastifyInstance } from 'fastify';
import { appEvent, channels } from '../../platform/events/index.js';

/** After a committed wallet change: the person's open pages refetch their balance and history. */
export async function announceWalletChanged(app: FastifyInstance, userId: string, payload: Record<string, unknown> = {}): Promise<void> {
  await app.events.publish(appEvent('WALLET_UPDATED', [channels.user(userId)], { userId, ...payload }));
}
