import type { FastifyInstance } from 'fastify';
import { cancellationReasonText, type NotificationType } from '@hatid/domain';
import { appEvent, channels } from '../../platform/events/index.js';
import { notify } from '../notifications/notifications.service.js';
import { findUserByMobile } from '../users/users.repository.js';
import type { MoveResult } from './status.service.js';
import type { ShipmentRow } from './shipments.repository.js';

/** Which activities tell the people concerned something they care about (DECISIONS "Notifications"). */
const NOTIFY_ON: Record<string, NotificationType> = {
  'On the way for pickup': 'courier_on_the_way',
  'Package picked up': 'picked_up',
  'Out for delivery': 'out_for_delivery',
  'Out for delivery reattempt': 'out_for_delivery',
  Delivered: 'delivered',
  'Delivery failed': 'delivery_failed',
};

/**
 * Who is told about a shipment ("Your shipment … was delivered"): its customer (the owner, the person it was
 * booked for) and the recipient where they have an account with that mobile number. Never the one who booked
 * it for them (staff, a partner): it is not their shipment (issue 29, item 6).
 */
async function peopleConcerned(app: FastifyInstance, shipment: ShipmentRow): Promise<string[]> {
  const recipient = await findUserByMobile(app.db, shipment.receiverMobileNumber);
  return [...new Set([shipment.ownerId, ...(recipient ? [recipient.id] : [])])];
}

/** Real-time hints also reach whoever booked it, so the screen they booked from refreshes (no text in them). */
const watchers = (shipment: ShipmentRow, people: string[]) => [...new Set([...people, shipment.bookedById])];

function channelsFor(shipment: ShipmentRow, userIds: string[]): string[] {
  return [
    ...userIds.map(channels.user),
    channels.shipment(shipment.trackingNumber),
    channels.admin,
    ...(shipment.pickupRiderId ? [channels.user(shipment.pickupRiderId)] : []),
    ...(shipment.dropOffRiderId ? [channels.user(shipment.dropOffRiderId)] : []),
  ];
}

// Payloads are hints (ids and statuses, no personal data): browsers refetch what they may see.
const hint = (shipment: ShipmentRow) => ({
  shipmentId: shipment.id,
  trackingNumber: shipment.trackingNumber,
  status: shipment.status,
  deliveryStatus: shipment.deliveryStatus,
});

export async function announceBooked(app: FastifyInstance, shipment: ShipmentRow): Promise<void> {
  const people = await peopleConcerned(app, shipment);
  await app.events.publish(appEvent('SHIPMENT_CREATED', channelsFor(shipment, watchers(shipment, people)), hint(shipment)));
  await notify(app.db, app.events, {
    userIds: [shipment.ownerId],
    type: 'shipment_booked',
    metadata: { trackingNumber: shipment.trackingNumber },
  });
}

export async function announceMoved(app: FastifyInstance, moved: MoveResult): Promise<void> {
  const { after, activity } = moved;
  const people = await peopleConcerned(app, after);
  await app.events.publish(
    appEvent('DELIVERY_STATUS_UPDATED', channelsFor(after, watchers(after, people)), {
      ...hint(after),
      previousDeliveryStatus: moved.before.deliveryStatus,
      activity: activity.name,
    }),
  );
  const type = NOTIFY_ON[activity.name];
  if (type) {
    await notify(app.db, app.events, {
      userIds: people,
      type,
      metadata: { trackingNumber: after.trackingNumber, ...(activity.reason ? { reason: activity.reason } : {}) },
    });
  }
}

export async function announceCancelled(app: FastifyInstance, shipment: ShipmentRow): Promise<void> {
  const people = await peopleConcerned(app, shipment);
  await app.events.publish(appEvent('SHIPMENT_CANCELLED', channelsFor(shipment, watchers(shipment, people)), hint(shipment)));
  await notify(app.db, app.events, {
    userIds: people,
    type: 'cancelled',
    // The person's own words for "Other (please specify)", not the prompt (domain cancellationReasonText).
    metadata: { trackingNumber: shipment.trackingNumber, reason: cancellationReasonText(shipment.cancellationReason, shipment.cancellationNote) },
  });
}

/**
 * A dispatcher assigned a leg to a rider: the rider gets a notification (in the app's list, live on the
 * WebSocket, and as a push on the phone) and their list refetches on the hint. Unassigning tells nobody.
 */
export async function announceRiderAssigned(app: FastifyInstance, before: ShipmentRow, after: ShipmentRow): Promise<void> {
  const legs: { riderId: string; leg: 'pickup' | 'delivery' }[] = [];
  if (after.pickupRiderId && after.pickupRiderId !== before.pickupRiderId) legs.push({ riderId: after.pickupRiderId, leg: 'pickup' });
  if (after.dropOffRiderId && after.dropOffRiderId !== before.dropOffRiderId) legs.push({ riderId: after.dropOffRiderId, leg: 'delivery' });
  for (const { riderId, leg } of legs) {
    await notify(app.db, app.events, { userIds: [riderId], type: 'rider_assigned', metadata: { trackingNumber: after.trackingNumber, leg } });
  }
  // A rider taken off a leg refetches too (the shipment leaves their list).
  const unassigned = [before.pickupRiderId, before.dropOffRiderId].filter(
    (id): id is string => Boolean(id) && id !== after.pickupRiderId && id !== after.dropOffRiderId,
  );
  if (unassigned.length > 0) {
    await app.events.publish(appEvent('DELIVERY_STATUS_UPDATED', unassigned.map(channels.user), hint(after)));
  }
}
