import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, json, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.js';
import { businesses } from './businesses.js';
import { at, createdAt, id, updatedAt } from './_columns.js';
import {
  boxName,
  cancellationReason,
  courierCategory,
  deliveryStatus,
  deliveryType,
  itemCategory,
  packagingCategory,
  payer,
  paymentMethod,
  paymentStatus,
  serviceType,
  shipmentSource,
  shipmentStatus,
} from './_enums.js';
import { cents } from './_money.js';
import { hubs } from './hubs.js';
import { promoCodes } from './promo-codes.js';
import { users } from './users.js';

/** Dimensions arrive with two decimals (the spec's 0.01 step); numeric keeps them exact. */
const cm = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });

/**
 * One booking. Sender and receiver are copied from the saved address at booking (a snapshot, not a
 * foreign key) so editing or deleting a saved address never rewrites a shipment, a waybill or a billing.
 * Amounts are the server's pricing result at booking; pricing_details keeps the full breakdown shown.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    /** UPU S10 layout: service letters, 8 digits, check digit, PH (DECISIONS "Tracking numbers"). */
    trackingNumber: text('tracking_number').notNull(),
    status: shipmentStatus('status').notNull().default('Pending'),
    deliveryStatus: deliveryStatus('delivery_status').notNull().default('Order placed'),
    deliveryType: deliveryType('delivery_type').notNull(),
    /** The spec's shipmentType: whether a rider picks the parcel up or the sender drops it off. */
    shipmentType: serviceType('shipment_type').notNull().default('Pick Up'),
    /** How the line haul travels (air, sea, land, last mile only); set when the shipment is routed. */
    deliveryCategory: courierCategory('delivery_category'),
    source: shipmentSource('source').notNull().default('app'),
    paymentMethod: paymentMethod('payment_method').notNull(),
    paidBy: payer('paid_by').notNull(),
    /** Derived from non-void transactions (DECISIONS "Transactions"); stored so lists can filter on it. */
    paymentStatus: paymentStatus('payment_status').notNull().default('Pending'),

    senderName: text('sender_name').notNull(),
    senderMobileNumber: text('sender_mobile_number').notNull(),
    senderEmail: text('sender_email'),
    senderProvinceCode: text('sender_province_code').notNull(),
    senderCityCode: text('sender_city_code').notNull(),
    senderBarangayCode: text('sender_barangay_code').notNull(),
    senderStreetName: text('sender_street_name').notNull(),
    senderCityLabel: text('sender_city_label').notNull(),

    receiverName: text('receiver_name').notNull(),
    receiverMobileNumber: text('receiver_mobile_number').notNull(),
    receiverEmail: text('receiver_email'),
    receiverProvinceCode: text('receiver_province_code').notNull(),
    receiverCityCode: text('receiver_city_code').notNull(),
    receiverBarangayCode: text('receiver_barangay_code').notNull(),
    receiverStreetName: text('receiver_street_name').notNull(),
    receiverCityLabel: text('receiver_city_label').notNull(),

    declaredValueInCents: cents('declared_value_in_cents').notNull().default(0),
    /** restrict: a code that was used stays (soft-deleted) so the discount keeps its reason. */
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'restrict' }),
    /** The code as typed at booking, kept even if the promo is renamed later. */
    promoCode: text('promo_code'),

    packagesTotalInCents: cents('packages_total_in_cents').notNull().default(0),
    /** Own-box surcharges and the Same Day fee: the spec's pricing "surcharge". */
    surchargeInCents: cents('surcharge_in_cents').notNull().default(0),
    subtotalInCents: cents('subtotal_in_cents').notNull().default(0),
    insuranceFeeInCents: cents('insurance_fee_in_cents').notNull().default(0),
    retrievalFeeInCents: cents('retrieval_fee_in_cents').notNull().default(0),
    dangerousGoodsFeeInCents: cents('dangerous_goods_fee_in_cents').notNull().default(0),
    fuelChargeFeeInCents: cents('fuel_charge_fee_in_cents').notNull().default(0),
    othersFeeInCents: cents('others_fee_in_cents').notNull().default(0),
    sizeAdjustmentFeeInCents: cents('size_adjustment_fee_in_cents').notNull().default(0),
    discountInCents: cents('discount_in_cents').notNull().default(0),
    totalInCents: cents('total_in_cents').notNull().default(0),
    /** What we owe the partner who delivers the last leg; a cost, not part of the customer's total. */
    outboundFeeInCents: cents('outbound_fee_in_cents').notNull().default(0),
    pricingDetails: jsonb('pricing_details').$type<Record<string, unknown>>().notNull().default({}),

    cancellationReason: cancellationReason('cancellation_reason'),
    /** Free text for "Other (please specify)". */
    cancellationNote: text('cancellation_note'),
    cancelledAt: at('cancelled_at'),
    cancelledById: uuid('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),

    /** A calendar day in Asia/Manila, not an instant. */
    pickupDate: date('pickup_date', { mode: 'string' }),
    /** Drop Off: the hub the sender hands the parcel in at (restrict: hubs are deactivated, never deleted). */
    dropOffHubId: uuid('drop_off_hub_id').references(() => hubs.id, { onDelete: 'restrict' }),
    /** Assignments, not history (activities keep who did what), so a vanished rider just unassigns. */
    pickupRiderId: uuid('pickup_rider_id').references(() => users.id, { onDelete: 'set null' }),
    dropOffRiderId: uuid('drop_off_rider_id').references(() => users.id, { onDelete: 'set null' }),

    /** restrict: money and history hang off these; people are deactivated, never deleted. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bookedById: uuid('booked_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'restrict' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** The caller's own order id (Shopify order, partner system) for external sources. */
    externalReference: text('external_reference'),
    /** Idempotency-Key of the booking request: a retried booking returns the first shipment. */
    idempotencyKey: text('idempotency_key'),

    /** The sender's note for the rider ("call before pickup"). */
    notes: text('notes'),
    /** The sender's booking option: text the recipient a tracking link when it is booked (issue 33; migration 0036). */
    textRecipientOnBooking: boolean('text_recipient_on_booking').notNull().default(true),
    /**
     * The package lines as a list row shows them, a copy of shipment_packages (the record) kept by the database
     * itself on every write of the lines (migration 0020): a page reads each shipment's row and nothing else.
     */
    packageLines: json('package_lines').$type<ListedPackage[]>().notNull().default(sql`'[]'::json`),
    deliveredAt: at('delivered_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_tracking_number_uq').on(t.trackingNumber),
    // Also every lookup by booker alone (booked_by_id leads it): a separate index on booked_by_id was one more
    // entry for every booking to write and served nothing this one does not (issue 34, migration 0040).
    uniqueIndex('shipments_booked_by_idempotency_uq').on(t.bookedById, t.idempotencyKey),
    // List filters of GET /shipments*.
    index('shipments_owner_created_idx').on(t.ownerId, t.createdAt),
    index('shipments_business_created_idx').on(t.businessId, t.createdAt),
    // What a business owes on account (on-account.ts) reads shipments_on_account_owed_idx (migration 0024: partial on
    // unpaid live invoice shipments, total INCLUDEd, which drizzle cannot declare).
    index('shipments_created_idx').on(t.createdAt),
    index('shipments_delivery_status_created_idx').on(t.deliveryStatus, t.createdAt),
    index('shipments_status_created_idx').on(t.status, t.createdAt),
    index('shipments_sender_province_idx').on(t.senderProvinceCode, t.createdAt),
    index('shipments_receiver_province_idx').on(t.receiverProvinceCode, t.createdAt),
    index('shipments_pickup_rider_idx').on(t.pickupRiderId, t.createdAt),
    index('shipments_drop_off_rider_idx').on(t.dropOffRiderId, t.createdAt),
    // A rider's list, newest first, live shipments only (migration 0012).
    index('shipments_pickup_rider_list_idx').on(t.pickupRiderId, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL AND ${t.pickupRiderId} IS NOT NULL`),
    index('shipments_drop_off_rider_list_idx').on(t.dropOffRiderId, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL AND ${t.dropOffRiderId} IS NOT NULL`),
    index('shipments_delivered_idx').on(t.deliveredAt),
    index('shipments_promo_code_idx').on(t.promoCodeId),
    index('shipments_sender_mobile_idx').on(t.senderMobileNumber),
    index('shipments_receiver_mobile_idx').on(t.receiverMobileNumber),
    // Search (lists.service.ts searchCondition): part of a name through trigrams (pg_trgm, in PGlite too). The
    // start of a tracking number is found through a pattern-ops btree holding each live shipment's booking time
    // and id too (migration 0019: drizzle cannot declare INCLUDE; the unique index's collation is not C, so
    // LIKE 'ND123%' cannot use it).
    index('shipments_sender_name_trgm_idx').using('gin', sql`${t.senderName} gin_trgm_ops`),
    index('shipments_receiver_name_trgm_idx').using('gin', sql`${t.receiverName} gin_trgm_ops`),
    check('shipments_tracking_number_format', sql`${t.trackingNumber} ~ '^(ND|SD|IC)[0-9]{9}PH$'`),
    check(
      'shipments_money_non_negative',
      sql`${t.declaredValueInCents} >= 0 AND ${t.packagesTotalInCents} >= 0 AND ${t.surchargeInCents} >= 0
        AND ${t.subtotalInCents} >= 0 AND ${t.insuranceFeeInCents} >= 0 AND ${t.retrievalFeeInCents} >= 0
        AND ${t.dangerousGoodsFeeInCents} >= 0 AND ${t.fuelChargeFeeInCents} >= 0 AND ${t.othersFeeInCents} >= 0
        AND ${t.sizeAdjustmentFeeInCents} >= 0 AND ${t.discountInCents} >= 0 AND ${t.totalInCents} >= 0
        AND ${t.outboundFeeInCents} >= 0`,
    ),
    // DECISIONS "Pricing": the promo applies to the packages total only, and the sums must add up.
    check('shipments_discount_within_packages', sql`${t.discountInCents} <= ${t.packagesTotalInCents}`),
    check('shipments_subtotal_sum', sql`${t.subtotalInCents} = ${t.packagesTotalInCents} + ${t.surchargeInCents}`),
    check(
      'shipments_total_sum',
      sql`${t.totalInCents} = ${t.subtotalInCents} + ${t.insuranceFeeInCents} + ${t.retrievalFeeInCents}
        + ${t.dangerousGoodsFeeInCents} + ${t.fuelChargeFeeInCents} + ${t.othersFeeInCents}
        + ${t.sizeAdjustmentFeeInCents} - ${t.discountInCents}`,
    ),
    check('shipments_cancellation_has_reason', sql`(${t.status} = 'Cancelled') = (${t.cancellationReason} IS NOT NULL)`),
    check('shipments_other_reason_has_note', sql`${t.cancellationReason} IS DISTINCT FROM 'Other (please specify)' OR ${t.cancellationNote} IS NOT NULL`),
  ],
);

/**
 * A package line as list rows carry it (shipments.package_lines, migration 0020's shipment_package_lines_refresh):
 * a shipment_packages row without its shipment, booking time or audit. Written out rather than derived from
 * shipmentPackages, which refers back to shipments.
 */
export interface ListedPackage {
  id: string;
  position: number;
  boxName: (typeof boxName.enumValues)[number];
  packagingCategory: (typeof packagingCategory.enumValues)[number];
  itemCategory: (typeof itemCategory.enumValues)[number] | null;
  description: string | null;
  quantity: number;
  priceInCents: number;
  basePriceInCents: number;
  boxRateInCents: number | null;
  imageUrl: string | null;
  heightInCm: number | null;
  lengthInCm: number | null;
  widthInCm: number | null;
  weightInGrams: number;
  chargeableWeightInGrams: number | null;
}

/** Lines of a booking, priced at booking; prices are per line (base or box rate × quantity). */
export const shipmentPackages = pgTable(
  'shipment_packages',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    boxName: boxName('box_name').notNull(),
    packagingCategory: packagingCategory('packaging_category').notNull(),
    /** What is inside (the spec's item categories). */
    itemCategory: itemCategory('item_category'),
    description: text('description'),
    quantity: integer('quantity').notNull().default(1),
    priceInCents: cents('price_in_cents').notNull(),
    /** boxBaseDetails.basePriceInCents at booking. */
    basePriceInCents: cents('base_price_in_cents').notNull(),
    boxRateInCents: cents('box_rate_in_cents'),
    imageUrl: text('image_url'),
    heightInCm: cm('height_in_cm'),
    lengthInCm: cm('length_in_cm'),
    widthInCm: cm('width_in_cm'),
    weightInGrams: integer('weight_in_grams').notNull().default(0),
    chargeableWeightInGrams: integer('chargeable_weight_in_grams'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipment_packages_shipment_idx').on(t.shipmentId),
    check('shipment_packages_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'shipment_packages_money_non_negative',
      sql`${t.priceInCents} >= 0 AND ${t.basePriceInCents} >= 0 AND (${t.boxRateInCents} IS NULL OR ${t.boxRateInCents} >= 0)`,
    ),
    check(
      'shipment_packages_measures_non_negative',
      sql`${t.weightInGrams} >= 0 AND (${t.chargeableWeightInGrams} IS NULL OR ${t.chargeableWeightInGrams} >= 0)
        AND (${t.heightInCm} IS NULL OR ${t.heightInCm} > 0) AND (${t.lengthInCm} IS NULL OR ${t.lengthInCm} > 0)
        AND (${t.widthInCm} IS NULL OR ${t.widthInCm} > 0)`,
    ),
  ],
);
