import { and, asc, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { timelineHeadline, type ActivityDto, type ShipmentDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { shipmentActivities, shipmentPackages, shipments, type ListedPackage } from '../../db/schema/index.js';
import { findBarangay, findProvince } from '../../platform/psgc/index.js';
import type { ListedShipmentRow } from './list-rows.js';

export type ShipmentRow = typeof shipments.$inferSelect;
export type PackageRow = typeof shipmentPackages.$inferSelect;
export type ActivityRow = typeof shipmentActivities.$inferSelect;

/** Locks the row for the rest of the transaction: status moves and cancellations are serialised per shipment. */
export async function lockShipment(db: DbOrTx, id: string): Promise<ShipmentRow | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).for('update').limit(1);
  return row ?? null;
}

/**
 * Who a live shipment is for, by tracking number: what the recipient's proof on the public tracking page is
 * checked against (recipient-sms). Never answered to a browser.
 */
export async function findShipmentRecipient(
  db: DbOrTx,
  trackingNumber: string,
): Promise<{ id: string; trackingNumber: string; receiverMobileNumber: string } | null> {
  const [row] = await db
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, receiverMobileNumber: shipments.receiverMobileNumber })
    .from(shipments)
    .where(and(eq(shipments.trackingNumber, trackingNumber), isNull(shipments.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function packagesOf(db: DbOrTx, shipmentIds: string[]): Promise<Map<string, PackageRow[]>> {
  const byShipment = new Map<string, PackageRow[]>();
  if (shipmentIds.length === 0) return byShipment;
  const rows = await db.select().from(shipmentPackages).where(inArray(shipmentPackages.shipmentId, shipmentIds)).orderBy(asc(shipmentPackages.position));
  for (const row of rows) {
    const list = byShipment.get(row.shipmentId) ?? [];
    list.push(row);
    byShipment.set(row.shipmentId, list);
  }
  return byShipment;
}

export async function activitiesOf(db: DbOrTx, shipmentId: string, options: { includeHidden: boolean }): Promise<ActivityRow[]> {
  return db
    .select()
    .from(shipmentActivities)
    .where(and(eq(shipmentActivities.shipmentId, shipmentId), options.includeHidden ? undefined : eq(shipmentActivities.hideFromTimeline, false)))
    .orderBy(desc(shipmentActivities.createdAt), desc(shipmentActivities.id));
}

/** The last activity that changed the delivery status: it tells the failed-delivery and return chains apart. */
export async function lastStatusActivity(db: DbOrTx, shipmentId: string): Promise<string | null> {
  return (await lastStatusStep(db, shipmentId))?.name ?? null;
}

/**
 * lastStatusActivity with when it happened: the phone's time if it was sent from one, else the server's. A
 * status move's phone time may not be earlier than this (status.service.ts).
 */
export async function lastStatusStep(db: DbOrTx, shipmentId: string): Promise<{ name: string; at: Date } | null> {
  const [row] = await db
    .select({ name: shipmentActivities.name, occurredAt: shipmentActivities.occurredAt, createdAt: shipmentActivities.createdAt })
    .from(shipmentActivities)
    .where(and(eq(shipmentActivities.shipmentId, shipmentId), isNotNull(shipmentActivities.deliveryStatus), ne(shipmentActivities.name, 'Order cancelled')))
    .orderBy(desc(shipmentActivities.createdAt))
    .limit(1);
  return row ? { name: row.name, at: row.occurredAt ?? row.createdAt } : null;
}

function party(row: ListedShipmentRow, side: 'sender' | 'receiver') {
  const s = side === 'sender';
  const provinceCode = s ? row.senderProvinceCode : row.receiverProvinceCode;
  const barangayCode = s ? row.senderBarangayCode : row.receiverBarangayCode;
  return {
    name: s ? row.senderName : row.receiverName,
    mobileNumber: s ? row.senderMobileNumber : row.receiverMobileNumber,
    email: s ? row.senderEmail : row.receiverEmail,
    provinceCode,
    provinceName: findProvince(provinceCode)?.name ?? provinceCode,
    cityCode: s ? row.senderCityCode : row.receiverCityCode,
    cityLabel: s ? row.senderCityLabel : row.receiverCityLabel,
    barangayCode,
    barangayName: findBarangay(barangayCode)?.name ?? barangayCode,
    streetName: s ? row.senderStreetName : row.receiverStreetName,
  };
}

export function toShipmentDto(row: ListedShipmentRow, packages: readonly ListedPackage[]): ShipmentDto {
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    status: row.status,
    deliveryStatus: row.deliveryStatus,
    // A list row has no activities: a returned parcel's own page and public tracking tell the return apart.
    headline: timelineHeadline({ shipmentStatus: row.status, deliveryStatus: row.deliveryStatus, deliveredAt: row.deliveredAt }),
    deliveryType: row.deliveryType,
    shipmentType: row.shipmentType,
    source: row.source,
    paymentMethod: row.paymentMethod,
    paidBy: row.paidBy,
    paymentStatus: row.paymentStatus,
    senderAddress: party(row, 'sender'),
    receiverAddress: party(row, 'receiver'),
    packages: packages.map((p) => ({
      id: p.id,
      boxName: p.packagingCategory === 'Cargo' ? 'Cargo' : p.boxName,
      category: p.packagingCategory,
      itemCategory: p.itemCategory,
      description: p.description,
      quantity: p.quantity,
      priceInCents: p.priceInCents,
      boxRateInCents: p.boxRateInCents,
      basePriceInCents: p.basePriceInCents,
      imageUrl: p.imageUrl,
      lengthInCm: p.lengthInCm,
      widthInCm: p.widthInCm,
      heightInCm: p.heightInCm,
      weightInGrams: p.weightInGrams,
      chargeableWeightKg: p.chargeableWeightInGrams === null ? null : p.chargeableWeightInGrams / 1000,
    })),
    declaredInsuranceValue: row.declaredValueInCents / 100,
    promoCode: row.promoCode,
    packagesTotalInCents: row.packagesTotalInCents,
    surchargeInCents: row.surchargeInCents,
    subtotalInCents: row.subtotalInCents,
    insuranceFeeInCents: row.insuranceFeeInCents,
    retrievalFeeInCents: row.retrievalFeeInCents,
    feesInCents: row.dangerousGoodsFeeInCents + row.fuelChargeFeeInCents + row.othersFeeInCents + row.sizeAdjustmentFeeInCents,
    discountInCents: row.discountInCents,
    totalInCents: row.totalInCents,
    outboundFeeInCents: row.outboundFeeInCents,
    codAmountInCents: codAmountOf(row),
    reasonForCancellation: row.cancellationReason,
    cancellationNote: row.cancellationNote,
    pickupDate: row.pickupDate,
    pickupRiderId: row.pickupRiderId,
    dropOffRiderId: row.dropOffRiderId,
    ownerId: row.ownerId,
    bookedById: row.bookedById,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** Cash upon delivery: the recipient pays the shipping on delivery, so the rider collects the total. */
export function codAmountOf(row: Pick<ShipmentRow, 'paidBy' | 'paymentMethod' | 'totalInCents' | 'status'>): number {
  return row.paidBy === 'recipient' && row.paymentMethod === 'cash' && row.status !== 'Cancelled' ? row.totalInCents : 0;
}

export function toActivityDto(row: ActivityRow): ActivityDto {
  return {
    id: row.id,
    name: row.name,
    customStatusName: row.customStatusName,
    deliveryStatus: row.deliveryStatus,
    reason: row.reason,
    note: row.note,
    location: row.location,
    hideFromTimeline: row.hideFromTimeline,
    actorName: row.actorName,
    createdAt: row.createdAt.toISOString(),
    occurredAt: row.occurredAt?.toISOString() ?? null,
    receivedBy: row.receivedBy ?? null,
  };
}
