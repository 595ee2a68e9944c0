import { z } from 'zod';
import {
  dataOf,
  errorDto,
  pageOf,
  paymentMethodDto,
  paymentMethodIdBody,
  walletAdjustmentBody,
  walletDto,
  walletTransactionDto,
  walletTransactionsQuery,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withIdempotency } from '../../platform/idempotency.js';
import { listPaymentMethods, removePaymentMethod, setDefaultPaymentMethod } from './payment-methods.service.js';
import { REFERRAL_REWARD_TOPIC, createReferralRewardHandler } from './referral-rewards.js';
import { announceWalletChanged } from './wallet-events.js';
import { activateWallet, adjustWallet, getWalletTransaction, listWalletTransactions, myWallet, walletBalance } from './wallet.service.js';

const tags = ['wallet'];
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() });
const errors = { 400: errorDto, 401: errorDto, 403: errorDto, 404: errorDto, 409: errorDto, 422: errorDto };

/**
 * The signed-in person's own wallet (DECISIONS "Roles and data scope": a customer sees only their own wallet).
 * Every role has one: staff and riders are paid back and charged like anyone. Staff adjust others' wallets.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.outbox.handle(REFERRAL_REWARD_TOPIC, createReferralRewardHandler(app));
  app.post(
    '/activate',
    { schema: { tags, summary: 'Activate my wallet (once; again answers the same wallet)', response: { 200: dataOf(walletDto), 201: dataOf(walletDto), 401: errorDto } } },
    async (request, reply) => {
      const { wallet, created } = await activateWallet(app.db, request.requireActor());
      return reply.status(created ? 201 : 200).send({ data: wallet });
    },
  );

  app.post(
    '/me',
    { schema: { tags, summary: 'My wallet', response: { 200: dataOf(walletDto), 401: errorDto, 404: errorDto } } },
    async (request) => ({ data: await myWallet(app.db, request.requireActor()) }),
  );

  app.get(
    '/balance',
    {
      schema: {
        tags,
        summary: 'My balance (0 and activated=false before activation)',
        response: { 200: dataOf(z.object({ balanceInCents: z.number(), activated: z.boolean() })), 401: errorDto },
      },
    },
    async (request) => ({ data: await walletBalance(app.db, request.requireActor()) }),
  );

  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: 'My wallet history, newest first, optionally of one type',
        querystring: walletTransactionsQuery,
        response: { 200: pageOf(walletTransactionDto), 400: errorDto, 401: errorDto },
      },
    },
    async (request) => listWalletTransactions(app.db, request.requireActor(), request.query),
  );

  app.get(
    '/transactions/:transactionId',
    {
      schema: {
        tags,
        summary: 'One movement of my wallet',
        params: z.object({ transactionId: z.uuid('Wallet transaction not found') }),
        response: { 200: dataOf(walletTransactionDto), 401: errorDto, 404: errorDto },
      },
    },
    async (request) => ({ data: await getWalletTransaction(app.db, request.requireActor(), request.params.transactionId) }),
  );

  app.get(
    '/methods',
    { schema: { tags, summary: 'My saved payment methods (cards, linked banks and e-wallets)', response: { 200: dataOf(z.array(paymentMethodDto)), 401: errorDto } } },
    async (request) => ({ data: await listPaymentMethods(app.db, request.requireActor()) }),
  );

  app.post(
    '/methods/remove',
    { schema: { tags, summary: 'Remove a saved payment method', body: paymentMethodIdBody, response: { 200: dataOf(z.array(paymentMethodDto)), ...errors } } },
    async (request) => ({ data: await removePaymentMethod(app.db, request.requireActor(), request.body.paymentMethodId) }),
  );

  app.post(
    '/methods/default',
    { schema: { tags, summary: 'Make a saved payment method my default', body: paymentMethodIdBody, response: { 200: dataOf(z.array(paymentMethodDto)), ...errors } } },
    async (request) => ({ data: await setDefaultPaymentMethod(app.db, request.requireActor(), request.body.paymentMethodId) }),
  );

  app.post(
    '/users/:userId/adjustments',
    {
      schema: {
        tags,
        summary: "Staff: a Manual Adjustment of someone's wallet, with the reason (activity-logged)",
        params: z.object({ userId: z.uuid('User not found') }),
        headers: idempotencyHeaders,
        body: walletAdjustmentBody,
        response: { 201: dataOf(z.object({ transaction: walletTransactionDto, wallet: walletDto })), ...errors },
      },
    },
    async (request, reply) => {
      const actor = request.authorize('manage', 'Shipment');
      const { userId } = request.params;
      const result = await withIdempotency(
        app.db,
        { key: request.headers['idempotency-key'], userId: actor.id, route: `POST ${request.routeOptions.url}`, body: { userId, ...request.body } },
        async (tx) => ({ status: 201, body: { data: await adjustWallet(tx, actor, userId, request.body, request.ip) } }),
      );
      if (!result.replayed) await announceWalletChanged(app, userId);
      return reply.status(result.status).send(result.body);
    },
  );
};
