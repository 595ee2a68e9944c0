import {
  DELIVERY_TYPE_LABELS,
  findBox,
  formatMoney,
  makeTrackingNumber,
  schedulePickup,
  type PricingResult,
  type ShipmentPartyInput,
  type StaffBookingInput,
  type CustomerBookingBody as CustomerBooking,
  type StaffBookingBody as StaffBooking,
} from '@hatid/domain';
import { and, eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { shipmentActivities, shipmentPackages, shipments } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Actor } from '../../core/actor.js';
import { keyUsedForAnotherRequest } from '../../platform/idempotency.js';
import { findCityMunicipality } from '../../platform/psgc/index.js';
import { findAddress, findCoveredProvince } from '../addresses/index.js';
import { checkPlaces } from '../addresses/index.js';
import { checkDropOffHub } from '../hubs/index.js';
import { loadPricingConfig, quoteShipment } from '../pricing/index.js';
import { reservePromoUse } from '../pricing/index.js';
import { assertPaymentOptionOn, type AppEnv } from '../flags/index.js';
import { payShipmentByWallet } from './wallet-payments.js';
import { paymentStatusFor } from './shipment-payments.js';
import { authorizeBookingOwner, checkPickupProvince, mayUseSavedAddress, type BookingOwner } from './booking-access.js';
import { findInvoiceAccount, reserveOnAccount, reserveOnAccountMany } from './on-account.js';
import { announceBooked, announceBookedMany } from './shipment-events.js';
import type { PackageRow, ShipmentRow } from './shipments.repository.js';

export type BookingInput = Omit<CustomerBooking, 'textRecipientOnBooking'> &
  Partial<Pick<StaffBooking, 'ownerId' | 'source' | 'dangerousGoodsFeeInCents' | 'fuelChargeFeeInCents' | 'othersFeeInCents' | 'sizeAdjustmentFeeInCents'>> & {
    /** Booked by a business system with this API key (source external). */
    apiKeyId?: string;
    /** Text the recipient a tracking link once booked (recipient-sms module); default yes. */
    textRecipientOnBooking?: boolean;
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
 * What is the same for every booking of one batch (bulk booking, issue 33): who the booker may book for, the
 * owner's invoice account, the provinces served, the drop-off hubs, the rate card and the wallet flag. With a
 * context each is read once (by the first booking that needs it, its refusal included) and the others reuse
 * it; the rules stay the ones below, only their reads are shared. A context lives for one run (a batch's check,
 * or its booking), so what changes meanwhile is seen by the next run, and a booking re-reads under lock what
 * money depends on (the account's credit, the promo's uses, the wallet).
 */
export interface BookingContext {
  readonly loaded: Map<string, Promise<unknown>>;
}

export const newBookingContext = (): BookingContext => ({ loaded: new Map() });

/** The context's copy of `key`, loaded once; a failure that is not a rule's answer (the database) is not kept. */
function once<T>(context: BookingContext | undefined, key: string, load: () => Promise<T>): Promise<T> {
  if (!context) return load();
  const hit = context.loaded.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const loading = load();
  context.loaded.set(key, loading);
  loading.catch((error: unknown) => {
    if (!(error instanceof AppError)) context.loaded.delete(key);
  });
  return loading;
}

const coveredProvinceOf = (db: DbOrTx, context: BookingContext | undefined) => (code: string) =>
  once(context, `province:${code}`, () => findCoveredProvince(db, code));

/**
 * A saved address or typed fields, checked against PSGC and the provinces we serve. A saved address must be
 * the owner's and one the booker may see (booking-access.ts); any other answers as if it did not exist.
 */
async function resolveParty(db: DbOrTx, context: BookingContext | undefined, booking: BookingOwner, input: ShipmentPartyInput, field: string): Promise<Party> {
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
  await checkPlaces(db, place, coveredProvinceOf(db, context)).catch((error: AppError) => {
    throw new AppError(
      error.code,
      error.message,
      error.details?.map((d) => ({ ...d, field: `${field}.${d.field}` })),
    );
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
async function checkServiceArea(db: DbOrTx, context: BookingContext | undefined, input: Pick<BookingInput, 'deliveryType'>, sender: Party, receiver: Party) {
  if (input.deliveryType === 'next_day') return;
  const label = DELIVERY_TYPE_LABELS[input.deliveryType];
  const province = await coveredProvinceOf(db, context)(sender.provinceCode);
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
async function paymentMethodFor(
  db: DbOrTx,
  context: BookingContext | undefined,
  actor: Actor,
  owner: BookingOwner['owner'],
  paidBy: BookingInput['paidBy'],
  appEnv: AppEnv,
) {
  if (paidBy === 'sender' && (await once(context, `invoice:${owner.businessId}`, () => findInvoiceAccount(db, owner.businessId)))) return 'invoice' as const;
  if (paidBy !== 'wallet') return 'cash' as const;
  await once(context, `wallet-flag:${appEnv}`, () => assertPaymentOptionOn(db, appEnv, 'wallet', 'paidBy'));
  if (actor.id !== owner.id) {
    throw fieldError('paidBy', 'Only the customer pays from their own wallet. Choose cash upon pick up or upon delivery.', 'RULE_BROKEN');
  }
  return 'wallet' as const;
}

export interface BookingResult {
  shipment: ShipmentRow;
  /** Its package lines as written, in order (the answer shows them without reading them back). */
  packages: PackageRow[];
  quote: PricingResult;
}

/** What a booking would be, once every booking rule passed: who, how it is paid, both parties and the price. */
async function prepareBooking(
  db: DbOrTx,
  actor: Actor,
  input: Omit<BookingInput, 'expectedTotalInCents'>,
  now: Date,
  appEnv: AppEnv,
  context: BookingContext | undefined,
) {
  const ownerId = input.ownerId ?? actor.id;
  const booking = await once(context, `owner:${actor.id}:${ownerId}`, () => authorizeBookingOwner(db, actor, ownerId));
  const { owner } = booking;
  const paymentMethod = await paymentMethodFor(db, context, actor, owner, input.paidBy, appEnv);
  const sender = await resolveParty(db, context, booking, input.sender, 'sender');
  const receiver = await resolveParty(db, context, booking, input.receiver, 'receiver');
  checkPickupProvince(booking, sender.provinceCode);
  await checkServiceArea(db, context, input, sender, receiver);
  // Drop Off: the sender brings the parcel to a hub of their own province instead of waiting for a rider.
  const dropOffHubId =
    input.shipmentType === 'Drop Off'
      ? await once(context, `hub:${input.dropOffHubId}:${sender.provinceCode}`, () => checkDropOffHub(db, input.dropOffHubId, sender.provinceCode))
      : null;

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
    ...(context ? { config: await once(context, 'pricing', () => loadPricingConfig(db)), coveredProvince: coveredProvinceOf(db, context) } : {}),
  });
  if (quote.promoCodeError) throw fieldError('promoCode', quote.promoCodeError, 'RULE_BROKEN');
  return { ownerId, owner, paymentMethod, sender, receiver, dropOffHubId, fees, quote };
}

type Prepared = Awaited<ReturnType<typeof prepareBooking>>;

/**
 * Checks a booking by every rule `bookShipment` applies, without booking it, and answers its price (bulk booking's
 * preview, issue 33). A broken rule throws the same error the booking would.
 */
export async function checkBooking(
  db: DbOrTx,
  actor: Actor,
  input: Omit<BookingInput, 'expectedTotalInCents'>,
  options: { now?: Date; appEnv?: AppEnv; context?: BookingContext } = {},
): Promise<PricingResult> {
  return (await prepareBooking(db, actor, input, options.now ?? new Date(), options.appEnv ?? 'development', options.context)).quote;
}

/**
 * Books a shipment: checks the booker may book for the owner, resolves both parties, prices it again on the
 * server (the client's total must match), schedules the pickup, claims a unique S10 number and the promo
 * use, all in one transaction. Given a transaction (the Idempotency-Key's, see platform/idempotency.ts) it
 * writes in it, and an error leaves that transaction to be rolled back: a caller that goes on after a refused
 * booking (bulk booking) gives it a savepoint. Nothing is announced here (the caller does, after commit).
 */
export async function bookShipment(
  db: DbOrTx,
  actor: Actor,
  input: BookingInput,
  options: { idempotencyKey?: string; now?: Date; appEnv?: AppEnv; context?: BookingContext } = {},
): Promise<BookingResult> {
  const now = options.now ?? new Date();
  // A context of its own at least: the sender's and the receiver's province, asked by the parties, the service
  // area and the price, are each read once.
  const prepared = await prepareBooking(db, actor, input, now, options.appEnv ?? 'development', options.context ?? newBookingContext());
  const { ownerId, owner, paymentMethod, quote } = prepared;
  checkExpectedTotal(input, quote);

  const write = async (tx: Tx) => {
    // First: the business row stays locked until commit, so its on-account bookings pass the limit one at a time.
    if (paymentMethod === 'invoice') await reserveOnAccount(tx, owner.businessId!, quote.totalInCents);
    const row = await insertWithFreshTrackingNumber(tx, shipmentValues(actor, input, prepared, now, options.idempotencyKey));
    const packages = await tx
      .insert(shipmentPackages)
      .values(packageValues(row.id, input, quote))
      .returning();
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
    await tx.insert(shipmentActivities).values(placedActivity(row.id, actor, now));
    // Last, so the wallet row is locked for as short a time as possible while concurrent payments queue.
    if (paymentMethod === 'wallet') await payShipmentByWallet(tx, booked, actor.id);
    await announceBooked(tx, booked);
    return { shipment: booked, packages };
  };
  // In the caller's transaction (the Idempotency-Key's) the writes go straight into it: the caller rolls it all
  // back on any error, so a savepoint of their own would be two more round trips for nothing.
  const written = db instanceof PgTransaction ? await write(db as Tx) : await db.transaction(write);
  return { ...written, quote };
}

function checkExpectedTotal(input: BookingInput, quote: PricingResult) {
  if (quote.totalInCents !== input.expectedTotalInCents) {
    throw fieldError('expectedTotalInCents', `The price is now ${formatMoney(quote.totalInCents)}. Please review the new total and confirm again.`, 'CONFLICT');
  }
}

/** The shipment row a booking writes (without its tracking number, drawn at insert). */
function shipmentValues(actor: Actor, input: BookingInput, prepared: Prepared, now: Date, idempotencyKey: string | undefined): NewShipment {
  const { ownerId, owner, paymentMethod, sender, receiver, dropOffHubId, fees, quote } = prepared;
  const pickup = input.shipmentType === 'Pick Up' ? schedulePickup(now, input.deliveryType) : null;
  return {
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
    idempotencyKey: idempotencyKey ?? null,
    notes: input.notes ?? null,
    textRecipientOnBooking: input.textRecipientOnBooking ?? true,
    apiKeyId: input.apiKeyId ?? null,
  };
}

function packageValues(shipmentId: string, input: BookingInput, quote: PricingResult) {
  return input.packages.map((p, position) => {
    const priced = quote.packages[position]!;
    const box = findBox(p.boxName === 'Cargo' ? 'Your Box' : p.boxName);
    return {
      shipmentId,
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
  });
}

const placedActivity = (shipmentId: string, actor: Actor, now: Date): typeof shipmentActivities.$inferInsert => ({
  shipmentId,
  name: 'Order placed',
  deliveryStatus: 'Order placed',
  actorId: actor.id,
  actorName: `${actor.user.firstName} ${actor.user.lastName}`,
  createdAt: now,
});

export type ManyBookingResult = { ok: true; shipment: ShipmentRow } | { ok: false; error: AppError };

/**
 * Books many shipments in the caller's transaction (bulk booking, issue 33), each by the same rules and with the
 * same rows as `bookShipment`, in fewer statements: the plain ones (no promo code, not paid by wallet) are
 * written with one statement per table for all of them, and an on-account business is locked once, its credit
 * limit checked booking after booking in order (`reserveOnAccountMany`), so the limit holds for them together.
 * A booking with a promo code or paid by wallet, whose writes depend on the ones before it, goes through
 * `bookShipment`. A booking that breaks a rule answers its error and the others are booked. If writing them
 * together fails (an idempotency key already used), nothing of it stays and each plain one is booked alone.
 */
export async function bookShipments(
  tx: Tx,
  actor: Actor,
  items: { input: BookingInput; idempotencyKey: string }[],
  options: { now?: Date; appEnv?: AppEnv; context?: BookingContext } = {},
): Promise<ManyBookingResult[]> {
  const now = options.now ?? new Date();
  const results: ManyBookingResult[] = new Array(items.length);
  const refuse = (i: number, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    results[i] = { ok: false, error };
  };
  const plain: { i: number; prepared: Prepared }[] = [];
  for (const [i, { input, idempotencyKey }] of items.entries()) {
    try {
      if (input.promoCode || input.paidBy === 'wallet') {
        // In a savepoint: a refusal after its first write (the wallet's balance) must leave the others' writes standing.
        results[i] = { ok: true, shipment: (await tx.transaction((sp) => bookShipment(sp, actor, input, { ...options, now, idempotencyKey }))).shipment };
        continue;
      }
      const prepared = await prepareBooking(tx, actor, input, now, options.appEnv ?? 'development', options.context);
      checkExpectedTotal(input, prepared.quote);
      plain.push({ i, prepared });
    } catch (error) {
      refuse(i, error);
    }
  }
  if (plain.length === 0) return results;
  try {
    await tx.transaction(async (sp) => {
      const written = await writeBookings(sp, actor, items, plain, now);
      for (const [i, outcome] of written) results[i] = outcome;
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'shipments_booked_by_idempotency_uq')) throw error;
    for (const { i } of plain) {
      try {
        results[i] = {
          ok: true,
          shipment: (await tx.transaction((sp) => bookShipment(sp, actor, items[i]!.input, { ...options, now, idempotencyKey: items[i]!.idempotencyKey })))
            .shipment,
        };
      } catch (single) {
        refuse(i, single);
      }
    }
  }
  return results;
}

/** The plain bookings' writes, one statement per table (see `bookShipments`). */
async function writeBookings(
  tx: Tx,
  actor: Actor,
  items: { input: BookingInput; idempotencyKey: string }[],
  plain: { i: number; prepared: Prepared }[],
  now: Date,
): Promise<Map<number, ManyBookingResult>> {
  const outcomes = new Map<number, ManyBookingResult>();
  // On account: each business locked once, in the order of the bookings.
  let passed = plain;
  const onAccount = plain.filter((p) => p.prepared.paymentMethod === 'invoice');
  for (const businessId of new Set(onAccount.map((p) => p.prepared.owner.businessId!))) {
    const ofBusiness = onAccount.filter((p) => p.prepared.owner.businessId === businessId);
    const refusals = await reserveOnAccountMany(
      tx,
      businessId,
      ofBusiness.map((p) => p.prepared.quote.totalInCents),
    );
    ofBusiness.forEach((p, k) => {
      const refused = refusals[k];
      if (refused) outcomes.set(p.i, { ok: false, error: refused });
    });
    passed = passed.filter((p) => !outcomes.has(p.i));
  }
  // Fresh S10 numbers: one taken already (or drawn twice here) is skipped by the insert and drawn again.
  const rows = new Map<number, ShipmentRow>();
  let waiting = passed;
  for (let attempt = 0; attempt < 5 && waiting.length > 0; attempt++) {
    const drawn = new Set<string>();
    const numbered = waiting.map((p) => {
      let trackingNumber: string;
      do trackingNumber = makeTrackingNumber(items[p.i]!.input.deliveryType);
      while (drawn.has(trackingNumber));
      drawn.add(trackingNumber);
      return { ...p, trackingNumber };
    });
    const inserted = await tx
      .insert(shipments)
      .values(
        numbered.map((p) => ({ ...shipmentValues(actor, items[p.i]!.input, p.prepared, now, items[p.i]!.idempotencyKey), trackingNumber: p.trackingNumber })),
      )
      .onConflictDoNothing({ target: shipments.trackingNumber })
      .returning();
    const byNumber = new Map(inserted.map((row) => [row.trackingNumber, row]));
    for (const p of numbered) {
      const row = byNumber.get(p.trackingNumber);
      if (row) rows.set(p.i, row);
    }
    waiting = waiting.filter((p) => !rows.has(p.i));
  }
  if (waiting.length > 0) throw new AppError('INTERNAL', 'Could not allocate a tracking number');
  const booked = passed.map((p) => ({ ...p, row: rows.get(p.i)! }));
  await tx.insert(shipmentPackages).values(booked.flatMap((b) => packageValues(b.row.id, items[b.i]!.input, b.prepared.quote)));
  await tx.insert(shipmentActivities).values(booked.map((b) => placedActivity(b.row.id, actor, now)));
  await announceBookedMany(
    tx,
    booked.map((b) => b.row),
  );
  for (const b of booked) outcomes.set(b.i, { ok: true, shipment: b.row });
  return outcomes;
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
 * Random S10 serials: a collision (1 in 10^8 per pair) is skipped by the insert (no row back) and drawn again,
 * without a savepoint around each try. The booker's Idempotency-Key is unique across booking routes
 * (shipments_booked_by_idempotency_uq), while the key store is per route: a key already spent on another booking
 * route is the client's mistake, a 422 (the failed insert aborts the transaction, which the caller rolls back).
 */
async function insertWithFreshTrackingNumber(tx: Tx, values: NewShipment): Promise<ShipmentRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const trackingNumber = makeTrackingNumber(values.deliveryType);
    try {
      const [row] = await tx
        .insert(shipments)
        .values({ ...values, trackingNumber })
        .onConflictDoNothing({ target: shipments.trackingNumber })
        .returning();
      if (row) return row;
    } catch (error) {
      if (isUniqueViolation(error, 'shipments_booked_by_idempotency_uq')) throw keyUsedForAnotherRequest();
      throw error;
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

export type { StaffBookingInput };
