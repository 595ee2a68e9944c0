import { DELIVERY_STATUSES, type DeliveryStatus, type DeliveryType } from '../catalogue/enums.js';
import { findActivityStatus, PRIMARY_ACTIVITY, type ActivityName } from './activities.js';
import { canMoveTo } from './moves.js';

/**
 * What a rider may record on a shipment: the activities of their own leg (DECISIONS "Riders": a rider
 * moves the shipments assigned to them along the allowed statuses), never the hub's or the port's.
 */
export type RiderLeg = 'pickup' | 'delivery';

export const RIDER_LEG_ACTIVITIES: Record<RiderLeg, readonly ActivityName[]> = {
  pickup: ['On the way for pickup', 'Package picked up', 'Pick up failed', 'At origin hub'],
  delivery: ['Out for delivery', 'Delivered', 'Delivery failed', 'Rescheduled for delivery', 'Out for delivery reattempt'],
};

/** Activities that need a proof photo from the rider's camera, and which photo. */
export const PROOF_FOR_ACTIVITY: Partial<Record<ActivityName, 'pickup' | 'delivery'>> = {
  'Package picked up': 'pickup',
  Delivered: 'delivery',
};

/** The delivery statuses in which a leg is the rider's work (the rider's task list). */
export const RIDER_LEG_STATUSES: Record<RiderLeg, readonly DeliveryStatus[]> = {
  pickup: ['Order placed', 'For pickup', 'Picked up'],
  delivery: ['Dest. hub', 'Out for delivery'],
};

export interface RiderShipment {
  deliveryStatus: DeliveryStatus;
  deliveryType: DeliveryType;
  status: string;
  pickupRiderId: string | null;
  dropOffRiderId: string | null;
}

/** The legs of a shipment that are this rider's to do now (none once delivered or cancelled). */
export function riderLegsOf(shipment: RiderShipment, riderId: string): RiderLeg[] {
  if (shipment.status === 'Cancelled') return [];
  const legs: RiderLeg[] = [];
  if (shipment.pickupRiderId === riderId && RIDER_LEG_STATUSES.pickup.includes(shipment.deliveryStatus)) legs.push('pickup');
  if (shipment.dropOffRiderId === riderId && RIDER_LEG_STATUSES.delivery.includes(shipment.deliveryStatus)) legs.push('delivery');
  return legs;
}

/** Whether `activity` belongs to a leg the rider is assigned to (the server's check of a rider's move). */
export function isRiderActivity(shipment: Pick<RiderShipment, 'pickupRiderId' | 'dropOffRiderId'>, riderId: string, activity: string): boolean {
  const shortLabel = (DELIVERY_STATUSES as readonly string[]).includes(activity) ? PRIMARY_ACTIVITY[activity as DeliveryStatus] : undefined;
  const name = (findActivityStatus(activity)?.name ?? shortLabel) as ActivityName | undefined;
  if (!name) return false;
  return (
    (shipment.pickupRiderId === riderId && RIDER_LEG_ACTIVITIES.pickup.includes(name)) ||
    (shipment.dropOffRiderId === riderId && RIDER_LEG_ACTIVITIES.delivery.includes(name))
  );
}

/**
 * The next moves the rider app offers: the allowed moves from the current status (canMoveTo, so the app
 * and the server agree) that belong to the rider's legs. `lastActivity` tells the failed-delivery chain apart.
 */
export function nextRiderMoves(shipment: RiderShipment, riderId: string, lastActivity?: string | null): ActivityName[] {
  const legs = riderLegsOf(shipment, riderId);
  const candidates = legs.flatMap((leg) => RIDER_LEG_ACTIVITIES[leg]);
  return [...new Set(candidates)].filter((activity) => {
    const move = canMoveTo(shipment.deliveryStatus, activity, { deliveryType: shipment.deliveryType, lastActivity: lastActivity ?? null });
    return move.ok;
  });
}
