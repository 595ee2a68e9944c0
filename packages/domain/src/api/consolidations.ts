import { z } from 'zod';
import { CONSOLIDATION_STATUSES, DELIVERY_STATUSES, PACKAGE_DECONSOLIDATION_STATUSES } from '../catalogue/enums.js';
import { PH_AIRPORTS } from '../catalogue/ph-airports.js';
import { trackingNumberSchema } from '../tracking-number/index.js';
import { LINE_HAUL_CATEGORIES } from './couriers.js';
import { pageQuery } from './common.js';

/**
 * Consolidations (air cargo, DECISIONS "Consolidations"): shipments flown or shipped together from one
 * Philippine airport to another under the carrier's master air waybill. pending (open: shipments added and
 * removed) → consolidated (sealed: "Loaded for shipping") → deconsolidating (at the destination: "Arrived
 * at destination port", each package confirmed) → completed.
 */

export type ConsolidationStatus = (typeof CONSOLIDATION_STATUSES)[number];
export type PackageDeconsolidationStatus = (typeof PACKAGE_DECONSOLIDATION_STATUSES)[number];

export const CONSOLIDATION_STATUS_LABELS: Record<ConsolidationStatus, string> = {
  pending: 'Pending',
  consolidated: 'Consolidated',
  deconsolidating: 'Deconsolidating',
  completed: 'Completed',
};
export const PACKAGE_STATUS_LABELS: Record<PackageDeconsolidationStatus, string> = {
  received: 'Received',
  missing: 'Missing',
  damaged: 'Damaged',
};

const AIRPORT_CODES = new Set<string>(PH_AIRPORTS.map((a) => a.iata));
export const airportName = (iata: string): string => PH_AIRPORTS.find((a) => a.iata === iata)?.city ?? iata;

export const airportCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => AIRPORT_CODES.has(code), 'Choose a Philippine airport from the list');

/** The readable tag: origin, destination, the day in Manila, a two-digit number of the day (MNL-CEB-20261122-01). */
export const CONSOLIDATION_TAG = /^[A-Z]{3}-[A-Z]{3}-\d{8}-\d{2,}$/;

/** The carrier's master air waybill (or sea waybill) number, as printed: letters, digits, hyphens. */
const masterAwbNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{4,29}$/, '5 to 30 letters, digits or hyphens, e.g. 079-12345675')
  .or(z.literal('').transform(() => null))
  .nullable()
  .optional();

const courierId = z.uuid('Choose a carrier from the list').nullable().optional();

export const createConsolidationBody = z
  .object({
    senderAirport: airportCode,
    receiverAirport: airportCode,
    type: z.enum(LINE_HAUL_CATEGORIES, 'Choose air or sea').default('air'),
    courierId,
    masterAwbNumber,
    /** Shipments to put in right away (scanned or picked). */
    trackingNumbers: z.array(trackingNumberSchema).max(500).default([]),
  })
  .refine((b) => b.senderAirport !== b.receiverAirport, { path: ['receiverAirport'], message: 'Choose a destination other than the origin' });
export type CreateConsolidationInput = z.input<typeof createConsolidationBody>;
export type CreateConsolidationBody = z.output<typeof createConsolidationBody>;

/** PUT /consolidations/{id}: the carrier and its master air waybill number (the airports are in the tag). */
export const updateConsolidationBody = z.object({ courierId, masterAwbNumber });
export type UpdateConsolidationInput = z.input<typeof updateConsolidationBody>;
export type UpdateConsolidationBody = z.output<typeof updateConsolidationBody>;

/** POST /consolidations/automated: everything waiting at the origin hub(s), one consolidation per airport pair. */
export const automatedConsolidationBody = z.object({
  /** Only this origin; every origin when left out. */
  senderAirport: airportCode.optional(),
  type: z.enum(LINE_HAUL_CATEGORIES).default('air'),
});
export type AutomatedConsolidationInput = z.input<typeof automatedConsolidationBody>;
export type AutomatedConsolidationBody = z.output<typeof automatedConsolidationBody>;

/** POST /shipments/consolidate: add or remove shipments (scanned waybill numbers or picked rows). */
export const consolidateShipmentsBody = z.object({
  consolidationId: z.uuid('Choose a consolidation'),
  action: z.enum(['add', 'remove']).default('add'),
  trackingNumbers: z.array(trackingNumberSchema).min(1, 'Scan or pick at least one shipment').max(500),
});
export type ConsolidateShipmentsInput = z.input<typeof consolidateShipmentsBody>;
export type ConsolidateShipmentsBody = z.output<typeof consolidateShipmentsBody>;

const isoTime = z.iso.datetime({ offset: true, message: 'Enter a date and time' }).nullable().optional();

/** PATCH /consolidations/shipment/{shipmentId}/transport-details. */
export const transportDetailsBody = z
  .object({
    carrierId: courierId,
    /** Flight (PR 1845) or voyage number. */
    flightNumber: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9 -]{1,19}$/, '2 to 20 letters, digits, spaces or hyphens')
      .or(z.literal('').transform(() => null))
      .nullable()
      .optional(),
    departureAt: isoTime,
    arrivalAt: isoTime,
  })
  .refine((b) => !b.departureAt || !b.arrivalAt || new Date(b.arrivalAt) >= new Date(b.departureAt), {
    path: ['arrivalAt'],
    message: 'Arrival cannot be before departure',
  });
export type TransportDetailsInput = z.input<typeof transportDetailsBody>;
export type TransportDetailsBody = z.output<typeof transportDetailsBody>;

/** POST /consolidations/{tag}/confirmPackages: the package deconsolidation status of scanned shipments. */
export const confirmPackagesBody = z.object({
  packages: z
    .array(
      z.object({
        trackingNumber: trackingNumberSchema,
        status: z.enum(PACKAGE_DECONSOLIDATION_STATUSES, 'Say whether the package came in, is missing or is damaged'),
        note: z.string().trim().max(500, 'At most 500 characters').optional(),
      }),
    )
    .min(1, 'Confirm at least one package')
    .max(500)
    .refine((list) => new Set(list.map((p) => p.trackingNumber)).size === list.length, 'Each shipment only once'),
});
export type ConfirmPackagesInput = z.input<typeof confirmPackagesBody>;
export type ConfirmPackagesBody = z.output<typeof confirmPackagesBody>;

export const consolidationListQuery = pageQuery.extend({
  status: z.enum(CONSOLIDATION_STATUSES).optional(),
  type: z.enum(LINE_HAUL_CATEGORIES).optional(),
  /** Part of the tag or the master air waybill number. */
  search: z.string().trim().max(100).optional(),
  senderAirport: airportCode.optional(),
  receiverAirport: airportCode.optional(),
});
export type ConsolidationListQuery = z.infer<typeof consolidationListQuery>;

/** The catalogue addresses one consolidation by id (GET, PUT, DELETE) and by tag (GET, lifecycle): both work everywhere. */
export const consolidationIdOrTagParams = z.object({ idOrTag: z.string().trim().min(1).max(60) });
/** GET /consolidations/tracking-number/{trackingNumber}: a master air waybill number or a shipment tracking number. */
export const consolidationTrackingParams = z.object({ trackingNumber: z.string().trim().min(3).max(40) });
/** PATCH /consolidations/shipment/{shipmentId}/transport-details. */
export const consolidationShipmentParams = z.object({ shipmentId: z.uuid('Shipment not found') });

const person = z.object({ id: z.string(), name: z.string() }).nullable();
const courierRef = z.object({ id: z.string(), name: z.string(), code: z.string().nullable() }).nullable();

export const consolidationDto = z.object({
  id: z.string(),
  tag: z.string(),
  type: z.enum(LINE_HAUL_CATEGORIES),
  senderAirport: z.string(),
  receiverAirport: z.string(),
  status: z.enum(CONSOLIDATION_STATUSES),
  masterAwbNumber: z.string().nullable(),
  courier: courierRef,
  isAutomated: z.boolean(),
  createdBy: person,
  shipmentCount: z.number().int(),
  totalPieces: z.number().int(),
  totalWeightInGrams: z.number().int(),
  confirmedCount: z.number().int(),
  consolidatedAt: z.string().nullable(),
  deconsolidationStartedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsolidationDto = z.infer<typeof consolidationDto>;

export const consolidationShipmentDto = z.object({
  shipmentId: z.string(),
  trackingNumber: z.string(),
  senderCityLabel: z.string(),
  receiverName: z.string(),
  receiverCityLabel: z.string(),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  pieces: z.number().int(),
  weightInGrams: z.number().int(),
  packageStatus: z.enum(PACKAGE_DECONSOLIDATION_STATUSES).nullable(),
  packageNote: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  carrier: courierRef,
  flightNumber: z.string().nullable(),
  departureAt: z.string().nullable(),
  arrivalAt: z.string().nullable(),
});
export type ConsolidationShipmentDto = z.infer<typeof consolidationShipmentDto>;

/** A shipment at the origin hub, for this airport pair, in no consolidation yet: what the picker offers. */
export const waitingShipmentDto = z.object({
  shipmentId: z.string(),
  trackingNumber: z.string(),
  receiverName: z.string(),
  receiverCityLabel: z.string(),
  pieces: z.number().int(),
  weightInGrams: z.number().int(),
});
export type WaitingShipmentDto = z.infer<typeof waitingShipmentDto>;

export const consolidationDetailDto = consolidationDto.extend({
  shipments: z.array(consolidationShipmentDto),
  /** Pending only (else empty): up to 200 shipments that could be added. */
  waiting: z.array(waitingShipmentDto),
});
export type ConsolidationDetailDto = z.infer<typeof consolidationDetailDto>;

/** POST /shipments/consolidate answers what happened to each number (scans are checked one by one). */
export const consolidateResultDto = z.object({
  consolidation: consolidationDetailDto,
  done: z.array(z.string()),
  refused: z.array(z.object({ trackingNumber: z.string(), reason: z.string() })),
});
export type ConsolidateResultDto = z.infer<typeof consolidateResultDto>;
