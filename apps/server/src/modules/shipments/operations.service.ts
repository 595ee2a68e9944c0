import { desc, eq } from 'drizzle-orm';
import { formatMoney, type DeliveryStatusInput, type PaymentStatus, type UpdateShipmentBody as UpdateShipmentInput } from '@hatid/domain';
import { BILLED_ON_ACCOUNT } from './on-account.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { shipments, shipmentWeights } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { loadUserWithRoles } from '../users/index.js';
import { RIDER_ASSIGNMENT_CATEGORY } from './stats.service.js';
import { lockShipment, type ShipmentRow } from './shipments.repository.js';
import { announceRiderAssigned } from './shipment-events.js';
import { findVisibleShipment, moveShipment } from './status.service.js';

export interface BulkResult {
  updated: string[];
  failed: { trackingNumber: string; message: string }[];
}

const forbidden = (message: string) => new AppError('FORBIDDEN', message);
const cancelledConflict = () => new AppError('CONFLICT', 'This shipment is cancelled');

/** Staff, ssp and admins run operations: they update shipments and their delivery statuses. */
export const isOperator = (actor: Actor) => actor.ability.can('update', 'Shipment') && actor.ability.can('update_delivery_status', 'Shipment');
/** Staff and admins (manage shipments): money owed to partners and the sales figures. */
export const managesShipments = (actor: Actor) => actor.ability.can('manage', 'Shipment');
export const mayRecordPayments = (actor: Actor) => isOperator(actor) && actor.ability.can('create', 'Transaction');
const isAdmin = (actor: Actor) => actor.roles.includes('admin') || actor.roles.includes('super_admin');

/** What each field of PUT /shipments/{id} needs, beyond seeing the shipment. */
function assertMayUpdate(actor: Actor, row: ShipmentRow, input: UpdateShipmentInput) {
  const owns = row.ownerId === actor.id || row.bookedById === actor.id;
  if (!isOperator(actor)) {
    const onlyNotes = Object.entries(input).every(([k, v]) => k === 'notes' || v === undefined);
    if (!owns || !onlyNotes) throw forbidden('You are not allowed to change this shipment');
    if (row.deliveryStatus !== 'Order placed') {
      throw new AppError('CONFLICT', 'Notes can be changed only while the order is placed and not yet dispatched');
    }
    return;
  }
  if (input.pickupRiderId !== undefined && !actor.ability.can('pickup_rider', 'Shipment')) {
    throw forbidden('You are not allowed to assign pickup riders');
  }
  if (input.dropOffRiderId !== undefined && !actor.ability.can('delivery_rider', 'Shipment')) {
    throw forbidden('You are not allowed to assign delivery riders');
  }
  if (input.outboundFeeInCents !== undefined && !managesShipments(actor)) {
    throw forbidden('Only staff and admins set outbound fees');
  }
}

async function assertRider(db: DbOrTx, field: string, userId: string | null | undefined) {
  if (!userId) return;
  const user = await loadUserWithRoles(db, userId);
  if (user?.status !== 'ACTIVE' || !user.roles.some((r) => r.name === 'rider')) {
    throw fieldError(field, 'Choose an active rider', 'RULE_BROKEN');
  }
}

const CHANGEABLE = ['pickupRiderId', 'dropOffRiderId', 'notes', 'deliveryCategory', 'outboundFeeInCents'] as const;

/**
 * The activity log's line for a change, in words with names ("ND927201310PH: Assigned rider Jose Ramos for
 * pick-up") rather than the fields' names ("pickupRiderId"): staff read the log, not the schema.
 */
async function changeSummary(tx: DbOrTx, trackingNumber: string, changes: Record<string, unknown>): Promise<string> {
  const riderName = async (id: unknown) => {
    const rider = typeof id === 'string' ? await loadUserWithRoles(tx, id) : null;
    return rider ? `${rider.firstName} ${rider.lastName ?? ''}`.trim() : 'a rider';
  };
  const parts: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    const leg = key === 'pickupRiderId' ? 'pick-up' : 'delivery';
    if (key === 'pickupRiderId' || key === 'dropOffRiderId')
      parts.push(value ? `assigned rider ${await riderName(value)} for ${leg}` : `removed the ${leg} rider`);
    else if (key === 'notes') parts.push('changed the notes');
    else if (key === 'deliveryCategory') parts.push(`set the line-haul category to ${String(value)}`);
    else if (key === 'outboundFeeInCents') parts.push(`set the outbound fee to ${formatMoney(Number(value))}`);
    else parts.push(`changed ${key}`);
  }
  const text = parts.join('; ');
  return `${trackingNumber}: ${text[0]!.toUpperCase()}${text.slice(1)}`;
}

/**
 * Staff assign riders (only people with the rider role), set the line-haul category, the outbound fee and
 * notes; a customer may change the notes of their own booking until it is dispatched. Logged with before/after.
 */
export async function updateShipment(
  db: Db,
  actor: Actor,
  idOrTrackingNumber: string,
  input: UpdateShipmentInput,
  ip?: string,
): Promise<{ before: ShipmentRow; after: ShipmentRow }> {
  const visible = await findVisibleShipment(db, actor, idOrTrackingNumber);
  assertMayUpdate(actor, visible, input);
  await assertRider(db, 'pickupRiderId', input.pickupRiderId);
  await assertRider(db, 'dropOffRiderId', input.dropOffRiderId);

  return db.transaction(async (tx) => {
    const before = (await lockShipment(tx, visible.id))!;
    if (before.status === 'Cancelled') throw cancelledConflict();
    assertMayUpdate(actor, before, input); // the status may have moved since the first look
    const changes: Record<string, unknown> = {};
    for (const key of CHANGEABLE) {
      if (input[key] !== undefined && input[key] !== before[key]) changes[key] = input[key];
    }
    if (Object.keys(changes).length === 0) return { before, after: before };
    const [after] = await tx
      .update(shipments)
      .set(changes as Partial<typeof shipments.$inferInsert>)
      .where(eq(shipments.id, before.id))
      .returning();
    const assignsRider = 'pickupRiderId' in changes || 'dropOffRiderId' in changes;
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Shipment',
      entityId: before.id,
      category: assignsRider ? RIDER_ASSIGNMENT_CATEGORY : 'shipments',
      summary: await changeSummary(tx, before.trackingNumber, changes),
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof ShipmentRow]])),
      after: changes,
      ip: ip ?? null,
    });
    if (assignsRider) await announceRiderAssigned(tx, before, after!);
    return { before, after: after! };
  });
}

/** Admins remove a cancelled shipment from every list; the row and its history stay (soft delete). */
export async function deleteShipment(db: Db, actor: Actor, idOrTrackingNumber: string, ip?: string): Promise<void> {
  if (!isAdmin(actor)) throw forbidden('Only admins delete shipments');
  const visible = await findVisibleShipment(db, actor, idOrTrackingNumber);
  await db.transaction(async (tx) => {
    const row = (await lockShipment(tx, visible.id))!;
    if (row.status !== 'Cancelled') throw new AppError('CONFLICT', 'Only a cancelled shipment can be deleted. Cancel it first.');
    await tx.update(shipments).set({ deletedAt: new Date() }).where(eq(shipments.id, row.id));
    await recordActivity(tx, {
      actor,
      action: 'DELETED',
      entity: 'Shipment',
      entityId: row.id,
      category: 'shipments',
      summary: `Deleted cancelled shipment ${row.trackingNumber}`,
      ip: ip ?? null,
    });
  });
}

export async function weightsOf(db: Db, actor: Actor, idOrTrackingNumber: string) {
  const shipment = await findVisibleShipment(db, actor, idOrTrackingNumber);
  const rows = await db
    .select()
    .from(shipmentWeights)
    .where(eq(shipmentWeights.shipmentId, shipment.id))
    .orderBy(desc(shipmentWeights.createdAt), desc(shipmentWeights.id));
  return rows.map((w) => ({
    id: w.id,
    shipmentPackageId: w.shipmentPackageId,
    weightInGrams: w.weightInGrams,
    lengthInCm: w.lengthInCm,
    widthInCm: w.widthInCm,
    heightInCm: w.heightInCm,
    volumetricWeightInGrams: w.volumetricWeightInGrams,
    note: w.note,
    createdAt: w.createdAt.toISOString(),
  }));
}

/** One field of one visible, not cancelled shipment, changed under its row lock and logged. */
async function setField<K extends 'paymentStatus' | 'outboundFeeInCents'>(
  db: Db,
  actor: Actor,
  trackingNumber: string,
  field: K,
  value: ShipmentRow[K],
  category: string,
): Promise<ShipmentRow> {
  const visible = await findVisibleShipment(db, actor, trackingNumber);
  return db.transaction(async (tx) => {
    const before = (await lockShipment(tx, visible.id))!;
    if (before.status === 'Cancelled') throw cancelledConflict();
    // An on-account shipment is paid through its billing (its payments settle it); a hand-set status would lie.
    if (field === 'paymentStatus' && before.paymentMethod === 'invoice') throw new AppError('CONFLICT', BILLED_ON_ACCOUNT);
    if (before[field] === value) return before;
    const [after] = await tx
      .update(shipments)
      .set({ [field]: value })
      .where(eq(shipments.id, before.id))
      .returning();
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Shipment',
      entityId: before.id,
      category,
      summary: `${field} of ${before.trackingNumber}: ${before[field]} → ${value}`,
      before: { [field]: before[field] },
      after: { [field]: value },
    });
    return after!;
  });
}

/**
 * A manual payment status (cash counted at the hub, a bank slip checked by staff). Recording or voiding a
 * transaction derives the status again, so this is an override with its reason in the activity log.
 */
export async function setPaymentStatus(db: Db, actor: Actor, trackingNumber: string, status: PaymentStatus) {
  if (!mayRecordPayments(actor)) throw forbidden('You are not allowed to change payment statuses');
  return setField(db, actor, trackingNumber, 'paymentStatus', status, 'payments');
}

/** Runs `apply` for each distinct number; a refused one is reported with its message, the rest go on. */
async function eachNumber(trackingNumbers: string[], apply: (trackingNumber: string) => Promise<void>): Promise<BulkResult> {
  const result: BulkResult = { updated: [], failed: [] };
  for (const trackingNumber of [...new Set(trackingNumbers)]) {
    try {
      await apply(trackingNumber);
      result.updated.push(trackingNumber);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      result.failed.push({ trackingNumber, message: error.message });
    }
  }
  return result;
}

export async function bulkSetPaymentStatus(db: Db, actor: Actor, trackingNumbers: string[], status: PaymentStatus) {
  if (!mayRecordPayments(actor)) throw forbidden('You are not allowed to change payment statuses');
  return eachNumber(trackingNumbers, async (n) => {
    await setField(db, actor, n, 'paymentStatus', status, 'payments');
  });
}

/** What we owe the partner for the last leg, set on many shipments at once (staff and admins). */
export async function setOutboundFees(db: Db, actor: Actor, trackingNumbers: string[], outboundFeeInCents: number) {
  if (!managesShipments(actor)) throw forbidden('Only staff and admins set outbound fees');
  return eachNumber(trackingNumbers, async (n) => {
    await setField(db, actor, n, 'outboundFeeInCents', outboundFeeInCents, 'shipments');
  });
}

/**
 * The same move on many shipments, each in its own transaction (moveShipment locks and checks each):
 * one refused move (409, 403, 404) is reported and does not undo the others. Each move announces itself
 * after the request's commits (shipment-events.ts); a failure to announce is never a failed move.
 */
export async function bulkMoveShipments(db: Db, actor: Actor, trackingNumbers: string[], input: DeliveryStatusInput): Promise<BulkResult> {
  if (!actor.ability.can('update', 'Shipment') && !actor.ability.can('update_delivery_status', 'Shipment')) {
    throw forbidden('You are not allowed to change delivery statuses');
  }
  return eachNumber(trackingNumbers, async (n) => {
    await moveShipment(db, actor, n, input);
  });
}
