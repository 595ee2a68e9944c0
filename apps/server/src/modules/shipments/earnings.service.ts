import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { CommissionStatsDto, CommissionStatsQuery, PayoutBreakdownDto, PayoutBreakdownQuery } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { shipments, users } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { outstandingCash } from '../collections/index.js';
import { loadUserWithRoles } from '../users/index.js';
import { managesShipments } from './operations.service.js';
import { manilaDayStart, manilaNextDayStart, manilaToday } from '../../core/manila-time.js';
import { partnerScope } from '../partners/index.js';

/**
 * What sales agents and service partners earn (DECISIONS "Sales agents and referrals", "Service partners").
 * Staff and admins (manage Shipment) look at anyone's; an agent or a partner at its own only.
 */
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/**
 * The delivery fees a commission is taken from: packages and surcharges (own box, same day) less the discount,
 * never below zero. Insurance and pass-through fees (retrieval, dangerous goods, fuel, others, size) are left out.
 */
const deliveryFees = sql<string>`coalesce(sum(greatest(${shipments.subtotalInCents} - ${shipments.discountInCents}, 0)), 0)`;

/** GET /shipments/commission-stats. */
export async function commissionStats(
  db: DbOrTx,
  actor: Actor,
  query: CommissionStatsQuery,
  rateBasisPoints: number,
  now = new Date(),
): Promise<CommissionStatsDto> {
  const isAgent = actor.roles.includes('sales_agent');
  if (!isAgent && !managesShipments(actor)) throw new AppError('FORBIDDEN', 'Only sales agents, staff and admins see commissions');
  let agentCode = query.agentCode;
  if (!managesShipments(actor)) {
    // An agent sees its own code's figures; another code is refused (not 404: the agent asked by name).
    if (agentCode && agentCode !== actor.user.agentCode) throw new AppError('FORBIDDEN', 'You see the commission of your own agent code only');
    agentCode = actor.user.agentCode ?? undefined;
  }
  if (!agentCode) throw fieldError('agentCode', 'Enter an agent code');
  const [agent] = await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(eq(users.agentCode, agentCode)).limit(1);
  if (!agent) throw notFound('Agent');

  const today = manilaToday(now);
  const startDate = query.startDate ?? `${today.slice(0, 8)}01`;
  const endDate = query.endDate ?? today;
  if (startDate > endDate) throw fieldError('endDate', 'The end date must not be before the start date');

  const customers = await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(eq(users.usedAgentCode, agentCode));
  const rows =
    customers.length === 0
      ? []
      : await db
          .select({ ownerId: shipments.ownerId, delivered: sql<number>`count(*)::int`, fees: deliveryFees })
          .from(shipments)
          .where(
            and(
              inArray(
                shipments.ownerId,
                customers.map((c) => c.id),
              ),
              isNull(shipments.deletedAt),
              eq(shipments.deliveryStatus, 'Delivered'),
              isNotNull(shipments.deliveredAt),
              gte(shipments.deliveredAt, manilaDayStart(startDate)),
              lt(shipments.deliveredAt, manilaNextDayStart(endDate)),
            ),
          )
          .groupBy(shipments.ownerId);
  const names = new Map(customers.map((c) => [c.id, fullName(c.first, c.last)]));
  // Commission per customer, rounded down to the centavo; the total is their sum (so the rows add up).
  const byCustomer = rows
    .map((r) => {
      const fees = Number(r.fees);
      return {
        customerId: r.ownerId,
        customerName: names.get(r.ownerId) ?? '',
        deliveredShipments: Number(r.delivered),
        deliveryFeesInCents: fees,
        commissionInCents: Math.floor((fees * rateBasisPoints) / 10_000),
      };
    })
    .sort((a, b) => b.commissionInCents - a.commissionInCents || a.customerName.localeCompare(b.customerName));
  const sum = (pick: (r: (typeof byCustomer)[number]) => number) => byCustomer.reduce((total, r) => total + pick(r), 0);
  return {
    agentCode,
    agentName: fullName(agent.first, agent.last),
    startDate,
    endDate,
    rateBasisPoints,
    customers: customers.length,
    deliveredShipments: sum((r) => r.deliveredShipments),
    deliveryFeesInCents: sum((r) => r.deliveryFeesInCents),
    commissionInCents: sum((r) => r.commissionInCents),
    byCustomer,
  };
}

/** GET /shipments/payout-breakdown: a partner's month. */
export async function payoutBreakdown(db: DbOrTx, actor: Actor, query: PayoutBreakdownQuery): Promise<PayoutBreakdownDto> {
  const isPartner = actor.roles.includes('service_partner');
  if (!isPartner && !managesShipments(actor)) throw new AppError('FORBIDDEN', 'Only service partners, staff and admins see payouts');
  let partnerId = query.partnerId;
  if (!managesShipments(actor)) {
    if (partnerId && partnerId !== actor.id) throw new AppError('FORBIDDEN', 'You see your own payout only');
    partnerId = actor.id;
  }
  if (!partnerId) throw fieldError('partnerId', 'Choose a partner from the list');
  const partner = await loadUserWithRoles(db, partnerId);
  if (!partner?.roles.some((r) => r.name === 'service_partner')) throw notFound('Partner');

  const start = manilaDayStart(`${query.period}-01`);
  const [year, month] = query.period.split('-').map(Number) as [number, number];
  const next = manilaDayStart(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`);
  const delivered = await db
    .select({
      shipmentId: shipments.id,
      trackingNumber: shipments.trackingNumber,
      deliveredAt: shipments.deliveredAt,
      retrievalFeeInCents: shipments.retrievalFeeInCents,
      outboundFeeInCents: shipments.outboundFeeInCents,
    })
    .from(shipments)
    .where(
      and(
        partnerScope(partnerId),
        isNull(shipments.deletedAt),
        eq(shipments.deliveryStatus, 'Delivered'),
        gte(shipments.deliveredAt, start),
        lt(shipments.deliveredAt, next),
      ),
    )
    .orderBy(shipments.deliveredAt, shipments.trackingNumber);
  const lines = delivered.map((s) => ({
    shipmentId: s.shipmentId,
    trackingNumber: s.trackingNumber,
    deliveredAt: s.deliveredAt!.toISOString(),
    retrievalFeeInCents: s.retrievalFeeInCents,
    outboundFeeInCents: s.outboundFeeInCents,
    dueInCents: s.retrievalFeeInCents + s.outboundFeeInCents,
  }));
  const feesDue = lines.reduce((sum, l) => sum + l.dueInCents, 0);
  const unremitted = (await outstandingCash(db, { userId: partnerId })).reduce((sum, l) => sum + l.amountInCents, 0);
  return {
    period: query.period,
    partnerId,
    partnerName: fullName(partner.firstName, partner.lastName),
    shipments: lines,
    feesDueInCents: feesDue,
    unremittedCashInCents: unremitted,
    netPayoutInCents: feesDue - unremitted,
  };
}
