import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  normalizeTrackingNumber,
  ALREADY_DONE,
  cancellationReasonText,
  canCancel,
  canMoveTo,
  canMoveTogether,
  DELIVERY_STATUSES,
  findActivityStatus,
  isRiderActivity,
  PHONE_CLOCK_SKEW_MS,
  PHONE_MAX_AGE_MS,
  type DeliveryStatusInput,
  type CancellationReason,
  type DeliveryStatus,
} from '@hatid/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { shipmentActivities, shipments } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { refundWalletPayments } from './wallet-payments.js';
import { askForReferralReward } from '../wallet/index.js';
import { recordActivity } from '../../platform/activity-log.js';
import { releasePromoUse } from '../pricing/index.js';
import { shipmentScope } from './shipments.scope.js';
import { lastStatusStep, lockShipment, type ShipmentRow } from './shipments.repository.js';
import { manilaMinute } from '../../core/manila-time.js';
import { announceCancelled, announceMoved, eventsOfMove, tellBusinesses } from './shipment-events.js';

export const CUSTOM_ACTIVITY = 'Custom';

const actorName = (actor: Actor) => `${actor.user.firstName} ${actor.user.lastName}`;

/** Finds a shipment the actor may see (by id or tracking number), or 404. */
export async function findVisibleShipment(db: DbOrTx, actor: Actor, idOrTrackingNumber: string): Promise<ShipmentRow> {
  const key = /^[0-9a-f-]{36}$/i.test(idOrTrackingNumber)
    ? eq(shipments.id, idOrTrackingNumber)
    : eq(shipments.trackingNumber, normalizeTrackingNumber(idOrTrackingNumber));
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(key, shipmentScope(actor)))
    .limit(1);
  if (!row) throw notFound('Shipment');
  return row;
}

/**
 * Staff-like roles move any visible shipment; a rider moves the shipments assigned to them, along their
 * own leg only (pickup or delivery activities; a custom note on either), never the hub's or the port's steps.
 */
function assertMayMove(actor: Actor, shipment: ShipmentRow, activity: string) {
  if (actor.ability.can('update_delivery_status', 'Shipment')) return;
  const assigned = shipment.pickupRiderId === actor.id || shipment.dropOffRiderId === actor.id;
  if (actor.roles.includes('rider') && assigned && actor.ability.can('update', 'Shipment')) {
    if (activity === CUSTOM_ACTIVITY || isRiderActivity(shipment, actor.id, activity)) return;
    if (!actor.roles.includes('consolidator')) {
      throw new AppError('FORBIDDEN', `"${activity}" is not a step of your pickup or delivery of this shipment`);
    }
  }
  if (actor.roles.includes('consolidator') && actor.ability.can('update', 'Shipment')) return;
  throw new AppError('FORBIDDEN', 'You are not allowed to change the status of this shipment');
}

export interface MoveResult {
  before: ShipmentRow;
  after: ShipmentRow;
  activity: typeof shipmentActivities.$inferSelect;
}

/**
 * Records an activity on a shipment and moves its delivery status along the allowed moves only. The row
 * is locked for the transaction, so two riders pressing buttons at once cannot skip a step.
 */
export async function moveShipment(db: Db, actor: Actor, trackingNumber: string, input: DeliveryStatusInput): Promise<MoveResult> {
  return db.transaction((tx) => moveShipmentIn(tx, actor, trackingNumber, input));
}

/** A phone's time: not in the future of the server's clock (beyond a little drift), nor a month old. */
export function phoneTime(field: string, value: string | undefined, now = new Date()): Date | null {
  if (!value) return null;
  const at = new Date(value);
  if (at.getTime() > now.getTime() + PHONE_CLOCK_SKEW_MS) throw fieldError(field, "This time is in the future: check the phone's clock");
  if (at.getTime() < now.getTime() - PHONE_MAX_AGE_MS) throw fieldError(field, "This time is more than 30 days ago: check the phone's clock");
  return at;
}

/**
 * A phone time is when the step happened, so it comes after the step before it: a status move not before the
 * shipment's last step, a custom status not before the booking (it changes no status, and may be a note the
 * phone kept while someone else moved the shipment). The phone's clock may be a little behind the server's,
 * which timed the booking and staff moves: the same allowance as for the future (PHONE_CLOCK_SKEW_MS).
 */
function assertAfterLastStep(occurredAt: Date, shipment: ShipmentRow, last: { name: string; at: Date } | null) {
  const floor = last ?? { name: 'Order placed', at: shipment.createdAt };
  if (occurredAt.getTime() >= floor.at.getTime() - PHONE_CLOCK_SKEW_MS) return;
  const which = last
    ? `the shipment's last step ("${floor.name}", ${manilaMinute(floor.at.toISOString())} Manila time)`
    : `the booking (${manilaMinute(floor.at.toISOString())} Manila time)`;
  throw fieldError('occurredAt', `must not be earlier than ${which}: check the phone's clock`);
}

/** moveShipment inside the caller's transaction (an Idempotency-Key's, so a replayed offline move is recorded once). */
export async function moveShipmentIn(tx: Tx, actor: Actor, trackingNumber: string, input: DeliveryStatusInput): Promise<MoveResult> {
  const visible = await findVisibleShipment(tx, actor, trackingNumber);
  assertMayMove(actor, visible, input.activity);
  const occurredAt = phoneTime('occurredAt', input.occurredAt);
  if (input.receivedBy && input.activity !== 'Delivered') {
    throw fieldError('receivedBy', 'Only a delivery records who received the parcel');
  }
  const isCustom = input.activity === CUSTOM_ACTIVITY;
  if (isCustom && !input.customStatusName) throw fieldError('customStatusName', 'Name the custom status');
  const known = isCustom ? null : findActivityStatus(input.activity);
  if (!isCustom && !known && !isShortLabel(input.activity)) {
    throw fieldError('activity', `Unknown status "${input.activity}"`, 'VALIDATION_FAILED');
  }
  if (known?.reasons && !known.reasons.includes(input.reason ?? '')) {
    throw fieldError('reason', `Choose a reason: ${known.reasons.join(', ')}`);
  }
  if (input.correction) {
    if (!actor.ability.can('update_delivery_status', 'Shipment')) {
      throw new AppError('FORBIDDEN', 'Only staff who update delivery statuses may correct one');
    }
    if (!input.note) throw fieldError('note', 'Say why the status is corrected');
  }

  // The row lock serialises moves of one shipment (on PostgreSQL a second tap waits here for the first to
  // commit, then reads its step below), so two taps at once record one step.
  const before = (await lockShipment(tx, visible.id))!;
  if (before.status === 'Cancelled') throw new AppError('CONFLICT', 'This shipment is cancelled');
  const last = await lastStatusStep(tx, before.id);
  let next = before.deliveryStatus;
  let activityName = input.activity;
  if (!isCustom) {
    const move = canMoveTo(before.deliveryStatus, input.activity, {
      deliveryType: before.deliveryType,
      lastActivity: last?.name ?? null,
      correction: input.correction ?? false,
    });
    if (!move.ok) throw new AppError(move.already ? ALREADY_DONE : 'CONFLICT', move.message);
    next = move.next;
    activityName = move.activity ?? input.activity;
  }
  if (occurredAt) assertAfterLastStep(occurredAt, before, isCustom ? null : last);
  const [activity] = await tx
    .insert(shipmentActivities)
    .values({
      shipmentId: before.id,
      name: activityName,
      customStatusName: isCustom ? input.customStatusName! : null,
      deliveryStatus: isCustom ? null : next,
      reason: input.reason ?? null,
      note: input.note ?? null,
      location: input.location ?? null,
      actorId: actor.id,
      actorName: actorName(actor),
      occurredAt,
      receivedBy: input.receivedBy ?? null,
    })
    .returning();
  const dispatched = !isCustom && activityName !== 'Order placed';
  const [after] = await tx
    .update(shipments)
    .set({
      deliveryStatus: next,
      status: before.status === 'Pending' && dispatched ? 'OnGoing' : before.status,
      // Delivered when it happened (an offline rider's phone time), not when the phone regained signal.
      deliveredAt: next === 'Delivered' && !before.deliveredAt ? (occurredAt ?? new Date()) : before.deliveredAt,
    })
    .where(eq(shipments.id, before.id))
    .returning();
  // A referred customer's first delivery earns the referrer's reward (modules/wallet/referral-rewards.ts).
  if (next === 'Delivered' && !before.deliveredAt) await askForReferralReward(tx, before);
  // The activity log keeps who moved what (DECISIONS "Activity log"); the timeline row above is the customer's view.
  const label = isCustom ? `Custom: ${input.customStatusName}` : activityName;
  await recordActivity(tx, {
    actor,
    action: 'UPDATED',
    entity: 'Shipment',
    entityId: before.id,
    category: 'delivery_status',
    summary: `${before.trackingNumber}: ${label}${input.reason ? ` (${input.reason})` : ''}${input.correction ? ' [correction]' : ''}`,
    before: { deliveryStatus: before.deliveryStatus, status: before.status },
    after: {
      deliveryStatus: after!.deliveryStatus,
      status: after!.status,
      activity: label,
      ...(occurredAt ? { occurredAt: occurredAt.toISOString() } : {}),
      ...(input.receivedBy ? { receivedBy: input.receivedBy } : {}),
    },
    status: after!.deliveryStatus,
  });
  const moved = { before, after: after!, activity: activity! };
  await announceMoved(tx, moved);
  return moved;
}

export interface TogetherMove {
  /** Where every shipment moved must be. */
  from: DeliveryStatus;
  activity: string;
  /** The timeline row's type (a consolidation's moves are 'consolidation'). */
  type: NonNullable<typeof shipmentActivities.$inferInsert.type>;
  note: string;
  location: string | null;
  /** 'refuse': a cancelled shipment or one not at `from` refuses the whole move; 'skip': it is left as it is. */
  strays: 'refuse' | 'skip';
}

/**
 * Moves many shipments by one activity at once (a consolidation sealed, landed, completed), along the moves
 * packages/domain allows shipments to make together (canMoveTogether): one INSERT … SELECT for the timeline
 * rows and one UPDATE for the delivery statuses, whatever the number of shipments (500 in the benchmark). The
 * rows are locked first, in id order, and checked: none may have been cancelled or moved on. Answers the ids moved.
 */
export async function moveShipmentsTogether(tx: Tx, actor: Actor, ids: string[], move: TogetherMove): Promise<string[]> {
  const allowed = canMoveTogether(move.from, move.activity);
  if (!allowed.ok) throw new AppError('CONFLICT', allowed.message);
  if (ids.length === 0) return [];
  const locked = await tx
    .select({ id: shipments.id, trackingNumber: shipments.trackingNumber, status: shipments.status, deliveryStatus: shipments.deliveryStatus })
    .from(shipments)
    .where(inArray(shipments.id, ids))
    .orderBy(shipments.id)
    .for('update');
  const isStray = (s: (typeof locked)[number]) => s.status === 'Cancelled' || s.deliveryStatus !== move.from;
  const stray = locked.filter(isStray);
  if (move.strays === 'refuse' && stray.length > 0) {
    const list = stray.slice(0, 5).map((s) => `${s.trackingNumber} (${s.status === 'Cancelled' ? 'cancelled' : s.deliveryStatus})`);
    throw new AppError(
      'CONFLICT',
      `Not every shipment is at "${move.from}": ${list.join(', ')}${stray.length > 5 ? ` and ${stray.length - 5} more` : ''}. Remove or move them first.`,
    );
  }
  const moving = locked.filter((s) => !isStray(s)).map((s) => s.id);
  if (moving.length === 0) return [];
  await tx.execute(sql`
    INSERT INTO ${shipmentActivities} (shipment_id, name, type, delivery_status, note, location, actor_id, actor_name)
    SELECT ${shipments.id}, ${allowed.activity}::text, ${move.type}::activity_type, ${allowed.next}::delivery_status,
           ${move.note}::text, ${move.location}::text, ${actor.id}::uuid, ${togetherActorName(actor)}::text
    FROM ${shipments}
    WHERE ${inArray(shipments.id, moving)}`);
  // Dispatched, as a single move makes it (moveShipmentIn): a pending shipment is now on its way.
  const after = await tx
    .update(shipments)
    .set({ deliveryStatus: allowed.next, status: sql`CASE WHEN ${shipments.status} = 'Pending' THEN 'OnGoing'::shipment_status ELSE ${shipments.status} END` })
    .where(inArray(shipments.id, moving))
    .returning({
      id: shipments.id,
      businessId: shipments.businessId,
      status: shipments.status,
      deliveryStatus: shipments.deliveryStatus,
      paymentStatus: shipments.paymentStatus,
    });
  // A business's shipments moved by the group tell the business, as a single move does (announceMoved).
  await tellBusinesses(tx, after, eventsOfMove(allowed.activity ?? move.activity));
  return moving;
}

/**
 * Puts a shipment on hold without moving it (a package found missing or damaged at deconsolidation): the hold
 * activity on its timeline at its current delivery status, which the rest of the system reads as "on hold".
 */
export async function putShipmentOnHold(tx: Tx, actor: Actor, shipmentId: string, hold: { note: string; location: string | null }): Promise<void> {
  const shipment = (await lockShipment(tx, shipmentId))!;
  await tx.insert(shipmentActivities).values({
    shipmentId,
    name: ON_HOLD,
    type: 'on_hold',
    deliveryStatus: shipment.deliveryStatus,
    note: hold.note,
    location: hold.location,
    actorId: actor.id,
    actorName: togetherActorName(actor),
  });
}

const ON_HOLD = 'On hold - Requires documentation';
// A consolidation's rows have always carried the name trimmed (no trailing space for a one-word name).
const togetherActorName = (actor: Actor) => actorName(actor).trim();

const isShortLabel = (value: string) => (DELIVERY_STATUSES as readonly string[]).includes(value);

export interface CancelInput {
  reasonForCancellation: CancellationReason;
  note?: string;
}

/** Customers cancel until pickup, staff until delivery; the promo use is released in the same transaction. */
export async function cancelShipment(db: Db, actor: Actor, idOrTrackingNumber: string, input: CancelInput): Promise<ShipmentRow> {
  const visible = await findVisibleShipment(db, actor, idOrTrackingNumber);
  const isStaff = actor.ability.can('update_delivery_status', 'Shipment');
  if (!isStaff && visible.ownerId !== actor.id && visible.bookedById !== actor.id) {
    throw new AppError('FORBIDDEN', 'Only the sender or staff may cancel this shipment');
  }
  return db.transaction(async (tx) => {
    const before = (await lockShipment(tx, visible.id))!;
    const allowed = canCancel(before.deliveryStatus, { isStaff, shipmentStatus: before.status });
    if (!allowed.ok) throw new AppError('CONFLICT', allowed.message);
    const [after] = await tx
      .update(shipments)
      .set({
        status: 'Cancelled',
        cancellationReason: input.reasonForCancellation,
        cancellationNote: input.note ?? null,
        cancelledAt: new Date(),
        cancelledById: actor.id,
      })
      .where(eq(shipments.id, before.id))
      .returning();
    await releasePromoUse(tx, before.id);
    // Money paid from the wallet goes back to it as a Refund, with the cancellation or not at all.
    const refund = await refundWalletPayments(tx, before.id, actor.id);
    await tx.insert(shipmentActivities).values({
      shipmentId: before.id,
      name: 'Order cancelled',
      // The timeline shows this note to the customer: their own words for "Other (please specify)".
      note: cancellationReasonText(input.reasonForCancellation, input.note),
      actorId: actor.id,
      actorName: actorName(actor),
    });
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Shipment',
      entityId: before.id,
      category: 'shipments',
      summary: `Cancelled ${before.trackingNumber}: ${input.reasonForCancellation}`,
      before: { status: before.status, deliveryStatus: before.deliveryStatus },
      after: { status: 'Cancelled', cancellationReason: input.reasonForCancellation, refundedInCents: refund.refundedInCents },
    });
    // The voids moved the payment status: read the row as it now stands.
    const cancelled = refund.refundedInCents > 0 ? (await lockShipment(tx, before.id))! : after!;
    await announceCancelled(tx, cancelled);
    return cancelled;
  });
}
