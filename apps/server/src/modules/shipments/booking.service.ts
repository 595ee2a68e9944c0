import {
  DELIVERY_TYPE_LABELS,
  findBox,
  formatMoney,
  makeTrackingNumber,
  schedulePickup,
  type PricingResult,
  type ShipmentPartyInput,
  type StaffBookingInput,
} from '@hatid/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { customerBookingBody, staffBookingBody } from '@hatid/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { shipmentActivities, shipmentPackages, shipments } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { keyUsedForAnotherRequest } from '../../platform/idempotency.js';
import { findCityMunicipality } from '../../platform/psgc/index.js';
import { findAddress, findCoveredProvince } from '../addresses/addresses.repository.js';
import { checkPlaces } from '../addresses/addresses.service.js';
import { checkDropOffHub } from '../hubs/hubs.service.js';
import { quoteShipment } from '../pricing/pricing.service.js';
import { reservePromoUse } from '../promo-codes/promo-codes.service.js';
import { assertPaymentOptionOn, type AppEnv } from '../flags/flags.service.js';
import { payShipmentByWallet } from '../wallet/wallet-payments.js';
import { paymentStatusFor } from '../transactions/shipment-payments.js';
import { authorizeBookingOwner, checkPickupProvince, mayUseSavedAddress, type BookingOwner } from './booking-access.js';
import { findInvoiceAccount, reserveOnAccount } from './on-account.js';
import type { ShipmentRow } from './shipments.repository.js';

type CustomerBooking = z.output<typeof customerBookingBody>;
type StaffBooking = z.output<typeof staffBookingBody>;
export type BookingInput = CustomerBooking &
  Partial<Pick<StaffBooking, 'ownerId' | 'source' | 'dangerousGoodsFeeInCents' | 'fuelChargeFeeInCents' | 'othersFeeInCents' | 'sizeAdjustmentFeeInCents'>> & {
    /** Booked by a business system with this API key (source external). */
    apiKeyId?: string;
  };

interface Party {
  name: string;
  mobileNumber: string;
  email: string | null;
  provinceCode: string;
  cityCode: string;
  barangayCode: string;
  streetName: string;
  cityLabel: string;
}

/**
 * A saved address or typed fields, checked against PSGC and the provinces we serve. A saved address must be
 * the owner's and one the booker may see (booking-access.ts); any other answers as if it did not exist.
 */
async function resolveParty(db: DbOrTx, booking: BookingOwner, input: ShipmentPartyInput, field: string): Promise<Party> {
  let place: Omit<Party, 'cityLabel'>;
  if ('addressId' in input) {
    const saved = await findAddress(db, input.addressId);
    if (!saved || saved.userId !== booking.owner.id || !mayUseSavedAddress(booking, saved)) {
      throw fieldError(`${field}.addressId`, 'This saved address was not found', 'NOT_FOUND');
    }
    place = saved;
  } else {
    place = { ...input, email: input.email ?? null };
  }
  await checkPlaces(db, place).catch((error: AppError) => {
    throw new AppError(error.code, error.message, error.details?.map((d) => ({ ...d, field: `${field}.${d.field}` })));
  });
  return {
    name: place.name,
    mobileNumber: place.mobileNumber,
    email: place.email,
    provinceCode: place.provinceCode,
    cityCode: place.cityCode,
    barangayCode: place.barangayCode,
    streetName: place.streetName,
    cityLabel: findCityMunicipality(place.cityCode)!.name,
  };
}

/** Same Day and Intra-City run inside one metro with its own hub: both ends in one Intra-City province. */
async function checkServiceArea(db: DbOrTx, input: BookingInput, sender: Party, receiver: Party) {
  if (input.deliveryType === 'next_day') return;
  const label = DELIVERY_TYPE_LABELS[input.deliveryType];
  const province = await findCoveredProvince(db, sender.provinceCode);
  if (!province?.isIntraCityEnabled) {
    throw fieldError('deliveryType', `${label} is not available from ${province?.name ?? 'this province'} yet`, 'RULE_BROKEN');
  }
  if (receiver.provinceCode !== sender.provinceCode) {
    throw fieldError('deliveryType', `${label} delivers within ${province.name} only`, 'RULE_BROKEN');
  }
}

/**
 * Cash upon pick up or delivery, the business's account, or the wallet. "Sender pays" is billed on the
 * account (invoice) when the owner's business is on an invoice account (on-account.ts; its credit limit is
 * checked in the booking's transaction). The wallet is the owner's own, spent only by the owner booking for
 * themselves (staff booking for a customer cannot spend the customer's money), and only while the remote
 * flag `payments.wallet` is on (issue 12).
 */
async function paymentMethodFor(db: DbOrTx, actor: Actor, owner: BookingOwner['owner'], paidBy: BookingInput['paidBy'], appEnv: AppEnv) {
  if (paidBy === 'sender' && (await findInvoiceAccount(db, owner.businessId))) return 'invoice' as const;
  if (paidBy !== 'wallet') return 'cash' as const;
  await assertPaymentOptionOn(db, appEnv, 'wallet', 'paidBy');
  if (actor.id !== owner.id) {
    throw fieldError('paidBy', "Only the customer pays from their own wallet. Choose cash upon pick up or upon delivery.", 'RULE_BROKEN');
  }
  return 'wallet' as const;
}

export interface BookingResult {
  shipment: ShipmentRow;
  quote: PricingResult;
}

/**
 * Books a shipment: checks the booker may book for the owner, resolves both parties, prices it again on the
 * server (the client's total must match), schedules the pickup, claims a unique S10 number and the promo
 * use, all in one transaction. Given a transaction (the Idempotency-Key's, see platform/idempotency.ts) it
 * runs inside it, its writes in a savepoint; nothing is announced here (the caller does, after commit).
 */
export async function bookShipment(
  db: DbOrTx,
  actor: Actor,
  input: BookingInput,
  options: { idempotencyKey?: string; now?: Date; appEnv?: AppEnv } = {},
): Promise<BookingResult> {
  const now = options.now ?? new Date();
  const ownerId = input.ownerId ?? actor.id;
  const booking = await authorizeBookingOwner(db, actor, ownerId);
  const { owner } = booking;
  const paymentMethod = await paymentMethodFor(db, actor, owner, input.paidBy, options.appEnv ?? 'development');
  const sender = await resolveParty(db, booking, input.sender, 'sender');
  const receiver = await resolveParty(db, booking, input.receiver, 'receiver');
  checkPickupProvince(booking, sender.provinceCode);
  await checkServiceArea(db, input, sender, receiver);
  // Drop Off: the sender brings the parcel to a hub of their own province instead of waiting for a rider.
  const dropOffHubId = input.shipmentType === 'Drop Off' ? await checkDropOffHub(db, input.dropOffHubId, sender.provinceCode) : null;

  const fees = {
    dangerousGoodsFeeInCents: input.dangerousGoodsFeeInCents ?? 0,
    fuelChargeFeeInCents: input.fuelChargeFeeInCents ?? 0,
    othersFeeInCents: input.othersFeeInCents ?? 0,
    sizeAdjustmentFeeInCents: input.sizeAdjustmentFeeInCents ?? 0,
  };
  const quote = await quoteShipment(db, {
    request: {
      deliveryType: input.deliveryType,
      packages: input.packages,
      declaredInsuranceValue: input.declaredInsuranceValue,
      promoCode: input.promoCode,
      ...fees,
    },
    userId: ownerId,
    receiverProvinceCode: receiver.provinceCode,
    now,
  });
  if (quote.promoCodeError) throw fieldError('promoCode', quote.promoCodeError, 'RULE_BROKEN');
  if (quote.totalInCents !== input.expectedTotalInCents) {
    throw fieldError(
      'expectedTotalInCents',
      `The price is now ${formatMoney(quote.totalInCents)}. Please review the new total and confirm again.`,
      'CONFLICT',
    );
  }
  const pickup = input.shipmentType === 'Pick Up' ? schedulePickup(now, input.deliveryType) : null;

  const shipment = await db.transaction(async (tx) => {
    // First: the business row stays locked until commit, so its on-account bookings pass the limit one at a time.
    if (paymentMethod === 'invoice') await reserveOnAccount(tx, owner.businessId!, quote.totalInCents);
    const row = await insertWithFreshTrackingNumber(tx, {
      deliveryType: input.deliveryType,
      shipmentType: input.shipmentType,
      source: input.source ?? 'app',
      paymentMethod,
      // A wallet booking is paid in this very transaction (payShipmentByWallet below), so the row is written
      // Paid at once: a second write of the new row would touch every index of the shipments table again.
      ...(paymentMethod === 'wallet' ? { paymentStatus: paymentStatusFor(quote.totalInCents, quote.totalInCents) } : {}),
      paidBy: input.paidBy,
      ...prefixed('sender', sender),
      ...prefixed('receiver', receiver),
      declaredValueInCents: Math.round((input.declaredInsuranceValue ?? 0) * 100),
      promoCode: input.promoCode ?? null,
      packagesTotalInCents: quote.packagesTotalInCents,
      surchargeInCents: quote.surchargeInCents,
      subtotalInCents: quote.subtotalInCents,
      insuranceFeeInCents: quote.insuranceValueInCents,
      retrievalFeeInCents: quote.retrievalFeeInCents,
      ...fees,
      discountInCents: quote.discountAmountInCents,
      totalInCents: quote.totalInCents,
      pricingDetails: quote as unknown as Record<string, unknown>,
      pickupDate: pickup?.date ?? null,
      dropOffHubId,
      ownerId,
      bookedById: actor.id,
      businessId: owner.businessId,
      idempotencyKey: options.idempotencyKey ?? null,
      notes: input.notes ?? null,
      apiKeyId: input.apiKeyId ?? null,
    });
    await tx.insert(shipmentPackages).values(
      input.packages.map((p, position) => {
        const priced = quote.packages[position]!;
        const box = findBox(p.boxName === 'Cargo' ? 'Your Box' : p.boxName);
        return {
          shipmentId: row.id,
          position,
          boxName: p.boxName === 'Cargo' ? ('Your Box' as const) : p.boxName,
          packagingCategory: priced.category,
          itemCategory: p.itemCategory,
          description: p.description ?? null,
          quantity: p.quantity,
          priceInCents: priced.lineTotalInCents + priced.surchargeInCents,
          basePriceInCents: priced.baseDeliveryFeeInCents,
          boxRateInCents: priced.boxRateInCents,
          imageUrl: box ? `/boxes/${box.id}.svg` : null,
          heightInCm: p.heightInCm || null,
          lengthInCm: p.lengthInCm || null,
          widthInCm: p.widthInCm || null,
          weightInGrams: Math.round(p.weightInGrams),
          chargeableWeightInGrams: priced.chargeableWeightKg === null ? null : priced.chargeableWeightKg * 1000,
        };
      }),
    );
    let booked = row;
    if (input.promoCode) {
      const { promoCodeId } = await reservePromoUse(tx, {
        code: input.promoCode,
        userId: ownerId,
        shipmentId: row.id,
        boxNames: input.packages.map((p) => p.boxName),
        packagesTotalInCents: quote.packagesTotalInCents,
        now,
      });
      const [withPromo] = await tx.update(shipments).set({ promoCodeId }).where(eq(shipments.id, row.id)).returning();
      booked = withPromo!;
    }
    await tx.insert(shipmentActivities).values({
      shipmentId: row.id,
      name: 'Order placed',
      deliveryStatus: 'Order placed',
      actorId: actor.id,
      actorName: `${actor.user.firstName} ${actor.user.lastName}`,
      createdAt: now,
    });
    // Last, so the wallet row is locked for as short a time as possible while concurrent payments queue.
    if (paymentMethod === 'wallet') await payShipmentByWallet(tx, booked, actor.id);
    return booked;
  });
  return { shipment, quote };
}

function prefixed<P extends 'sender' | 'receiver'>(prefix: P, party: Party) {
  return {
    [`${prefix}Name`]: party.name,
    [`${prefix}MobileNumber`]: party.mobileNumber,
    [`${prefix}Email`]: party.email,
    [`${prefix}ProvinceCode`]: party.provinceCode,
    [`${prefix}CityCode`]: party.cityCode,
    [`${prefix}BarangayCode`]: party.barangayCode,
    [`${prefix}StreetName`]: party.streetName,
    [`${prefix}CityLabel`]: party.cityLabel,
  } as Record<`${P}${'Name' | 'MobileNumber' | 'StreetName' | 'CityLabel' | 'ProvinceCode' | 'CityCode' | 'BarangayCode'}`, string> &
    Record<`${P}Email`, string | null>;
}

type NewShipment = Omit<typeof shipments.$inferInsert, 'trackingNumber'>;

/**
 * Random S10 serials: a collision (1 in 10^8 per pair) just draws again, inside a savepoint. The booker's
 * Idempotency-Key is unique across booking routes (shipments_booked_by_idempotency_uq), while the key
 * store is per route: a key already spent on another booking route is the client's mistake, a 422.
 */
async function insertWithFreshTrackingNumber(tx: Tx, values: NewShipment): Promise<ShipmentRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const trackingNumber = makeTrackingNumber(values.deliveryType);
    try {
      const [row] = await tx.transaction(async (sp) =>
        sp.insert(shipments).values({ ...values, trackingNumber }).returning(),
      );
      return row!;
    } catch (error) {
      if (isUniqueViolation(error, 'shipments_booked_by_idempotency_uq')) throw keyUsedForAnotherRequest();
      if (!isUniqueViolation(error, 'shipments_tracking_number_uq')) throw error;
    }
  }
  throw new AppError('INTERNAL', 'Could not allocate a tracking number');
}

/** The shipment this person booked with this Idempotency-Key, if any (on any booking route). */
export async function findBookingByIdempotencyKey(db: DbOrTx, bookedById: string, key: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.bookedById, bookedById), eq(shipments.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const code = (e as { code?: string })?.code;
  const name = (e as { constraint?: string })?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}

export type { StaffBookingInput };
