import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { confirmPackagesBody } from '@hatid/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { consolidationShipments, consolidations, shipmentActivities, shipments } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import { recordActivity } from '../../platform/activity-log.js';
import { openOperationsTicket } from '../tickets/tickets.service.js';
import { assertMayWork } from './access.js';
import type { ConsolidationRow } from './consolidations.repository.js';
import { CATEGORY, visibleConsolidation } from './consolidations.service.js';

type ConfirmInput = z.output<typeof confirmPackagesBody>;

/** The hold activity the rest of the system reads as "on hold" (shipment-miles, allowed moves). */
const ON_HOLD = 'On hold - Requires documentation';
const actorName = (actor: Actor) => `${actor.user.firstName} ${actor.user.lastName}`.trim();

async function lockForMove(tx: Tx, actor: Actor, idOrTag: string, from: ConsolidationRow['status']): Promise<ConsolidationRow> {
  assertMayWork(actor);
  const row = await visibleConsolidation(tx, actor, idOrTag, true);
  if (row.status !== from) throw new AppError('CONFLICT', `${row.tag} is ${row.status}, not ${from}`);
  return row;
}

/**
 * Moves every shipment of a consolidation at once: one INSERT … SELECT for the timeline rows (one per
 * shipment) and one UPDATE for the delivery statuses, whatever the number of shipments (500 in the
 * benchmark). The shipment rows are locked first, in id order, and checked: none may have been
 * cancelled or moved on since it was added.
 */
async function moveAll(tx: Tx, actor: Actor, row: ConsolidationRow, move: { from: string; activity: string; to: 'Orig. port' | 'Dest. port' }) {
  const members = tx.select({ id: consolidationShipments.shipmentId }).from(consolidationShipments).where(eq(consolidationShipments.consolidationId, row.id));
  const locked = await tx
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, status: shipments.status, deliveryStatus: shipments.deliveryStatus })
    .from(shipments)
    .where(inArray(shipments.id, members))
    .orderBy(shipments.id)
    .for('update');
  if (locked.length === 0) throw new AppError('RULE_BROKEN', `${row.tag} has no shipments`);
  const stray = locked.filter((s) => s.status === 'Cancelled' || s.deliveryStatus !== move.from);
  if (stray.length > 0) {
    const list = stray.slice(0, 5).map((s) => `${s.trackingNumber} (${s.status === 'Cancelled' ? 'cancelled' : s.deliveryStatus})`);
    throw new AppError('CONFLICT', `Not every shipment is at "${move.from}": ${list.join(', ')}${stray.length > 5 ? ` and ${stray.length - 5} more` : ''}. Remove or move them first.`);
  }
  const note = `Consolidation ${row.tag}${row.masterAwbNumber ? `, master air waybill ${row.masterAwbNumber}` : ''}`;
  const location = move.to === 'Orig. port' ? row.senderAirport : row.receiverAirport;
  await tx.execute(sql`
    INSERT INTO ${shipmentActivities} (shipment_id, name, type, delivery_status, note, location, actor_id, actor_name)
    SELECT ${consolidationShipments.shipmentId}, ${move.activity}::text, 'consolidation'::activity_type, ${move.to}::delivery_status,
           ${note}::text, ${location}::text, ${actor.id}::uuid, ${actorName(actor)}::text
    FROM ${consolidationShipments}
    WHERE ${consolidationShipments.consolidationId} = ${row.id}`);
  await tx
    .update(shipments)
    .set({ deliveryStatus: move.to, status: sql`CASE WHEN ${shipments.status} = 'Pending' THEN 'OnGoing'::shipment_status ELSE ${shipments.status} END` })
    .where(inArray(shipments.id, members));
  return locked.length;
}

async function logMove(tx: Tx, actor: Actor, row: ConsolidationRow, after: ConsolidationRow, summary: string, ip?: string) {
  await recordActivity(tx, {
    actor,
    action: 'UPDATED',
    entity: 'Consolidation',
    entityId: row.id,
    category: CATEGORY,
    summary,
    before: { status: row.status },
    after: { status: after.status },
    ip: ip ?? null,
  });
}

/**
 * Sealing needs the carrier and its master air waybill: a consolidator who left either out is told, in
 * words, which (both at once when both are missing), each on its field.
 */
function assertSealable(row: ConsolidationRow) {
  const missing = [
    ...(row.courierId ? [] : [{ field: 'courierId', message: 'Choose the carrier before sealing' }]),
    ...(row.masterAwbNumber ? [] : [{ field: 'masterAwbNumber', message: 'Enter the master air waybill (MAWB) number before sealing' }]),
  ];
  if (missing.length === 2) {
    throw new AppError('RULE_BROKEN', 'Choose the carrier and enter the master air waybill (MAWB) number before sealing', missing);
  }
  if (missing.length === 1) throw fieldError(missing[0]!.field, missing[0]!.message, 'RULE_BROKEN');
}

/**
 * completeConsolidation: seals a pending consolidation (it has shipments, a carrier and its master air
 * waybill number, as the airline takes the cargo only with its MAWB); each shipment gets "Loaded for shipping".
 */
export async function completeConsolidation(db: Db, actor: Actor, idOrTag: string, ip?: string): Promise<ConsolidationRow> {
  return db.transaction(async (tx) => {
    const row = await lockForMove(tx, actor, idOrTag, 'pending');
    assertSealable(row);
    const n = await moveAll(tx, actor, row, { from: 'Orig. hub', activity: 'Loaded for shipping', to: 'Orig. port' });
    const [after] = await tx.update(consolidations).set({ status: 'consolidated', consolidatedAt: new Date() }).where(eq(consolidations.id, row.id)).returning();
    await logMove(tx, actor, row, after!, `Consolidation ${row.tag} sealed: ${n} shipment(s) loaded for shipping`, ip);
    return after!;
  });
}

/** startDeconsolidation: the consolidation has landed; each shipment gets "Arrived at destination port". */
export async function startDeconsolidation(db: Db, actor: Actor, idOrTag: string, ip?: string): Promise<ConsolidationRow> {
  return db.transaction(async (tx) => {
    const row = await lockForMove(tx, actor, idOrTag, 'consolidated');
    const n = await moveAll(tx, actor, row, { from: 'Orig. port', activity: 'Arrived at destination port', to: 'Dest. port' });
    const [after] = await tx
      .update(consolidations)
      .set({ status: 'deconsolidating', deconsolidationStartedAt: new Date() })
      .where(eq(consolidations.id, row.id))
      .returning();
    await logMove(tx, actor, row, after!, `Consolidation ${row.tag} arrived at ${row.receiverAirport}: ${n} shipment(s) to check`, ip);
    return after!;
  });
}

/**
 * confirmPackages: each scanned shipment's package is received, missing or damaged. A missing or damaged
 * one puts the shipment on hold (a hold activity on its timeline, delivery status unchanged) and opens a
 * ticket about it for support, once per finding: confirming it the same way again changes nothing.
 */
export async function confirmPackages(db: Db, actor: Actor, idOrTag: string, input: ConfirmInput, ip?: string) {
  return db.transaction(async (tx) => {
    const row = await lockForMove(tx, actor, idOrTag, 'deconsolidating');
    const numbers = input.packages.map((p) => p.trackingNumber);
    const lines = await tx
      .select({ line: consolidationShipments, trackingNumber: shipments.trackingNumber })
      .from(consolidationShipments)
      .innerJoin(shipments, eq(shipments.id, consolidationShipments.shipmentId))
      .where(and(eq(consolidationShipments.consolidationId, row.id), inArray(shipments.trackingNumber, numbers)));
    const byNumber = new Map(lines.map((l) => [l.trackingNumber, l.line]));
    const strangers = numbers.filter((n) => !byNumber.has(n));
    if (strangers.length > 0) {
      throw fieldError('packages', `Not in ${row.tag}: ${strangers.slice(0, 5).join(', ')}`, 'RULE_BROKEN');
    }
    const now = new Date();
    const tickets: string[] = [];
    for (const confirmation of input.packages) {
      const line = byNumber.get(confirmation.trackingNumber)!;
      if (line.packageStatus === confirmation.status && (confirmation.note ?? null) === line.packageNote) continue;
      await tx
        .update(consolidationShipments)
        .set({ packageStatus: confirmation.status, packageNote: confirmation.note ?? null, confirmedAt: now, confirmedById: actor.id })
        .where(eq(consolidationShipments.id, line.id));
      if (confirmation.status !== 'received' && line.packageStatus !== confirmation.status) {
        const finding = confirmation.status === 'missing' ? 'missing' : 'damaged';
        const note = `Package ${finding} at deconsolidation of ${row.tag} (${row.receiverAirport})${confirmation.note ? `: ${confirmation.note}` : ''}`;
        const [shipment] = await tx.select({ deliveryStatus: shipments.deliveryStatus }).from(shipments).where(eq(shipments.id, line.shipmentId)).for('update');
        await tx.insert(shipmentActivities).values({
          shipmentId: line.shipmentId,
          name: ON_HOLD,
          type: 'on_hold',
          deliveryStatus: shipment!.deliveryStatus,
          note,
          location: row.receiverAirport,
          actorId: actor.id,
          actorName: actorName(actor),
        });
        const ticket = await openOperationsTicket(tx, actor, {
          shipmentId: line.shipmentId,
          subject: `Package ${finding}: ${confirmation.trackingNumber}`,
          description: note,
        });
        tickets.push(ticket.id);
      }
    }
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Consolidation',
      entityId: row.id,
      category: CATEGORY,
      summary: `${row.tag}: ${input.packages.length} package(s) confirmed${tickets.length ? `, ${tickets.length} put on hold` : ''}`,
      after: { status: row.status, packages: input.packages.slice(0, 50) },
      ip: ip ?? null,
    });
    return { consolidation: row, ticketIds: tickets };
  });
}

/**
 * Completing a consolidation ends its mid mile (DECISIONS: Dest. port → Dest. hub, driven by the
 * consolidation): every package confirmed received goes on to the destination hub ("Arrived at destination
 * hub"), where the last mile takes it. A missing or damaged one stays at "Dest. port", on hold with its
 * ticket, until support settles it; one that staff already moved on, or cancelled, is left as it is.
 */
async function moveReceivedToHub(tx: Tx, actor: Actor, row: ConsolidationRow): Promise<number> {
  const received = tx
    .select({ id: consolidationShipments.shipmentId })
    .from(consolidationShipments)
    .where(and(eq(consolidationShipments.consolidationId, row.id), eq(consolidationShipments.packageStatus, 'received')));
  const arriving = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(inArray(shipments.id, received), eq(shipments.deliveryStatus, 'Dest. port'), ne(shipments.status, 'Cancelled')))
    .orderBy(shipments.id)
    .for('update');
  if (arriving.length === 0) return 0;
  const ids = arriving.map((s) => s.id);
  const note = `Consolidation ${row.tag}${row.masterAwbNumber ? `, master air waybill ${row.masterAwbNumber}` : ''}`;
  await tx.insert(shipmentActivities).values(
    ids.map((shipmentId) => ({
      shipmentId,
      name: 'Arrived at destination hub',
      type: 'consolidation' as const,
      deliveryStatus: 'Dest. hub' as const,
      note,
      location: row.receiverAirport,
      actorId: actor.id,
      actorName: actorName(actor),
    })),
  );
  await tx.update(shipments).set({ deliveryStatus: 'Dest. hub' }).where(inArray(shipments.id, ids));
  return ids.length;
}

/** completeDeconsolidation: refused until every package is confirmed (received, missing or damaged). */
export async function completeDeconsolidation(db: Db, actor: Actor, idOrTag: string, ip?: string): Promise<ConsolidationRow> {
  return db.transaction(async (tx) => {
    const row = await lockForMove(tx, actor, idOrTag, 'deconsolidating');
    const unconfirmed = await tx
      .select({ trackingNumber: shipments.trackingNumber })
      .from(consolidationShipments)
      .innerJoin(shipments, eq(shipments.id, consolidationShipments.shipmentId))
      .where(and(eq(consolidationShipments.consolidationId, row.id), sql`${consolidationShipments.packageStatus} IS NULL`))
      .orderBy(shipments.trackingNumber);
    if (unconfirmed.length > 0) {
      const list = unconfirmed.slice(0, 5).map((u) => u.trackingNumber).join(', ');
      throw fieldError(
        'packages',
        `Confirm every package first: ${unconfirmed.length} not confirmed (${list}${unconfirmed.length > 5 ? ', …' : ''})`,
        'RULE_BROKEN',
      );
    }
    const arrived = await moveReceivedToHub(tx, actor, row);
    const [after] = await tx.update(consolidations).set({ status: 'completed', completedAt: new Date() }).where(eq(consolidations.id, row.id)).returning();
    await logMove(tx, actor, row, after!, `Consolidation ${row.tag} completed: ${arrived} shipment(s) at the ${row.receiverAirport} hub`, ip);
    return after!;
  });
}
