import { z } from 'zod';
import { dayOrInstant, manilaDayOfFilter } from './common.js';

/**
 * What sales agents and service partners earn (DECISIONS "Sales agents and referrals", "Service partners"):
 * GET /shipments/commission-stats and GET /shipments/payout-breakdown. Money is integer cents; periods are
 * Manila days (a month for payouts).
 */
/** The figures are counted by Manila day: an ISO instant stands for the Manila day it falls on. */
const statsDay = dayOrInstant.transform(manilaDayOfFilter);

/** GET /shipments/commission-stats: delivered shipments of the agent's customers, by day of delivery. */
export const commissionStatsQuery = z
  .object({
    /** Default: the first day of this month. */
    startDate: statsDay.optional(),
    /** Default: today. */
    endDate: statsDay.optional(),
    /** Staff and admins name the agent; a sales agent is always itself. */
    agentCode: z.string().trim().toUpperCase().min(3, 'Enter an agent code').max(20, 'Enter an agent code').optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { path: ['endDate'], message: 'The end date must not be before the start date' });
export type CommissionStatsQuery = z.infer<typeof commissionStatsQuery>;

export const commissionStatsDto = z.object({
  agentCode: z.string(),
  agentName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The commission in basis points of the delivery fees (500 = 5%). */
  rateBasisPoints: z.number().int(),
  /** Customers who signed up with the code (all time). */
  customers: z.number().int(),
  deliveredShipments: z.number().int(),
  /** Packages and surcharges less discounts: not insurance, not pass-through fees. */
  deliveryFeesInCents: z.number().int(),
  commissionInCents: z.number().int(),
  byCustomer: z.array(
    z.object({
      customerId: z.string(),
      customerName: z.string(),
      deliveredShipments: z.number().int(),
      deliveryFeesInCents: z.number().int(),
      commissionInCents: z.number().int(),
    }),
  ),
});
export type CommissionStatsDto = z.infer<typeof commissionStatsDto>;

/** GET /shipments/payout-breakdown: one month. */
export const payoutBreakdownQuery = z.object({
  period: z.string('Choose the month').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a yyyy-MM month'),
  /** Staff and admins name the partner; a service partner is always itself. */
  partnerId: z.uuid('Choose a partner from the list').optional(),
});
export type PayoutBreakdownQuery = z.infer<typeof payoutBreakdownQuery>;

export const payoutBreakdownDto = z.object({
  period: z.string(),
  partnerId: z.string(),
  partnerName: z.string(),
  shipments: z.array(
    z.object({
      shipmentId: z.string(),
      trackingNumber: z.string(),
      deliveredAt: z.string(),
      retrievalFeeInCents: z.number().int(),
      outboundFeeInCents: z.number().int(),
      dueInCents: z.number().int(),
    }),
  ),
  /** Retrieval and outbound fees of the month's delivered shipments. */
  feesDueInCents: z.number().int(),
  /** Cash the partner collected and has not handed over (all of it, whatever the month). */
  unremittedCashInCents: z.number().int(),
  /** Fees less unremitted cash: negative when the partner owes the hub. */
  netPayoutInCents: z.number().int(),
});
export type PayoutBreakdownDto = z.infer<typeof payoutBreakdownDto>;
