import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  mileProgress,
  SHIPMENT_MILE_LABELS,
  SHIPMENT_MILES,
  type MileNoteDto,
  type ShipmentMile,
  type ShipmentMileDto,
  type ShipmentProgressDto,
  type UpdateMileDetailsInput,
} from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { shipmentMileNotes, shipmentMiles, shipments } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { isShipmentOps } from '../shipments/index.js';
import { lastStatusActivity } from '../shipments/index.js';
import { shipmentScope } from '../shipments/index.js';
import { findVisibleShipment } from '../shipments/index.js';

type MileRow = typeof shipmentMiles.$inferSelect;
type NoteRow = typeof shipmentMileNotes.$inferSelect;

const ON_HOLD = 'On hold - Requires documentation';
const isStaff = (actor: Actor) => actor.ability.can('update_delivery_status', 'Shipment');

/** The three rows of a shipment, created on first use so every mile has an id to update and note on. */
export async function ensureMiles(db: DbOrTx, shipmentId: string): Promise<MileRow[]> {
  await db
    .insert(shipmentMiles)
    .values(SHIPMENT_MILES.map((mile) => ({ shipmentId, mile })))
    .onConflictDoNothing();
  const rows = await db.select().from(shipmentMiles).where(eq(shipmentMiles.shipmentId, shipmentId));
  return SHIPMENT_MILES.map((mile) => rows.find((r) => r.mile === mile)!);
}

const toNoteDto = (note: NoteRow, mile: string): MileNoteDto => ({
  id: note.id,
  mile: mile as ShipmentMile,
  note: note.body,
  authorId: note.authorId,
  createdAt: note.createdAt.toISOString(),
});

/**
 * GET /shipment-miles/progress/{trackingNumber}: each mile's status comes from the delivery status (and
 * an open hold); notes and details sit beside it and never move it. Notes are for operations only.
 */
export async function shipmentProgress(db: Db, actor: Actor, trackingNumber: string): Promise<ShipmentProgressDto> {
  const shipment = await findVisibleShipment(db, actor, trackingNumber);
  const rows = await ensureMiles(db, shipment.id);
  const notes = isShipmentOps(actor)
    ? await db
        .select()
        .from(shipmentMileNotes)
        .where(
          inArray(
            shipmentMileNotes.shipmentMileId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(shipmentMileNotes.createdAt), asc(shipmentMileNotes.id))
    : [];
  const statuses = mileProgress({
    deliveryStatus: shipment.deliveryStatus,
    deliveryType: shipment.deliveryType,
    cancelled: shipment.status === 'Cancelled',
    onHold: (await lastStatusActivity(db, shipment.id)) === ON_HOLD,
  });
  const miles: ShipmentMileDto[] = rows.map((row) => ({
    id: row.id,
    mile: row.mile as ShipmentMile,
    label: SHIPMENT_MILE_LABELS[row.mile as ShipmentMile],
    status: statuses[row.mile as ShipmentMile],
    courierId: row.courierId,
    courierReference: row.courierReference,
    handledById: row.handledById,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    notes: notes.filter((n) => n.shipmentMileId === row.id).map((n) => toNoteDto(n, row.mile)),
  }));
  return { trackingNumber: shipment.trackingNumber, status: shipment.status, deliveryStatus: shipment.deliveryStatus, miles };
}

/** Operations people who can see the shipment write notes; a note never changes the delivery status. */
export async function createMileNote(db: Db, actor: Actor, trackingNumber: string, input: { mile: ShipmentMile; note: string }): Promise<MileNoteDto> {
  const shipment = await findVisibleShipment(db, actor, trackingNumber);
  if (!isShipmentOps(actor)) throw new AppError('FORBIDDEN', 'Only operations staff may write mile notes');
  const rows = await ensureMiles(db, shipment.id);
  const mile = rows.find((r) => r.mile === input.mile)!;
  const [note] = await db.insert(shipmentMileNotes).values({ shipmentMileId: mile.id, body: input.note, authorId: actor.id }).returning();
  return toNoteDto(note!, mile.mile);
}

/** A mile (or a note's mile) of a shipment the actor can see, or 404. */
async function findVisibleMile(db: Db, actor: Actor, mileId: string): Promise<MileRow> {
  const [row] = await db
    .select({ mile: shipmentMiles })
    .from(shipmentMiles)
    .innerJoin(shipments, eq(shipments.id, shipmentMiles.shipmentId))
    .where(and(eq(shipmentMiles.id, mileId), shipmentScope(actor)))
    .limit(1);
  if (!row) throw notFound('Shipment mile');
  return row.mile;
}

/** The author or staff who update delivery statuses. */
export async function deleteMileNote(db: Db, actor: Actor, noteId: string): Promise<void> {
  const [note] = await db.select().from(shipmentMileNotes).where(eq(shipmentMileNotes.id, noteId)).limit(1);
  if (!note) throw notFound('Note');
  await findVisibleMile(db, actor, note.shipmentMileId).catch(() => {
    throw notFound('Note');
  });
  if (note.authorId !== actor.id && !isStaff(actor)) throw new AppError('FORBIDDEN', 'Only the author or staff may delete this note');
  await db.delete(shipmentMileNotes).where(eq(shipmentMileNotes.id, noteId));
}

/** PATCH …/progress/{id}/update-details: carrier, its reference, who handles the leg and when (staff). */
export async function updateMileDetails(db: Db, actor: Actor, mileId: string, input: UpdateMileDetailsInput): Promise<ShipmentMileDto> {
  const mile = await findVisibleMile(db, actor, mileId);
  if (!isStaff(actor)) throw new AppError('FORBIDDEN', 'Only staff may change mile details');
  const set: Partial<typeof shipmentMiles.$inferInsert> = {};
  if (input.courierId !== undefined) set.courierId = input.courierId;
  if (input.courierReference !== undefined) set.courierReference = input.courierReference || null;
  if (input.handledById !== undefined) set.handledById = input.handledById;
  if (input.startedAt !== undefined) set.startedAt = input.startedAt ? new Date(input.startedAt) : null;
  if (input.completedAt !== undefined) set.completedAt = input.completedAt ? new Date(input.completedAt) : null;
  const startedAt = set.startedAt !== undefined ? set.startedAt : mile.startedAt;
  const completedAt = set.completedAt !== undefined ? set.completedAt : mile.completedAt;
  if (startedAt && completedAt && completedAt < startedAt) throw fieldError('completedAt', 'A mile cannot be completed before it started');
  try {
    await db.update(shipmentMiles).set(set).where(eq(shipmentMiles.id, mile.id));
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    if (cause.code === '23503') {
      const field = cause.constraint?.includes('courier') ? 'courierId' : 'handledById';
      throw fieldError(field, field === 'courierId' ? 'Courier not found' : 'User not found', 'NOT_FOUND');
    }
    throw error;
  }
  const [shipment] = await db.select({ trackingNumber: shipments.trackingNumber }).from(shipments).where(eq(shipments.id, mile.shipmentId));
  const progress = await shipmentProgress(db, actor, shipment!.trackingNumber);
  return progress.miles.find((m) => m.id === mile.id)!;
}
