import type { FastifyInstance } from 'fastify';
import { cancellationReasonText, type NotificationType, type RecipientSmsKind } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { appEvent, channels } from '../../platform/events/index.js';
import { enqueueAfterCommit, enqueueAfterCommitOrForWorker, type OutboxTransactionalHandler } from '../../platform/outbox/index.js';
import { publishNotifications, writeNotifications } from '../notifications/index.js';
import { findUserByMobile } from '../users/index.js';
import { announceWalletChanged } from '../wallet/index.js';
import type { MoveResult } from './status.service.js';
import type { ShipmentRow } from './shipments.repository.js';

/**
 * A shipment's changes are announced through the outbox (platform/outbox/after-commit.ts): the service that
 * books, moves, cancels or assigns writes the announcement in its own transaction; right after the commit the
 * request runs it (or, if the process died first, the worker does). Running it writes the notifications with
 * the row's done mark, so they are written once, then publishes the real-time hints.
 */
export const SHIPMENT_ANNOUNCE_TOPIC = 'shipment.announce';

/** Which activities tell the people concerned something they care about (DECISIONS "Notifications"). */
const NOTIFY_ON: Record<string, NotificationType> = {
  'On the way for pickup': 'courier_on_the_way',
  'Package picked up': 'picked_up',
  'Out for delivery': 'out_for_delivery',
  'Out for delivery reattempt': 'out_for_delivery',
  Delivered: 'delivered',
  'Delivery failed': 'delivery_failed',
};

/** What an announcement needs of the shipment as the change left it (the row may have moved on by the time it runs). */
const SNAPSHOT = [
  'id',
  'trackingNumber',
  'status',
  'deliveryStatus',
  'ownerId',
  'bookedById',
  'receiverMobileNumber',
  'pickupRiderId',
  'dropOffRiderId',
  'cancellationReason',
  'cancellationNote',
  'paymentMethod',
] as const;
type Snapshot = Pick<ShipmentRow, (typeof SNAPSHOT)[number]>;
const snapshot = (row: ShipmentRow): Snapshot => Object.fromEntries(SNAPSHOT.map((key) => [key, row[key]])) as Snapshot;

type Announcement =
  | { kind: 'booked'; shipment: Snapshot }
  | { kind: 'moved'; shipment: Snapshot; previousDeliveryStatus: string; activity: string; reason: string | null }
  | { kind: 'cancelled'; shipment: Snapshot }
  | { kind: 'riderAssigned'; shipment: Snapshot; legs: { riderId: string; leg: 'pickup' | 'delivery' }[]; unassigned: string[] };

const announce = (tx: DbOrTx, announcement: Announcement, milestone?: ShipmentMilestone) =>
  enqueueAfterCommit(tx, [
    { topic: SHIPMENT_ANNOUNCE_TOPIC, payload: announcement },
    ...(milestone ? [{ topic: SHIPMENT_MILESTONE_TOPIC, payload: milestone as unknown as Record<string, unknown> }] : []),
  ]);

/**
 * The moments the recipient hears of (issue 33): booked, out for delivery, a failed attempt, delivered. Written
 * beside the announcement, in the change's transaction, for whichever module texts the recipient
 * (recipient-sms) to handle after the commit; this module knows nothing of who handles it.
 */
export const SHIPMENT_MILESTONE_TOPIC = 'shipment.milestone';
export interface ShipmentMilestone {
  kind: RecipientSmsKind;
  shipmentId: string;
  trackingNumber: string;
  receiverMobileNumber: string;
  /** Whose parcel it is: their language is the text's when the recipient has no Hatid account (absent in jobs written before issue 32). */
  ownerId?: string;
  /** The sender's booking option (booked only: the delivery texts go unless the recipient stopped them). */
  textRecipientOnBooking: boolean;
  /** When it happened (ISO): the event's day, not the run's, names it (a retry after midnight is the same text). */
  at: string;
}
const MILESTONE_OF: Record<string, RecipientSmsKind> = {
  'Out for delivery': 'out_for_delivery',
  'Out for delivery reattempt': 'out_for_delivery',
  'Delivery failed': 'delivery_failed',
  Delivered: 'delivered',
};
const milestone = (kind: RecipientSmsKind, shipment: ShipmentRow, at: Date): ShipmentMilestone => ({
  kind,
  shipmentId: shipment.id,
  trackingNumber: shipment.trackingNumber,
  receiverMobileNumber: shipment.receiverMobileNumber,
  ownerId: shipment.ownerId,
  textRecipientOnBooking: shipment.textRecipientOnBooking,
  at: at.toISOString(),
});

/**
 * A business's shipment changed (issue 33): an outbox row for whoever integrates with the business (the webhooks
 * module handles the topic; shipments knows nothing of it). Written in the change's transaction, inside a request
 * (run right after its commit) or not (a payment credited by the provider's webhook runs in the outbox), and only
 * for a business's shipments. `types` are the events of DECISIONS "Business webhooks" this change is; the statuses
 * are the ones the change left, whatever happens to the shipment before the event is handled.
 */
export const BUSINESS_SHIPMENT_EVENT_TOPIC = 'business.shipment_event';
export type BusinessShipmentEvent = {
  types: string[];
  shipmentId: string;
  businessId: string;
  occurredAt: string;
  at: { status?: string; deliveryStatus?: string; paymentStatus?: string };
};

type BusinessShipment = Pick<ShipmentRow, 'id' | 'businessId'> & Partial<Pick<ShipmentRow, 'status' | 'deliveryStatus' | 'paymentStatus'>>;

export async function tellBusiness(tx: DbOrTx, shipment: BusinessShipment, types: string[]): Promise<void> {
  await tellBusinesses(tx, [shipment], types);
}

/** The same events for many shipments (a consolidation's group move): one outbox row each business shipment, one insert. */
export async function tellBusinesses(tx: DbOrTx, rows: readonly BusinessShipment[], types: string[]): Promise<void> {
  if (types.length === 0) return;
  const occurredAt = new Date().toISOString();
  const messages = rows.flatMap((shipment) => {
    if (!shipment.businessId) return [];
    const at = Object.fromEntries(
      (['status', 'deliveryStatus', 'paymentStatus'] as const).filter((k) => shipment[k] !== undefined).map((k) => [k, shipment[k]]),
    ) as BusinessShipmentEvent['at'];
    const payload: BusinessShipmentEvent = { types, shipmentId: shipment.id, businessId: shipment.businessId, occurredAt, at };
    return [{ topic: BUSINESS_SHIPMENT_EVENT_TOPIC, payload }];
  });
  if (messages.length > 0) await enqueueAfterCommitOrForWorker(tx, messages);
}

/** The events a move is: always a status change; delivered, a failed delivery or a return delivered besides. */
export function eventsOfMove(activity: string): string[] {
  const types = ['shipment.status_changed'];
  if (activity === 'Delivered') types.push('shipment.delivered');
  if (activity === 'Delivery failed') types.push('shipment.delivery_failed');
  if (activity === 'Return to sender delivered') types.push('shipment.returned');
  return types;
}

export async function announceBooked(tx: DbOrTx, shipment: ShipmentRow): Promise<void> {
  await announce(tx, { kind: 'booked', shipment: snapshot(shipment) }, milestone('booked', shipment, shipment.createdAt));
  await tellBusiness(tx, shipment, ['shipment.booked']);
}

/**
 * Many bookings of one transaction, written with one statement per kind (bulk booking). The live hints are the
 * request's only (a bulk run outlives its request and announces nothing per row); the recipient's texts and the
 * business's webhook events go to the worker (a bulk run is always someone's booking, never the seed's).
 */
export async function announceBookedMany(tx: DbOrTx, booked: ShipmentRow[]): Promise<void> {
  await enqueueAfterCommit(
    tx,
    booked.map((shipment) => ({ topic: SHIPMENT_ANNOUNCE_TOPIC, payload: { kind: 'booked', shipment: snapshot(shipment) } })),
  );
  const occurredAt = new Date().toISOString();
  await enqueueAfterCommitOrForWorker(tx, [
    ...booked.map((shipment) => ({
      topic: SHIPMENT_MILESTONE_TOPIC,
      payload: milestone('booked', shipment, shipment.createdAt) as unknown as Record<string, unknown>,
    })),
    ...booked.flatMap(({ businessId, ...shipment }) =>
      businessId === null
        ? []
        : [
            {
              topic: BUSINESS_SHIPMENT_EVENT_TOPIC,
              payload: {
                types: ['shipment.booked'],
                shipmentId: shipment.id,
                businessId,
                occurredAt,
                at: { status: shipment.status, deliveryStatus: shipment.deliveryStatus, paymentStatus: shipment.paymentStatus },
              } satisfies BusinessShipmentEvent as unknown as Record<string, unknown>,
            },
          ],
    ),
  ]);
}

export async function announceMoved(tx: DbOrTx, moved: MoveResult): Promise<void> {
  const kind = moved.activity.customStatusName ? undefined : MILESTONE_OF[moved.activity.name];
  await announce(
    tx,
    {
      kind: 'moved',
      shipment: snapshot(moved.after),
      previousDeliveryStatus: moved.before.deliveryStatus,
      activity: moved.activity.name,
      reason: moved.activity.reason,
    },
    kind ? milestone(kind, moved.after, moved.activity.occurredAt ?? moved.activity.createdAt) : undefined,
  );
  await tellBusiness(tx, moved.after, eventsOfMove(moved.activity.name));
}

export async function announceCancelled(tx: DbOrTx, shipment: ShipmentRow): Promise<void> {
  await announce(tx, { kind: 'cancelled', shipment: snapshot(shipment) });
  await tellBusiness(tx, shipment, ['shipment.cancelled']);
}

/**
 * A dispatcher assigned a leg to a rider: the rider gets a notification (in the app's list, live on the
 * WebSocket, and as a push on the phone) and their list refetches on the hint. Unassigning tells nobody, but
 * a rider taken off a leg refetches too (the shipment leaves their list).
 */
export async function announceRiderAssigned(tx: DbOrTx, before: ShipmentRow, after: ShipmentRow): Promise<void> {
  const legs: { riderId: string; leg: 'pickup' | 'delivery' }[] = [];
  if (after.pickupRiderId && after.pickupRiderId !== before.pickupRiderId) legs.push({ riderId: after.pickupRiderId, leg: 'pickup' });
  if (after.dropOffRiderId && after.dropOffRiderId !== before.dropOffRiderId) legs.push({ riderId: after.dropOffRiderId, leg: 'delivery' });
  const unassigned = [before.pickupRiderId, before.dropOffRiderId].filter(
    (id): id is string => Boolean(id) && id !== after.pickupRiderId && id !== after.dropOffRiderId,
  );
  if (legs.length > 0 || unassigned.length > 0) await announce(tx, { kind: 'riderAssigned', shipment: snapshot(after), legs, unassigned });
}

/**
 * Who is told about a shipment ("Your shipment … was delivered"): its customer (the owner, the person it was
 * booked for) and the recipient where they have an account with that mobile number. Never the one who booked
 * it for them (staff, a partner): it is not their shipment (issue 29, item 6).
 */
async function peopleConcerned(db: DbOrTx, shipment: Snapshot): Promise<string[]> {
  const recipient = await findUserByMobile(db, shipment.receiverMobileNumber);
  return [...new Set([shipment.ownerId, ...(recipient ? [recipient.id] : [])])];
}

/** Real-time hints also reach whoever booked it, so the screen they booked from refreshes (no text in them). */
const watchers = (shipment: Snapshot, people: string[]) => [...new Set([...people, shipment.bookedById])];

function channelsFor(shipment: Snapshot, userIds: string[]): string[] {
  return [
    ...userIds.map(channels.user),
    channels.shipment(shipment.trackingNumber),
    channels.admin,
    ...(shipment.pickupRiderId ? [channels.user(shipment.pickupRiderId)] : []),
    ...(shipment.dropOffRiderId ? [channels.user(shipment.dropOffRiderId)] : []),
  ];
}

// Payloads are hints (ids and statuses, no personal data): browsers refetch what they may see.
const hint = (shipment: Snapshot) => ({
  shipmentId: shipment.id,
  trackingNumber: shipment.trackingNumber,
  status: shipment.status,
  deliveryStatus: shipment.deliveryStatus,
});

/** Runs an announcement: notifications in the claiming transaction, hints after its commit (in today's order). */
export function createShipmentAnnouncer(app: FastifyInstance): OutboxTransactionalHandler {
  return async (tx, row) => {
    const announcement = row.payload as Announcement;
    const { shipment } = announcement;
    const walletToo = async () => {
      if (shipment.paymentMethod === 'wallet') await announceWalletChanged(app, shipment.ownerId);
    };
    switch (announcement.kind) {
      case 'booked': {
        const people = await peopleConcerned(tx, shipment);
        const told = await writeNotifications(tx, {
          userIds: [shipment.ownerId],
          type: 'shipment_booked',
          metadata: { trackingNumber: shipment.trackingNumber },
        });
        return async () => {
          await app.events.publish(appEvent('SHIPMENT_CREATED', channelsFor(shipment, watchers(shipment, people)), hint(shipment)));
          await publishNotifications(app.events, told);
          await walletToo();
        };
      }
      case 'moved': {
        const people = await peopleConcerned(tx, shipment);
        const type = NOTIFY_ON[announcement.activity];
        const told = type
          ? await writeNotifications(tx, {
              userIds: people,
              type,
              metadata: { trackingNumber: shipment.trackingNumber, ...(announcement.reason ? { reason: announcement.reason } : {}) },
            })
          : [];
        return async () => {
          await app.events.publish(
            appEvent('DELIVERY_STATUS_UPDATED', channelsFor(shipment, watchers(shipment, people)), {
              ...hint(shipment),
              previousDeliveryStatus: announcement.previousDeliveryStatus,
              activity: announcement.activity,
            }),
          );
          await publishNotifications(app.events, told);
        };
      }
      case 'cancelled': {
        const people = await peopleConcerned(tx, shipment);
        const told = await writeNotifications(tx, {
          userIds: people,
          type: 'cancelled',
          // The person's own words for "Other (please specify)", not the prompt (domain cancellationReasonText).
          metadata: { trackingNumber: shipment.trackingNumber, reason: cancellationReasonText(shipment.cancellationReason, shipment.cancellationNote) },
        });
        return async () => {
          await app.events.publish(appEvent('SHIPMENT_CANCELLED', channelsFor(shipment, watchers(shipment, people)), hint(shipment)));
          await publishNotifications(app.events, told);
          await walletToo();
        };
      }
      case 'riderAssigned': {
        const told: Awaited<ReturnType<typeof writeNotifications>>[] = [];
        for (const { riderId, leg } of announcement.legs) {
          told.push(await writeNotifications(tx, { userIds: [riderId], type: 'rider_assigned', metadata: { trackingNumber: shipment.trackingNumber, leg } }));
        }
        return async () => {
          for (const rows of told) await publishNotifications(app.events, rows);
          if (announcement.unassigned.length > 0) {
            await app.events.publish(appEvent('DELIVERY_STATUS_UPDATED', announcement.unassigned.map(channels.user), hint(shipment)));
          }
        };
      }
    }
  };
}
