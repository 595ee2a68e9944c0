/**
 * Wallet: each person's wallet and its ledger (the only writer of wallet_transactions), referral rewards.
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletRoutes } from './wallet.routes.js';
import { WALLET_CHANGED_TOPIC, createWalletChangedHandler } from './wallet-events.js';

export { ensureWallet, ledgerSumInCents, postToWallet } from './ledger.js';
export { askForReferralReward } from './referral-rewards.js';
export { announceWalletChangeAfterCommit, announceWalletChanged } from './wallet-events.js';

/** Registers the module's routes (under /api). */
export const walletModule: FastifyPluginAsyncZod = async (app) => {
  // Wallet changes other modules (and this one) make announce themselves after their commit (wallet-events.ts).
  app.outbox.handle(WALLET_CHANGED_TOPIC, createWalletChangedHandler(app));
  await app.register(walletRoutes, { prefix: '/wallet' });
};
