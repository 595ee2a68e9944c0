import {
  dataOf,
  errorDto,
  idempotencyHeaders,
  pageOf,
  walletAdjustmentBody,
  walletAdjustmentResultDto,
  walletBalanceDto,
  walletDto,
  walletTransactionDto,
  walletTransactionIdParams,
  walletTransactionsQuery,
  walletUserParams,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withIdempotency } from '../../platform/idempotency.js';
import { REFERRAL_REWARD_TOPIC, createReferralRewardHandler } from './referral-rewards.js';
import { activateWallet, adjustWallet, getWalletTransaction, listWalletTransactions, myWallet, walletBalance } from './wallet.service.js';

const tags = ['wallet'];
const errors = { 400: errorDto, 401: errorDto, 403: errorDto, 404: errorDto, 409: errorDto, 422: errorDto };

/**
 * The signed-in person's own wallet (DECISIONS "Roles and data scope": a customer sees only their own wallet).
 * Every role has one: staff and riders are paid back and charged like anyone. Staff adjust others' wallets.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.outbox.handle(REFERRAL_REWARD_TOPIC, createReferralRewardHandler(app));
  app.post(
    '/activate',
    {
      schema: {
        tags,
        summary: 'Activate my wallet (once; again answers the same wallet)',
        response: { 200: dataOf(walletDto), 201: dataOf(walletDto), 401: errorDto },
      },
    },
    async (request, reply) => {
      const { wallet, created } = await activateWallet(app.db, request.requireActor());
      return reply.status(created ? 201 : 200).send({ data: wallet });
    },
  );

  app.post('/me', { schema: { tags, summary: 'My wallet', response: { 200: dataOf(walletDto), 401: errorDto, 404: errorDto } } }, async (request) => ({
    data: await myWallet(app.db, request.requireActor()),
  }));

  app.get(
    '/balance',
    {
      schema: {
        tags,
        summary: 'My balance (0 and activated=false before activation)',
        response: { 200: dataOf(walletBalanceDto), 401: errorDto },
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
        params: walletTransactionIdParams,
        response: { 200: dataOf(walletTransactionDto), 401: errorDto, 404: errorDto },
      },
    },
    async (request) => ({ data: await getWalletTransaction(app.db, request.requireActor(), request.params.transactionId) }),
  );

  app.post(
    '/users/:userId/adjustments',
    {
      schema: {
        tags,
        summary: "Staff: a Manual Adjustment of someone's wallet, with the reason (activity-logged)",
        params: walletUserParams,
        headers: idempotencyHeaders,
        body: walletAdjustmentBody,
        response: { 201: dataOf(walletAdjustmentResultDto), ...errors },
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
      return reply.status(result.status).send(result.body);
    },
  );
};
