import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ConsolidationDto, ConsolidationShipmentDto, WaitingShipmentDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { consolidationShipments, type consolidations, couriers, shipmentPackages, shipments, users } from '../../db/schema/index.js';
import { provincesServedBy } from './gateways.js';

export type ConsolidationRow = typeof consolidations.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Pieces and weight of shipments, from their packages (weight per piece × quantity). */
async function measuresOf(db: DbOrTx, shipmentIds: string[]): Promise<Map<string, { pieces: number; weightInGrams: number }>> {
  if (shipmentIds.length === 0) return new Map();
  const rows = await db
    .select({
      shipmentId: shipmentPackages.shipmentId,
      pieces: sql<number>`coalesce(sum(${shipmentPackages.quantity}), 0)::int`,
      weight: sql<number>`coalesce(sum(${shipmentPackages.weightInGrams} * ${shipmentPackages.quantity}), 0)::int`,
    })
    .from(shipmentPackages)
    .where(inArray(shipmentPackages.shipmentId, shipmentIds))
    .groupBy(shipmentPackages.shipmentId);
  return new Map(rows.map((r) => [r.shipmentId, { pieces: Number(r.pieces), weightInGrams: Number(r.weight) }]));
}

/** Rows → DTOs with their counts, carrier and creator (a page at a time: a few grouped queries). */
export async function toConsolidationDtos(db: DbOrTx, rows: ConsolidationRow[]): Promise<ConsolidationDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const totals = await db
    .select({
      consolidationId: consolidationShipments.consolidationId,
      shipments: sql<number>`count(distinct ${consolidationShipments.id})::int`,
      confirmed: sql<number>`count(distinct ${consolidationShipments.id}) filter (where ${consolidationShipments.packageStatus} is not null)::int`,
      pieces: sql<number>`coalesce(sum(${shipmentPackages.quantity}), 0)::int`,
      weight: sql<number>`coalesce(sum(${shipmentPackages.weightInGrams} * ${shipmentPackages.quantity}), 0)::int`,
    })
    .from(consolidationShipments)
    .leftJoin(shipmentPackages, eq(shipmentPackages.shipmentId, consolidationShipments.shipmentId))
    .where(inArray(consolidationShipments.consolidationId, ids))
    .groupBy(consolidationShipments.consolidationId);
  const byId = new Map(totals.map((t) => [t.consolidationId, t]));
  const courierIds = [...new Set(rows.map((r) => r.courierId).filter((id): id is string => id !== null))];
  const carriers = courierIds.length
    ? await db.select({ id: couriers.id, name: couriers.name, code: couriers.code }).from(couriers).where(inArray(couriers.id, courierIds))
    : [];
  const creatorIds = [...new Set(rows.map((r) => r.createdById).filter((id): id is string => id !== null))];
  const creators = creatorIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, creatorIds))
    : [];
  return rows.map((row) => {
    const t = byId.get(row.id);
    const creator = creators.find((c) => c.id === row.createdById);
    return {
      id: row.id,
      tag: row.tag,
      type: row.type as ConsolidationDto['type'],
      senderAirport: row.senderAirport,
      receiverAirport: row.receiverAirport,
      status: row.status,
      masterAwbNumber: row.masterAwbNumber,
      courier: carriers.find((c) => c.id === row.courierId) ?? null,
      isAutomated: row.isAutomated,
      createdBy: creator ? { id: creator.id, name: `${creator.firstName} ${creator.lastName}`.trim() } : null,
      shipmentCount: Number(t?.shipments ?? 0),
      totalPieces: Number(t?.pieces ?? 0),
      totalWeightInGrams: Number(t?.weight ?? 0),
      confirmedCount: Number(t?.confirmed ?? 0),
      consolidatedAt: iso(row.consolidatedAt),
      deconsolidationStartedAt: iso(row.deconsolidationStartedAt),
      completedAt: iso(row.completedAt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The shipments of one consolidation, by tracking number, with measures and transport details. */
export async function consolidationShipmentsOf(db: DbOrTx, consolidationId: string): Promise<ConsolidationShipmentDto[]> {
  const rows = await db
    .select({ line: consolidationShipments, shipment: shipments, carrier: { id: couriers.id, name: couriers.name, code: couriers.code } })
    .from(consolidationShipments)
    .innerJoin(shipments, eq(shipments.id, consolidationShipments.shipmentId))
    .leftJoin(couriers, eq(couriers.id, consolidationShipments.carrierId))
    .where(eq(consolidationShipments.consolidationId, consolidationId))
    .orderBy(asc(shipments.trackingNumber));
  const measures = await measuresOf(
    db,
    rows.map((r) => r.shipment.id),
  );
  return rows.map(({ line, shipment, carrier }) => ({
    shipmentId: shipment.id,
    trackingNumber: shipment.trackingNumber,
    senderCityLabel: shipment.senderCityLabel,
    receiverName: shipment.receiverName,
    receiverCityLabel: shipment.receiverCityLabel,
    deliveryStatus: shipment.deliveryStatus,
    pieces: measures.get(shipment.id)?.pieces ?? 0,
    weightInGrams: measures.get(shipment.id)?.weightInGrams ?? 0,
    packageStatus: line.packageStatus,
    packageNote: line.packageNote,
    confirmedAt: iso(line.confirmedAt),
    carrier: carrier?.id ? carrier : null,
    flightNumber: line.flightNumber,
    departureAt: iso(line.departureAt),
    arrivalAt: iso(line.arrivalAt),
  }));
}

/**
 * Shipments waiting at an origin hub for a flight: at "Orig. hub", not cancelled, in no consolidation,
 * picked up in the origin airport's catchment and going to the destination airport's (when given).
 * `scope` keeps it to what the person may see.
 */
export function waitingCondition(scope: SQL, senderAirport: string, receiverAirport?: string): SQL {
  const from = provincesServedBy(senderAirport);
  const to = receiverAirport ? provincesServedBy(receiverAirport) : null;
  return and(
    scope,
    eq(shipments.deliveryStatus, 'Orig. hub'),
    sql`${shipments.status} <> 'Cancelled'`,
    from.length ? inArray(shipments.senderProvinceCode, from) : sql`false`,
    to ? (to.length ? inArray(shipments.receiverProvinceCode, to) : sql`false`) : undefined,
    isNull(consolidationShipments.id),
  )!;
}

export async function waitingShipments(db: DbOrTx, scope: SQL, senderAirport: string, receiverAirport: string, limit = 200): Promise<WaitingShipmentDto[]> {
  const rows = await db
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      receiverName: shipments.receiverName,
      receiverCityLabel: shipments.receiverCityLabel,
    })
    .from(shipments)
    .leftJoin(consolidationShipments, eq(consolidationShipments.shipmentId, shipments.id))
    .where(waitingCondition(scope, senderAirport, receiverAirport))
    .orderBy(asc(shipments.createdAt), asc(shipments.id))
    .limit(limit);
  const measures = await measuresOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    shipmentId: r.id,
    trackingNumber: r.trackingNumber,
    receiverName: r.receiverName,
    receiverCityLabel: r.receiverCityLabel,
    pieces: measures.get(r.id)?.pieces ?? 0,
    weightInGrams: measures.get(r.id)?.weightInGrams ?? 0,
  }));
}
