import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shipments } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { WaybillData } from '../../platform/waybill/index.js';
import { codAmountOf, packagesOf, toShipmentDto, type ShipmentRow } from './shipments.repository.js';
import { shipmentScope } from './shipments.scope.js';

/** The label data of shipments the actor may see, in the order asked; any other number is a 404 naming it. */
export async function loadWaybills(db: Db, actor: Actor, trackingNumbers: string[]): Promise<WaybillData[]> {
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
  const packages = await packagesOf(db, rows.map((r) => r.id));
  return wanted.map((n) => toWaybill(byNumber.get(n)!, packages.get(byNumber.get(n)!.id) ?? []));
}

function toWaybill(row: ShipmentRow, packageRows: Parameters<typeof toShipmentDto>[1]): WaybillData {
  const dto = toShipmentDto(row, packageRows);
  const party = (p: typeof dto.senderAddress) => ({
    name: p.name,
    mobileNumber: p.mobileNumber,
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
  };
}
