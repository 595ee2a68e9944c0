import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ConfirmPackagesBody as ConfirmInput } from '@hatid/domain';
import type { Db, Tx } from '../../db/client.js';
import { consolidationShipments, consolidations, shipments } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { moveShipmentsTogether, putShipmentOnHold } from '../shipments/index.js';
import { openOperationsTicket } from '../tickets/index.js';
import { assertMayWork } from './access.js';
import { announceConsolidationMoved } from './events.js';
import type { ConsolidationRow } from './consolidations.repository.js';
import { CATEGORY, visibleConsolidation } from './consolidations.service.js';

async function lockForMove(tx: Tx, actor: Actor, idOrTag: string, from: ConsolidationRow['status']): Promise<ConsolidationRow> {
  assertMayWork(actor);
  const row = await visibleConsolidation(tx, actor, idOrTag, true);
  if (row.status !== from) throw new AppError('CONFLICT', `${row.tag} is ${row.status}, not ${from}`);
  return row;
}

/** The note on each shipment's timeline row of a consolidation's move. */
const moveNote = (row: ConsolidationRow) => `Consolidation ${row.tag}${row.masterAwbNumber ? `, master air waybill ${row.masterAwbNumber}` : ''}`;

/**
 * Moves every shipment of a consolidation at once, through the shipments module (which checks the move and
 * refuses it if any shipment was cancelled or moved on since it was added).
 */
async function moveAll(
  tx: Tx,
  actor: Actor,
  row: ConsolidationRow,
  move: { from: 'Orig. hub' | 'Orig. port'; activity: string; to: 'Orig. port' | 'Dest. port' },
) {
  const members = await tx
    .select({ id: consolidationShipments.shipmentId })
    .from(consolidationShipments)
    .where(eq(consolidationShipments.consolidationId, row.id));
  if (members.length === 0) throw new AppError('RULE_BROKEN', `${row.tag} has no shipments`);
  const moved = await moveShipmentsTogether(
    tx,
    actor,
    members.map((m) => m.id),
    {
      from: move.from,
      activity: move.activity,
      type: 'consolidation',
      note: moveNote(row),
      location: move.to === 'Orig. port' ? row.senderAirport : row.receiverAirport,
      strays: 'refuse',
    },
  );
  return moved.length;
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
    const [after] = await tx
      .update(consolidations)
      .set({ status: 'consolidated', consolidatedAt: new Date() })
      .where(eq(consolidations.id, row.id))
      .returning();
    await logMove(tx, actor, row, after!, `Consolidation ${row.tag} sealed: ${n} shipment(s) loaded for shipping`, ip);
    await announceConsolidationMoved(tx, row.id, 'Loaded for shipping');
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
    await announceConsolidationMoved(tx, row.id, 'Arrived at destination port');
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
        await putShipmentOnHold(tx, actor, line.shipmentId, { note, location: row.receiverAirport });
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
    if (tickets.length > 0) await announceConsolidationMoved(tx, row.id, 'On hold - Requires documentation');
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
  const received = await tx
    .select({ id: consolidationShipments.shipmentId })
    .from(consolidationShipments)
    .where(and(eq(consolidationShipments.consolidationId, row.id), eq(consolidationShipments.packageStatus, 'received')));
  const moved = await moveShipmentsTogether(
    tx,
    actor,
    received.map((r) => r.id),
    { from: 'Dest. port', activity: 'Arrived at destination hub', type: 'consolidation', note: moveNote(row), location: row.receiverAirport, strays: 'skip' },
  );
  return moved.length;
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
      const list = unconfirmed
        .slice(0, 5)
        .map((u) => u.trackingNumber)
        .join(', ');
      throw fieldError(
        'packages',
        `Confirm every package first: ${unconfirmed.length} not confirmed (${list}${unconfirmed.length > 5 ? ', …' : ''})`,
        'RULE_BROKEN',
      );
    }
    const arrived = await moveReceivedToHub(tx, actor, row);
    const [after] = await tx.update(consolidations).set({ status: 'completed', completedAt: new Date() }).where(eq(consolidations.id, row.id)).returning();
    await logMove(tx, actor, row, after!, `Consolidation ${row.tag} completed: ${arrived} shipment(s) at the ${row.receiverAirport} hub`, ip);
    await announceConsolidationMoved(tx, row.id, 'Arrived at destination hub');
    return after!;
  });
}
