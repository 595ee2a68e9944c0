import { z } from 'zod';
import { COURIER_CATEGORIES, DELIVERY_STATUSES, DELIVERY_TYPES, PAYMENT_STATUSES, SHIPMENT_STATUSES } from '../catalogue/enums.js';
import { SHIPMENT_SORT_KEYS } from '../status/tabs.js';
import { trackingNumberSchema } from '../tracking-number/index.js';
import { dayOrInstant, manilaDayOfFilter, pageOf } from './common.js';
import { shipmentDto, shipmentListQuery, shipmentTabCounts } from './shipments.js';

/** The shipment lists, their export, the dashboard stats and the operations calls on shipments (staff). */

const provinceCode = z.string().regex(/^\d{10}$/, 'Choose a province from the list');

/** One value, repeated keys (`?deliveryTypes=a&deliveryTypes=b`) or a comma list (`?deliveryTypes=a,b`). */
const listOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)))
    .optional()
    .describe(`One or more of: ${values.join(', ')} (repeat the key or separate with commas)`);

/** The catalogue's shipment filters (`shipmentListQuery`) with multi-value filters and `location`. */
export const shipmentListFiltersQuery = shipmentListQuery.extend({
  shipmentStatus: listOf(SHIPMENT_STATUSES),
  deliveryStatus: listOf(DELIVERY_STATUSES),
  deliveryTypes: listOf(DELIVERY_TYPES),
  // The column is an enum: an unknown value must be a 400, not a database error.
  deliveryCategory: z.enum(COURIER_CATEGORIES).optional(),
  agentCode: z
    .string()
    .trim()
    .max(16)
    .transform((v) => v.toUpperCase())
    .optional(),
  /** A province code: shipments picked up or delivered there. */
  location: provinceCode.optional(),
  /** A service partner: shipments picked up or delivered in the provinces it serves (the /partners screen). */
  partnerId: z.uuid('Choose a partner from the list').optional(),
});
export type ShipmentListFiltersQuery = z.output<typeof shipmentListFiltersQuery>;
export type ShipmentListFilters = Omit<ShipmentListFiltersQuery, 'page' | 'limit'>;

/** A page's own options: its order, and whether the answer carries the per-tab counts of the same filters. */
export const shipmentPageQuery = shipmentListFiltersQuery.extend({
  sortBy: z.enum(SHIPMENT_SORT_KEYS).optional().describe('createdAt (the booking time; the only sort)'),
  sortOrder: z.enum(['asc', 'desc']).optional().describe('desc (default) or asc'),
  tabCounts: z.enum(['true', 'false']).optional().describe('true: also count each tab (delivery statuses and Cancelled) for the same search and filters'),
});
export type ShipmentPageQuery = z.output<typeof shipmentPageQuery>;

export const shipmentExportQuery = shipmentListFiltersQuery.omit({ page: true, limit: true }).extend({
  filename: z.string().trim().max(120).optional(),
});

/**
 * GET /shipments/me/rider/courier: a rider's active assignments, with the shipment filters and a page's options as
 * the other lists; a query parameter it does not know is refused with a 400 naming it, not dropped (issue 33).
 */
export const riderAssignmentsQuery = z.strictObject(shipmentPageQuery.shape);

/** The dashboard counts, for one province or everywhere. */
export const statsLocationQuery = z.object({ location: provinceCode.optional() });

/** Counted by Manila day: a day, or an ISO instant standing for the Manila day it falls on. */
const statsDay = dayOrInstant.transform(manilaDayOfFilter);
export const salesStatsQuery = z
  .object({ startDate: statsDay.optional(), endDate: statsDay.optional() })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    path: ['endDate'],
    message: 'The end date must not be before the start date',
  });

const countsOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object(Object.fromEntries(values.map((v) => [v, z.number().int()])) as Record<T[number], z.ZodNumber>);

export const dashboardStatsDto = z.object({
  total: z.number().int(),
  /** Shipments not cancelled, by where they are. */
  byDeliveryStatus: countsOf(DELIVERY_STATUSES),
  byStatus: countsOf(SHIPMENT_STATUSES),
  bookedToday: z.number().int(),
  revenueTodayInCents: z.number().int(),
  revenueThisMonthInCents: z.number().int(),
});
export type DashboardStatsDto = z.infer<typeof dashboardStatsDto>;

export const salesStatsDto = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totalBookings: z.number().int(),
  totalRevenueInCents: z.number().int(),
  days: z.array(z.object({ date: z.string(), bookings: z.number().int(), revenueInCents: z.number().int() })),
});
export type SalesStatsDto = z.infer<typeof salesStatsDto>;

export const riderStatsDto = z.object({
  assignedToday: z.number().int(),
  pickedUpToday: z.number().int(),
  deliveredToday: z.number().int(),
  pending: z.number().int(),
  codToCollectInCents: z.number().int(),
  /** Cash the rider received (non-void) and has not yet handed over in a completed collection. */
  cashOnHandInCents: z.number().int(),
  /** Cash the rider recorded short of what was due (with a reason), on shipments still not paid in full. */
  cashShortInCents: z.number().int(),
});
export type RiderStatsDto = z.infer<typeof riderStatsDto>;

/** PUT /shipments/{id}: only the fields present change; null clears an assignment or a category. */
export const updateShipmentBody = z
  .object({
    pickupRiderId: z.uuid().nullable().optional(),
    dropOffRiderId: z.uuid().nullable().optional(),
    notes: z.string().trim().max(1024).nullable().optional(),
    deliveryCategory: z.enum(COURIER_CATEGORIES).nullable().optional(),
    outboundFeeInCents: z.number().int().min(0).max(10_000_000).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type UpdateShipmentInput = z.input<typeof updateShipmentBody>;
export type UpdateShipmentBody = z.output<typeof updateShipmentBody>;

const trackingNumbers = z.array(trackingNumberSchema).min(1, 'Choose at least one shipment').max(500);

export const paymentStatusBody = z.object({ paymentStatus: z.enum(PAYMENT_STATUSES) });
export const bulkPaymentStatusBody = paymentStatusBody.extend({ trackingNumbers });
export const outboundFeeBody = z.object({
  trackingNumbers,
  outboundFeeInCents: z.number().int().min(0).max(10_000_000),
});

export const shipmentWeightDto = z.object({
  id: z.string(),
  shipmentPackageId: z.string().nullable(),
  weightInGrams: z.number().int(),
  lengthInCm: z.number().nullable(),
  widthInCm: z.number().nullable(),
  heightInCm: z.number().nullable(),
  volumetricWeightInGrams: z.number().int().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type ShipmentWeightDto = z.infer<typeof shipmentWeightDto>;

/**
 * A page of shipments. Large results carry an estimated total (`totalIsEstimate`; the UI shows it as "about");
 * with ?tabCounts=true the answer also carries each tab's count for the same filters.
 */
export const shipmentPage = pageOf(shipmentDto).extend({ totalIsEstimate: z.boolean(), tabCounts: shipmentTabCounts.optional() });
export type ShipmentPage = z.infer<typeof shipmentPage>;

/** GET /shipments/ongoing-shipments-count. */
export const shipmentCountDto = z.object({ count: z.number().int() });
