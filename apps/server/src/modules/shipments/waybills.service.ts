import { and, inArray } from 'drizzle-orm';
import { formatMobileNumber } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { shipments } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import type { WaybillData } from '../../platform/waybill/index.js';
import { dropOffHubsOf, type DropOffHub } from '../hubs/index.js';
import { codAmountOf, packagesOf, toShipmentDto, type ShipmentRow } from './shipments.repository.js';
import { shipmentScope } from './shipments.scope.js';
import { languagesOfUsers } from '../../core/language.js';

/**
 * The label data of shipments the actor may see, in the order asked; any other number is a 404 naming it.
 * A cancelled one is refused (422 naming it on its place), or with `skipCancelled` left out and named in
 * `skipped`, so a batch prints the others; when every one is cancelled there is nothing to print (422).
 */
export async function loadWaybills(db: Db, actor: Actor, trackingNumbers: string[]): Promise<WaybillData[]> {
  return (await loadWaybillBatch(db, actor, trackingNumbers, { skipCancelled: false })).items;
}

export async function loadWaybillBatch(
  db: Db,
  actor: Actor,
  trackingNumbers: string[],
  { skipCancelled }: { skipCancelled: boolean },
): Promise<{ items: WaybillData[]; skipped: string[] }> {
  const wanted = [...new Set(trackingNumbers.map((n) => n.trim().toUpperCase()))];
  const rows = await db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.trackingNumber, wanted), shipmentScope(actor)));
  const byNumber = new Map(rows.map((r) => [r.trackingNumber, r]));
  const missing = wanted.filter((n) => !byNumber.has(n));
  if (missing.length > 0) {
    throw new AppError('NOT_FOUND', `Shipment not found: ${missing.join(', ')}`, [
      { field: 'trackingNumbers', message: `Shipment not found: ${missing.join(', ')}` },
    ]);
  }
  // A label on a cancelled parcel invites a pickup that must not happen; each such number is named on its place.
  const cancelled = trackingNumbers.flatMap((n, index) =>
    byNumber.get(n.trim().toUpperCase())?.status === 'Cancelled'
      ? [{ field: `trackingNumbers.${index}`, message: 'This shipment is cancelled: it has no waybill' }]
      : [],
  );
  const skipped = wanted.filter((n) => byNumber.get(n)!.status === 'Cancelled');
  if (cancelled.length > 0 && (!skipCancelled || skipped.length === wanted.length)) {
    throw new AppError('RULE_BROKEN', 'A cancelled shipment has no waybill', cancelled);
  }
  const printed = rows.filter((r) => r.status !== 'Cancelled');
  const packages = await packagesOf(
    db,
    printed.map((r) => r.id),
  );
  const hubs = await dropOffHubsOf(db, printed);
  // Each label in its shipper's language (the parcel's owner; English when they never chose).
  const languages = await languagesOfUsers(
    db,
    printed.map((r) => r.ownerId),
  );
  const items = wanted
    .filter((n) => !skipped.includes(n))
    .map((n) => {
      const row = byNumber.get(n)!;
      const label = toWaybill(row, packages.get(row.id) ?? [], row.dropOffHubId ? hubs.get(row.dropOffHubId) : undefined);
      return { ...label, language: languages.get(row.ownerId) ?? 'en' };
    });
  return { items, skipped };
}

function toWaybill(row: ShipmentRow, packageRows: Parameters<typeof toShipmentDto>[1], hub?: DropOffHub): WaybillData {
  const dto = toShipmentDto(row, packageRows);
  const party = (p: typeof dto.senderAddress) => ({
    name: p.name,
    // Printed the way every screen shows it (+63 917 123 4567), for the rider who dials it from the label.
    mobileNumber: formatMobileNumber(p.mobileNumber),
    streetName: p.streetName,
    barangayName: p.barangayName,
    cityLabel: p.cityLabel,
    provinceName: p.provinceName,
  });
  return {
    trackingNumber: row.trackingNumber,
    deliveryType: row.deliveryType,
    serviceType: row.shipmentType,
    bookedAt: row.createdAt,
    pickupDate: row.pickupDate,
    sender: party(dto.senderAddress),
    receiver: party(dto.receiverAddress),
    packages: dto.packages.map((p) => ({
      boxName: p.boxName,
      quantity: p.quantity,
      weightInGrams: p.weightInGrams,
      lengthInCm: p.lengthInCm,
      widthInCm: p.widthInCm,
      heightInCm: p.heightInCm,
      itemCategory: p.itemCategory,
    })),
    declaredValueInCents: row.declaredValueInCents,
    paymentMethod: row.paymentMethod,
    paidBy: row.paidBy,
    codAmountInCents: codAmountOf(row),
    totalInCents: row.totalInCents,
    ...(row.notes ? { notes: row.notes } : {}),
    ...(hub ? { dropOffHub: { name: hub.name, address: hub.address, openingHours: hub.openingHours } } : {}),
  };
}
