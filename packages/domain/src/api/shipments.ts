import { z } from 'zod';
import {
  CANCELLATION_REASONS,
  type CancellationReason,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  DELIVERY_TYPES,
  ITEM_CATEGORIES,
  PAYERS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SERVICE_TYPES,
  SHIPMENT_SOURCES,
  SHIPMENT_STATUSES,
} from '../catalogue/enums.js';
import { pricingPackageSchema, PRICING_LIMITS } from '../pricing/schema.js';
import { pricingResultDto } from '../pricing/result.js';
import { type PRICED_BOX_NAMES, packageWeightError } from '../pricing/weight.js';
import { optionalNumericField } from '../validation/numeric.js';
import { textSchema } from '../validation/index.js';
import { addressDto, addressInput } from './addresses.js';
import { trackingNumberSchema } from '../tracking-number/index.js';
import { findActivityStatus, PRIMARY_ACTIVITY } from '../status/activities.js';
import { phoneTimeSchema } from './riders.js';

/** Booking, listing, tracking and moving shipments: the shapes both the server and the web app use. */

/** A party of a shipment: a saved address by id, or the fields typed in the form (an address without its label). */
export const shipmentPartyInput = z.union([z.object({ addressId: z.uuid('Choose a saved address') }), addressInput.omit({ label: true, isDefault: true })]);
export type ShipmentPartyInput = z.infer<typeof shipmentPartyInput>;

export const bookingPackageSchema = pricingPackageSchema.extend({
  itemCategory: z.enum(ITEM_CATEGORIES, 'Choose what is inside'),
  description: z.string().trim().max(200).optional(),
});

const feeInCents = optionalNumericField({ min: 0, max: PRICING_LIMITS.maxFeeInCents, integer: true });

const bookingFields = {
  deliveryType: z.enum(DELIVERY_TYPES),
  shipmentType: z.enum(SERVICE_TYPES).default('Pick Up'),
  /** Drop Off: the Hatid hub in the sender's province where the parcel will be handed in. */
  dropOffHubId: z.uuid('Choose the hub where you will drop off the parcel').optional(),
  sender: shipmentPartyInput,
  receiver: shipmentPartyInput,
  packages: z.array(bookingPackageSchema).min(1, 'Add at least one package').max(PRICING_LIMITS.maxPackages),
  declaredInsuranceValue: optionalNumericField({ min: 0, max: PRICING_LIMITS.maxDeclaredValue }),
  promoCode: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((code) => (code ? code.toUpperCase() : null)),
  paidBy: z.enum(PAYERS),
  /**
   * The total the person saw and confirmed. The server prices again and refuses the booking when its own
   * total differs (a stale page or a tampered request), so nobody is charged a price they did not see.
   */
  expectedTotalInCents: z.number().int().min(0),
  notes: textSchema.optional(),
  /**
   * Text the recipient (receiver mobile) a tracking link now that it is booked (issue 33). The delivery texts
   * (out for delivery, failed attempt, delivered) go unless the recipient stopped them. Default: yes.
   */
  textRecipientOnBooking: z.boolean().default(true),
};

function checkWeights(packages: { boxName: (typeof PRICED_BOX_NAMES)[number]; weightInGrams: number }[], ctx: z.RefinementCtx) {
  packages.forEach((p, index) => {
    const message = packageWeightError(p.boxName, p.weightInGrams);
    if (message) ctx.addIssue({ code: 'custom', path: ['packages', index, 'weightInGrams'], message });
  });
}

export const DROP_OFF_HUB_REQUIRED = 'Choose the hub where you will drop off the parcel';

function checkDropOff(b: { shipmentType: string; dropOffHubId?: string | undefined }, ctx: z.RefinementCtx) {
  if (b.shipmentType === 'Drop Off' && !b.dropOffHubId) ctx.addIssue({ code: 'custom', path: ['dropOffHubId'], message: DROP_OFF_HUB_REQUIRED });
}

/** POST /shipments/customer: a customer books for themself. */
export const customerBookingBody = z.object(bookingFields).superRefine((b, ctx) => {
  checkWeights(b.packages, ctx);
  checkDropOff(b, ctx);
});
export type CustomerBookingInput = z.input<typeof customerBookingBody>;
export type CustomerBookingBody = z.output<typeof customerBookingBody>;

/** POST /shipments: staff and partners book for a customer ("book for other user") and may add fees. */
export const staffBookingBody = z
  .object({
    ...bookingFields,
    ownerId: z.uuid('Choose the customer'),
    source: z.enum(SHIPMENT_SOURCES).default('app'),
    dangerousGoodsFeeInCents: feeInCents,
    fuelChargeFeeInCents: feeInCents,
    othersFeeInCents: feeInCents,
    sizeAdjustmentFeeInCents: feeInCents,
  })
  .superRefine((b, ctx) => {
    checkWeights(b.packages, ctx);
    checkDropOff(b, ctx);
  });
export type StaffBookingInput = z.input<typeof staffBookingBody>;
export type StaffBookingBody = z.output<typeof staffBookingBody>;

export const duplicateShipmentBody = z.object({
  trackingNumber: trackingNumberSchema,
  expectedTotalInCents: z.number().int().min(0),
});

/** A shipment's sender or receiver as booked: a saved address's fields without its bookkeeping. */
export const shipmentAddressDto = addressDto.omit({ id: true, label: true, isDefault: true, createdAt: true });

export const shipmentPackageDto = z.object({
  id: z.string(),
  boxName: z.string(),
  category: z.string(),
  itemCategory: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.number().int(),
  priceInCents: z.number().int(),
  boxRateInCents: z.number().int().nullable(),
  basePriceInCents: z.number().int(),
  imageUrl: z.string().nullable(),
  lengthInCm: z.number().nullable(),
  widthInCm: z.number().nullable(),
  heightInCm: z.number().nullable(),
  weightInGrams: z.number().nullable(),
  chargeableWeightKg: z.number().nullable(),
});

export const shipmentDto = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  headline: z.string(),
  deliveryType: z.enum(DELIVERY_TYPES),
  shipmentType: z.enum(SERVICE_TYPES),
  source: z.enum(SHIPMENT_SOURCES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paidBy: z.enum(PAYERS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  senderAddress: shipmentAddressDto,
  receiverAddress: shipmentAddressDto,
  packages: z.array(shipmentPackageDto),
  declaredInsuranceValue: z.number(),
  promoCode: z.string().nullable(),
  packagesTotalInCents: z.number().int(),
  surchargeInCents: z.number().int(),
  subtotalInCents: z.number().int(),
  insuranceFeeInCents: z.number().int(),
  retrievalFeeInCents: z.number().int(),
  feesInCents: z.number().int(),
  discountInCents: z.number().int(),
  totalInCents: z.number().int(),
  outboundFeeInCents: z.number().int(),
  /** Cash the rider collects from the recipient on delivery; 0 when nothing is collected. */
  codAmountInCents: z.number().int(),
  reasonForCancellation: z.enum(CANCELLATION_REASONS).nullable(),
  cancellationNote: z.string().nullable(),
  pickupDate: z.string().nullable(),
  /** Drop Off: the hub where the sender hands the parcel in (GET /hubs/{id} not needed: it is here). */
  dropOffHub: z.object({ id: z.string(), name: z.string(), address: z.string(), openingHours: z.string(), mapUrl: z.string() }).nullable().optional(),
  pickupRiderId: z.string().nullable(),
  dropOffRiderId: z.string().nullable(),
  ownerId: z.string(),
  bookedById: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type ShipmentDto = z.infer<typeof shipmentDto>;

export const activityDto = z.object({
  id: z.string(),
  name: z.string(),
  customStatusName: z.string().nullable(),
  deliveryStatus: z.enum(DELIVERY_STATUSES).nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  location: z.string().nullable(),
  hideFromTimeline: z.boolean(),
  actorName: z.string().nullable(),
  /** When the server recorded it. */
  createdAt: z.string(),
  /** When it happened on the phone, when that differs from createdAt (an offline rider's action). */
  occurredAt: z.string().nullable().optional(),
  /** Who took the parcel when it was not the recipient. */
  receivedBy: z.string().nullable().optional(),
});
export type ActivityDto = z.infer<typeof activityDto>;

/** PATCH /shipments/{trackingNumber}/activities/{activityId}/hide-from-timeline. */
export const timelineActivityParams = z.object({ trackingNumber: z.string().max(40), activityId: z.uuid() });
export const hideFromTimelineBody = z.object({ hideFromTimeline: z.boolean() });

/** What anyone may see with a tracking number: statuses and cities, no names, numbers or streets. */
export const publicTrackingDto = z.object({
  trackingNumber: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  headline: z.string(),
  deliveryType: z.enum(DELIVERY_TYPES),
  origin: z.object({ cityLabel: z.string(), provinceName: z.string() }),
  destination: z.object({ cityLabel: z.string(), provinceName: z.string() }),
  pickupDate: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  timeline: z.array(
    z.object({
      name: z.string(),
      customStatusName: z.string().nullable(),
      deliveryStatus: z.enum(DELIVERY_STATUSES).nullable(),
      reason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type PublicTrackingDto = z.infer<typeof publicTrackingDto>;

const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.array(z.enum(values))])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional();

/** The catalogue's shipment filters, plus paging. Lists answer with page, limit, total, totalPages. */
export const shipmentListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  shipmentStatus: csv(SHIPMENT_STATUSES),
  deliveryStatus: csv(DELIVERY_STATUSES),
  deliveryTypes: csv(DELIVERY_TYPES),
  senderProvince: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
  receiverProvince: z
    .string()
    .regex(/^\d{10}$/)
    .optional(),
  pickupById: z.uuid().optional(),
  dropOffById: z.uuid().optional(),
  deliveryCategory: z.string().max(20).optional(),
  agentCode: z.string().max(16).optional(),
  userId: z.uuid().optional(),
  includeTransactions: z.enum(['true', 'false']).optional(),
  startDate: z.iso.date().or(z.iso.datetime()).optional(),
  endDate: z.iso.date().or(z.iso.datetime()).optional(),
  shipmentType: z.enum(SERVICE_TYPES).optional(),
});
export type ShipmentListQuery = z.infer<typeof shipmentListQuery>;

/** A shipment named in a path by its id or its tracking number (either is accepted). */
const shipmentRef = z.string().trim().min(1).max(40);
export const shipmentRefParams = z.object({ id: shipmentRef });
export const shipmentIdParams = z.object({ shipmentId: shipmentRef });
/** A shipment named in a path by its tracking number, checked only for length (a miss is a 404). */
export const shipmentTrackingParams = z.object({ trackingNumber: shipmentRef });
/** A tracking number in a path that must be a well-formed S10 number (public tracking, waybills). */
export const trackingNumberParams = z.object({ trackingNumber: trackingNumberSchema });

/** How many shipments each tab holds for the same search and filters ('All' = no tab). */
export const shipmentTabCounts = z.object({
  counts: z.record(z.string(), z.number().int()),
  /** True when some count is PostgreSQL's estimate (more than 1,000 matches). */
  estimated: z.boolean(),
});
export type ShipmentTabCounts = z.infer<typeof shipmentTabCounts>;

const deliveryStatusFields = z.object({
  activity: z.string().trim().min(1).max(100),
  customStatusName: z.string().trim().min(1).max(100).optional(),
  /** Only for an activity with a reason list ("Pick up failed", "Delivery failed"); blank = none. */
  reason: z
    .string()
    .trim()
    .max(100)
    .transform((v) => v || undefined)
    .optional(),
  note: textSchema.optional(),
  location: z.string().trim().max(200).optional(),
  /** A staff correction of a mistaken status: needs the update delivery status ability and a note. */
  correction: z.boolean().optional(),
  /** When it happened on the phone (a rider's offline action arrives later); the server keeps its own time too. */
  occurredAt: phoneTimeSchema.optional(),
  /** Delivered to someone other than the recipient: who took the parcel (e.g. "Lorna Cruz, sister"). */
  receivedBy: z.string().trim().min(2, 'Enter the name of the person who received it').max(120).optional(),
});

/**
 * A reason must come from the activity's own list, and an activity without a list (a custom status, a short
 * label, an unknown name) takes none: the database accepts only the catalogue's reasons.
 */
function checkReason(body: { activity: string; reason?: string | undefined }, ctx: z.RefinementCtx) {
  const shortLabel = (DELIVERY_STATUSES as readonly string[]).includes(body.activity) ? PRIMARY_ACTIVITY[body.activity as DeliveryStatus] : null;
  const reasons = (findActivityStatus(body.activity) ?? (shortLabel ? findActivityStatus(shortLabel) : null))?.reasons;
  if (reasons) {
    if (body.reason !== undefined && !reasons.includes(body.reason)) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: `Choose a reason: ${reasons.join(', ')}` });
    }
  } else if (body.reason !== undefined) {
    const message = body.activity === 'Custom' ? 'A custom status takes no reason' : `"${body.activity}" takes no reason`;
    ctx.addIssue({ code: 'custom', path: ['reason'], message });
  }
}

/** POST /shipments/{trackingNumber}/deliveryStatus: an activity name (or a short status label), or "Custom". */
export const deliveryStatusBody = deliveryStatusFields.superRefine(checkReason);
export type DeliveryStatusInput = z.infer<typeof deliveryStatusBody>;

export const bulkDeliveryStatusBody = deliveryStatusFields.extend({ trackingNumbers: z.array(trackingNumberSchema).min(1).max(500) }).superRefine(checkReason);

const OTHER_REASON = 'Other (please specify)' satisfies CancellationReason;
/** "Other (please specify): the words" or "Other (please specify) - the words": the words. */
const OTHER_PREFIX = /^other \(please specify\)\s*[:\-–—]?\s*/i;

/**
 * PUT /shipments/{id}/cancel: one of the six reasons, or the customer's own words in `reasonForCancellation` itself
 * (the catalogue names no other field): those are "Other (please specify)" with the words as its note. `note` is
 * still taken with "Other (please specify)".
 */
export const cancelShipmentBody = z
  .object({
    reasonForCancellation: z.string('Choose a reason').trim().min(1, 'Choose a reason').max(1024, 'Keep the reason to 1,024 characters'),
    note: z.string().trim().max(1024).optional(),
  })
  .transform((b): { reasonForCancellation: CancellationReason; note?: string | undefined } => {
    const listed = CANCELLATION_REASONS.find((r) => r.toLowerCase() === b.reasonForCancellation.toLowerCase());
    if (listed) return { reasonForCancellation: listed, note: b.note };
    const words = b.reasonForCancellation.replace(OTHER_PREFIX, '').trim();
    return { reasonForCancellation: OTHER_REASON, note: words || b.note };
  })
  .refine((b) => b.reasonForCancellation !== OTHER_REASON || (b.note ?? '').length > 0, {
    path: ['note'],
    message: 'Please tell us why you are cancelling',
  });

export const bulkResultDto = z.object({
  updated: z.array(z.string()),
  failed: z.array(z.object({ trackingNumber: z.string(), message: z.string() })),
});

export const pricedBookingPreview = pricingResultDto;
