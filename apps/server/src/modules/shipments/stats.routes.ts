import {
  commissionStatsDto,
  commissionStatsQuery,
  dashboardStatsDto,
  dataOf,
  payoutBreakdownDto,
  payoutBreakdownQuery,
  riderStatsDto,
  salesStatsDto,
  salesStatsQuery,
  shipmentCountDto,
  statsLocationQuery,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { managesShipments } from './operations.service.js';
import { commissionStats, payoutBreakdown } from './earnings.service.js';
import { dashboardStats, ongoingShipmentsCount, riderStats, salesStats } from './stats.service.js';

const tags = ['shipments'];

function dashboardActor(actor: Actor): Actor {
  if (!actor.ability.can('admin_view', 'Dashboard') && !actor.ability.can('admin_view', 'Shipment')) {
    throw new AppError('FORBIDDEN', 'You are not allowed to see the dashboard');
  }
  return actor;
}

export const shipmentStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard-stats',
    {
      schema: {
        tags,
        summary: 'Counts by status, bookings and booked revenue today and this month (Manila days)',
        querystring: statsLocationQuery,
        response: { 200: dataOf(dashboardStatsDto) },
      },
    },
    async (request) => ({ data: await dashboardStats(app.db, dashboardActor(request.requireActor()), request.query.location) }),
  );

  app.get(
    '/ongoing-shipments-count',
    {
      schema: {
        tags,
        summary: 'Shipments on their way (dispatched, not delivered, not cancelled)',
        querystring: statsLocationQuery,
        response: { 200: dataOf(shipmentCountDto) },
      },
    },
    async (request) => ({
      data: { count: await ongoingShipmentsCount(app.db, dashboardActor(request.requireActor()), request.query.location) },
    }),
  );

  app.get(
    '/sales-stats',
    {
      schema: {
        tags,
        summary: 'Bookings and booked revenue per Manila day (default: the last 30 days)',
        querystring: salesStatsQuery,
        response: { 200: dataOf(salesStatsDto) },
      },
    },
    async (request) => {
      const actor = request.requireActor();
      if (!managesShipments(actor)) throw new AppError('FORBIDDEN', 'Only staff and admins see sales figures');
      return { data: await salesStats(app.db, actor, request.query) };
    },
  );

  app.get(
    '/rider-stats',
    { schema: { tags, summary: "A rider's day: assigned, picked up, delivered, pending, cash to collect", response: { 200: dataOf(riderStatsDto) } } },
    async (request) => {
      const actor = request.requireActor();
      if (!actor.roles.includes('rider')) throw new AppError('FORBIDDEN', 'Only riders have rider stats');
      return { data: await riderStats(app.db, actor) };
    },
  );
  app.get(
    '/commission-stats',
    {
      schema: {
        tags,
        summary: "A sales agent's commission: its customers' shipments delivered in the period, their delivery fees, the commission (own code for agents)",
        querystring: commissionStatsQuery,
        response: { 200: dataOf(commissionStatsDto) },
      },
    },
    async (request) => ({ data: await commissionStats(app.db, request.requireActor(), request.query, app.config.SALES_COMMISSION_BPS) }),
  );

  app.get(
    '/payout-breakdown',
    {
      schema: {
        tags,
        summary: "A service partner's month: retrieval and outbound fees of the shipments delivered in its provinces, less the cash it has not handed over",
        querystring: payoutBreakdownQuery,
        response: { 200: dataOf(payoutBreakdownDto) },
      },
    },
    async (request) => ({ data: await payoutBreakdown(app.db, request.requireActor(), request.query) }),
  );
};
