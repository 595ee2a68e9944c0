import { canMoveTo, nextRiderMoves, riderLegsOf, toIsoDate, type ActivityName, type DeliveryStatus, type RiderLeg, type ShipmentDto } from '@hatid/domain';
import type { OutboxItem } from './outbox';

/**
 * The rider's work as the phone sees it: the server's shipments with the rider's own queued actions
 * applied (an offline "Picked up" already shows as picked up), split into pickups and deliveries in
 * route order.
 */
export interface RiderTask {
  shipment: ShipmentDto;
  leg: RiderLeg;
  /** The status after the rider's queued moves. */
  deliveryStatus: DeliveryStatus;
  lastActivity: string | null;
  /** The person at this stop: the sender for a pickup, the recipient for a delivery. */
  party: ShipmentDto['senderAddress'];
  /** Cash to collect at this stop, in cents (0 when nothing is collected here). */
  cashDueInCents: number;
  /** Actions of this shipment still waiting to be sent. */
  waiting: number;
  nextMoves: ActivityName[];
}

/** The shipment with the rider's waiting moves applied, in the order they were made. */
export function localState(shipment: ShipmentDto, items: readonly OutboxItem[], lastActivity: string | null = null) {
  let deliveryStatus = shipment.deliveryStatus;
  let last = lastActivity;
  for (const item of items) {
    if (item.trackingNumber !== shipment.trackingNumber || item.kind !== 'move' || item.state !== 'waiting' || !item.move) continue;
    const move = canMoveTo(deliveryStatus, item.move.activity, { deliveryType: shipment.deliveryType, lastActivity: last });
    if (move.ok) {
      deliveryStatus = move.next;
      last = move.activity ?? item.move.activity;
    }
  }
  return { deliveryStatus, lastActivity: last };
}

/** Cash collected at this leg's stop: "Cash upon pick up" from the sender, "upon delivery" from the recipient. */
export function cashDueAt(shipment: ShipmentDto, leg: RiderLeg, items: readonly OutboxItem[]): number {
  if (shipment.status === 'Cancelled' || shipment.paymentMethod !== 'cash' || shipment.paymentStatus === 'Paid') return 0;
  const payer = leg === 'pickup' ? 'sender' : 'recipient';
  if (shipment.paidBy !== payer) return 0;
  const queued = items
    .filter((item) => item.kind === 'cash' && item.state === 'waiting' && item.trackingNumber === shipment.trackingNumber)
    .reduce((sum, item) => sum + (item.cash?.amountInCents ?? 0), 0);
  return Math.max(shipment.totalInCents - queued, 0);
}

export function taskFor(shipment: ShipmentDto, riderId: string, items: readonly OutboxItem[], lastActivity: string | null = null): RiderTask[] {
  const local = localState(shipment, items, lastActivity);
  const view = { ...shipment, deliveryStatus: local.deliveryStatus };
  const waiting = items.filter((item) => item.trackingNumber === shipment.trackingNumber && item.state === 'waiting').length;
  return riderLegsOf(view, riderId).map((leg) => ({
    shipment,
    leg,
    deliveryStatus: local.deliveryStatus,
    lastActivity: local.lastActivity,
    party: leg === 'pickup' ? shipment.senderAddress : shipment.receiverAddress,
    cashDueInCents: cashDueAt(shipment, leg, items),
    waiting,
    nextMoves: nextRiderMoves(view, riderId, local.lastActivity).filter((move) => (leg === 'pickup' ? PICKUP_MOVES.has(move) : !PICKUP_MOVES.has(move))),
  }));
}

const PICKUP_MOVES = new Set<string>(['On the way for pickup', 'Package picked up', 'Pick up failed', 'At origin hub']);

/** Route order: by barangay, then street, so stops next to each other come one after the other. */
const byStop = (a: RiderTask, b: RiderTask) =>
  a.party.cityLabel.localeCompare(b.party.cityLabel) ||
  a.party.barangayName.localeCompare(b.party.barangayName) ||
  a.party.streetName.localeCompare(b.party.streetName) ||
  a.shipment.trackingNumber.localeCompare(b.shipment.trackingNumber);

/**
 * A pickup leg whose parcel is already on the bike (picked up, on the phone or the server): what is left is
 * bringing it in to the origin hub, a drop, not a pickup, whatever day the pickup was booked for.
 */
export const isInHand = (t: RiderTask) => t.leg === 'pickup' && t.deliveryStatus === 'Picked up';

/**
 * Today's pickups (scheduled today or earlier) and deliveries, each in route order; later pickups apart. A
 * picked-up parcel is no longer a pickup (early ones would otherwise wait under "Later pickups"): it goes
 * with the deliveries, to the origin hub, until the hub takes it in and it leaves the list.
 */
export function riderWorklist(shipments: readonly ShipmentDto[], riderId: string, items: readonly OutboxItem[], now = new Date()) {
  const today = toIsoDate(now);
  const tasks = shipments.flatMap((s) => taskFor(s, riderId, items));
  const toPickUp = (t: RiderTask) => t.leg === 'pickup' && !isInHand(t);
  const isToday = (t: RiderTask) => !t.shipment.pickupDate || t.shipment.pickupDate <= today;
  return {
    pickups: tasks.filter((t) => toPickUp(t) && isToday(t)).sort(byStop),
    deliveries: tasks.filter((t) => t.leg === 'delivery' || isInHand(t)).sort(byStop),
    laterPickups: tasks
      .filter((t) => toPickUp(t) && !isToday(t))
      .sort((a, b) => (a.shipment.pickupDate ?? '').localeCompare(b.shipment.pickupDate ?? '') || byStop(a, b)),
  };
}
