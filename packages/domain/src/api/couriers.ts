import { z } from 'zod';
import { COURIER_CATEGORIES } from '../catalogue/enums.js';
import { pageQuery } from './common.js';

/**
 * Couriers: carriers and partners we hand parcels to (DECISIONS "Couriers"): airlines and shipping lines
 * for the line haul, trucking and last-mile partners. Used in consolidation transport details and partner
 * hand-offs, so they are deactivated rather than deleted once anything points at them.
 */

/** A carrier moves parcels between our hubs (airline, shipping line, trucking); a partner delivers for us. */
export const COURIER_TYPES = ['carrier', 'partner'] as const;
export type CourierType = (typeof COURIER_TYPES)[number];
export type CourierCategory = (typeof COURIER_CATEGORIES)[number];

export const COURIER_TYPE_LABELS: Record<CourierType, string> = { carrier: 'Carrier', partner: 'Partner' };
export const COURIER_CATEGORY_LABELS: Record<CourierCategory, string> = { air: 'Air', sea: 'Sea', land: 'Land', last_mile: 'Last mile' };
/** Categories that can carry a consolidation's line haul (transport details). */
export const LINE_HAUL_CATEGORIES = ['air', 'sea'] as const satisfies readonly CourierCategory[];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const courierInput = z.object({
  name: z.string().trim().min(2, 'Enter the courier name').max(100, 'At most 100 characters'),
  type: z.enum(COURIER_TYPES, 'Choose carrier or partner'),
  category: z.enum(COURIER_CATEGORIES, 'Choose air, sea, land or last mile'),
  /** IATA airline code (PR, 5J) or the partner's short code, printed on manifests. */
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, '2 to 10 letters or digits')
    .or(z.literal('').transform(() => null))
    .nullable()
    .optional(),
  contactName: optionalText(100),
  contactNumber: optionalText(30),
  contactEmail: z
    .email('Enter a valid email')
    .or(z.literal('').transform(() => null))
    .nullable()
    .optional(),
});
export type CourierInput = z.input<typeof courierInput>;
export type ParsedCourierInput = z.output<typeof courierInput>;

/** PATCH /couriers/{id}: any of the fields (activate and deactivate have their own calls). */
export const courierUpdate = courierInput.partial();
export type CourierUpdate = z.input<typeof courierUpdate>;
export type ParsedCourierUpdate = z.output<typeof courierUpdate>;

export const courierListQuery = pageQuery.extend({
  type: z.enum(COURIER_TYPES).optional(),
  category: z.enum(COURIER_CATEGORIES).optional(),
  /** Part of the name or code, any case. */
  search: z.string().trim().max(100).optional(),
  /** The console's tabs; the spec's list shows every courier. */
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});
export type CourierListQuery = z.infer<typeof courierListQuery>;

export const courierIdParams = z.object({ id: z.uuid('Courier not found') });

export const courierCategoryParams = z.object({ category: z.enum(COURIER_CATEGORIES, 'Choose air, sea, land or last mile') });

export const courierDto = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(COURIER_TYPES),
  category: z.enum(COURIER_CATEGORIES),
  code: z.string().nullable(),
  contactName: z.string().nullable(),
  contactNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourierDto = z.infer<typeof courierDto>;

/**
 * POST /shipment-miles/{trackingNumber}/hand-off: a partner (or operations) hands a shipment to a courier
 * for one leg; recorded on the mile (courier, its reference, start) and as a mile note.
 */
export const handOffBody = z.object({
  courierId: z.uuid('Choose a courier from the list'),
  mile: z.enum(['first', 'mid', 'last']).default('last'),
  /** The courier's own tracking or job number. */
  courierReference: z.string().trim().max(100, 'At most 100 characters').optional(),
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type HandOffInput = z.input<typeof handOffBody>;
export type HandOffBody = z.output<typeof handOffBody>;
