import { and, asc, eq, inArray } from 'drizzle-orm';
import { LINE_HAUL_CATEGORIES, type ConsolidateShipmentsBody as ConsolidateInput, type TransportDetailsBody as TransportInput } from '@hatid/domain';
import type { Db, Tx } from '../../db/client.js';
import { consolidationShipments, consolidations, shipments } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { requireActiveCourier } from '../couriers/index.js';
import { shipmentScope } from '../shipments/index.js';
import { assertMayWork, assertVisible, seesAllConsolidations } from './access.js';
import type { ConsolidationRow } from './consolidations.repository.js';
import { gatewayOf } from './gateways.js';

export interface MembershipResult {
  done: string[];
  refused: { trackingNumber: string; reason: string }[];
}

/**
 * Puts shipments in a pending consolidation, each checked on its own (a scan gun sends what it read):
 * one the actor may see, at the origin hub, not cancelled, flying this airport pair, in no consolidation.
 *
 * A shipment is in at most one consolidation: the unique index on consolidation_shipments.shipment_id.
 * Two consolidators adding it at the same moment both insert with ON CONFLICT DO NOTHING; the second
 * waits on the first's uncommitted row and then inserts nothing, so it reports the shipment as taken.
 */
export async function addToConsolidation(tx: Tx, actor: Actor, consolidation: ConsolidationRow, trackingNumbers: string[]): Promise<MembershipResult> {
  const wanted = [...new Set(trackingNumbers)];
  const rows = await tx
    .select({
      id: shipments.id,
      trackingNumber: shipments.trackingNumber,
      status: shipments.status,
      deliveryStatus: shipments.deliveryStatus,
      from: shipments.senderProvinceCode,
      to: shipments.receiverProvinceCode,
    })
    .from(shipments)
    .where(and(inArray(shipments.trackingNumber, wanted), shipmentScope(actor)))
    .orderBy(asc(shipments.id))
    .for('update');
  const found = new Map(rows.map((r) => [r.trackingNumber, r]));
  const result: MembershipResult = { done: [], refused: [] };
  const eligible: typeof rows = [];
  for (const number of wanted) {
    const row = found.get(number);
    const reason = !row
      ? 'Shipment not found'
      : row.status === 'Cancelled'
        ? 'This shipment is cancelled'
        : row.deliveryStatus !== 'Orig. hub'
          ? `This shipment is at "${row.deliveryStatus}", not waiting at the origin hub`
          : gatewayOf(row.from) !== consolidation.senderAirport || gatewayOf(row.to) !== consolidation.receiverAirport
            ? `This shipment does not fly ${consolidation.senderAirport} to ${consolidation.receiverAirport}`
            : null;
    if (reason) result.refused.push({ trackingNumber: number, reason });
    else eligible.push(row!);
  }
  if (eligible.length > 0) {
    const inserted = await tx
      .insert(consolidationShipments)
      .values(eligible.map((row) => ({ consolidationId: consolidation.id, shipmentId: row.id, addedById: actor.id })))
      .onConflictDoNothing({ target: consolidationShipments.shipmentId })
      .returning({ shipmentId: consolidationShipments.shipmentId });
    const added = new Set(inserted.map((r) => r.shipmentId));
    for (const row of eligible) {
      if (added.has(row.id)) result.done.push(row.trackingNumber);
      else result.refused.push({ trackingNumber: row.trackingNumber, reason: 'This shipment is already in a consolidation' });
    }
  }
  return result;
}

async function removeFromConsolidation(tx: Tx, actor: Actor, consolidation: ConsolidationRow, trackingNumbers: string[]): Promise<MembershipResult> {
  const wanted = [...new Set(trackingNumbers)];
  const removed = await tx
    .delete(consolidationShipments)
    .where(
      and(
        eq(consolidationShipments.consolidationId, consolidation.id),
        inArray(
          consolidationShipments.shipmentId,
          tx
            .select({ id: shipments.id })
            .from(shipments)
            .where(and(inArray(shipments.trackingNumber, wanted), shipmentScope(actor))),
        ),
      ),
    )
    .returning({ shipmentId: consolidationShipments.shipmentId });
  const ids = removed.map((r) => r.shipmentId);
  const numbers = ids.length ? (await tx.select({ n: shipments.trackingNumber }).from(shipments).where(inArray(shipments.id, ids))).map((r) => r.n) : [];
  return {
    done: numbers,
    refused: wanted.filter((n) => !numbers.includes(n)).map((trackingNumber) => ({ trackingNumber, reason: 'This shipment is not in this consolidation' })),
  };
}

/** POST /shipments/consolidate: add (scan or pick) or remove shipments while the consolidation is pending. */
export async function consolidateShipments(
  db: Db,
  actor: Actor,
  input: ConsolidateInput,
  ip?: string,
): Promise<{ consolidation: ConsolidationRow; result: MembershipResult }> {
  assertMayWork(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(consolidations).where(eq(consolidations.id, input.consolidationId)).for('update');
    const consolidation = assertVisible(actor, row);
    if (consolidation.status !== 'pending') {
      throw new AppError('CONFLICT', `${consolidation.tag} is ${consolidation.status}: shipments can be added or removed only while it is pending`);
    }
    const result =
      input.action === 'add'
        ? await addToConsolidation(tx, actor, consolidation, input.trackingNumbers)
        : await removeFromConsolidation(tx, actor, consolidation, input.trackingNumbers);
    if (result.done.length > 0) {
      await recordActivity(tx, {
        actor,
        action: 'UPDATED',
        entity: 'Consolidation',
        entityId: consolidation.id,
        category: 'consolidations',
        summary: `${consolidation.tag}: ${input.action === 'add' ? 'added' : 'removed'} ${result.done.length} shipment(s)`,
        after: { [input.action === 'add' ? 'added' : 'removed']: result.done.slice(0, 50), status: consolidation.status },
        ip: ip ?? null,
      });
    }
    return { consolidation, result };
  });
}

/**
 * PATCH /consolidations/shipment/{shipmentId}/transport-details: the carrier (an active air or sea
 * courier), flight or voyage number, departure and arrival of one shipment, until its consolidation
 * is completed. The shipment is found through its consolidation line (a shipment is in one at most).
 */
export async function updateTransportDetails(db: Db, actor: Actor, shipmentId: string, input: TransportInput, ip?: string) {
  assertMayWork(actor);
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select({ line: consolidationShipments, consolidation: consolidations, trackingNumber: shipments.trackingNumber })
      .from(consolidationShipments)
      .innerJoin(consolidations, eq(consolidations.id, consolidationShipments.consolidationId))
      .innerJoin(shipments, eq(shipments.id, consolidationShipments.shipmentId))
      .where(and(eq(consolidationShipments.shipmentId, shipmentId), seesAllConsolidations(actor) ? undefined : eq(consolidations.createdById, actor.id)))
      .limit(1)
      .for('update', { of: consolidationShipments });
    if (!line) throw notFound('Shipment in a consolidation');
    if (line.consolidation.status === 'completed') throw new AppError('CONFLICT', `${line.consolidation.tag} is completed: its transport details are final`);
    if (input.carrierId) await requireActiveCourier(tx, input.carrierId, LINE_HAUL_CATEGORIES, 'carrierId');
    const set: Partial<typeof consolidationShipments.$inferInsert> = {};
    if (input.carrierId !== undefined) set.carrierId = input.carrierId;
    if (input.flightNumber !== undefined) set.flightNumber = input.flightNumber;
    if (input.departureAt !== undefined) set.departureAt = input.departureAt ? new Date(input.departureAt) : null;
    if (input.arrivalAt !== undefined) set.arrivalAt = input.arrivalAt ? new Date(input.arrivalAt) : null;
    const departure = set.departureAt !== undefined ? set.departureAt : line.line.departureAt;
    const arrival = set.arrivalAt !== undefined ? set.arrivalAt : line.line.arrivalAt;
    if (departure && arrival && arrival < departure) {
      throw new AppError('VALIDATION_FAILED', 'Arrival cannot be before departure', [{ field: 'arrivalAt', message: 'Arrival cannot be before departure' }]);
    }
    if (Object.keys(set).length > 0) {
      await tx.update(consolidationShipments).set(set).where(eq(consolidationShipments.id, line.line.id));
      await recordActivity(tx, {
        actor,
        action: 'UPDATED',
        entity: 'Consolidation',
        entityId: line.consolidation.id,
        category: 'consolidations',
        summary: `${line.consolidation.tag}: transport details of ${line.trackingNumber}`,
        after: { ...set, status: line.consolidation.status },
        ip: ip ?? null,
      });
    }
    return line.consolidation;
  });
}
