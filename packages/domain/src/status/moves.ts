import type { DeliveryStatus, DeliveryType, ShipmentStatus } from '../catalogue/enums.js';
import { DELIVERY_STATUSES } from '../catalogue/enums.js';
import { PRIMARY_ACTIVITY, findActivityStatus, type ActivityName } from './activities.js';

type Moves = readonly ActivityName[];
const ON_HOLD: ActivityName = 'On hold - Requires documentation';

/** Activities allowed from each delivery status (DECISIONS.md "Allowed moves"). */
const FROM_STATUS: Record<DeliveryStatus, Moves> = {
  'Order placed': ['On the way for pickup', ON_HOLD],
  'For pickup': ['On the way for pickup', 'Package picked up', 'Pick up failed', ON_HOLD],
  'Picked up': ['At origin hub', ON_HOLD],
  'Orig. hub': ['Loaded for shipping', ON_HOLD],
  'Orig. port': ['In-transit'],
  'In-transit': ['Arrived at destination port', 'Offloaded at the port'],
  'Dest. port': ['Offloaded at the port', 'Arrived at destination hub'],
  'Dest. hub': ['Out for delivery', 'Ready for pickup at destination hub'],
  'For pickup dest.': ['Delivered'],
  'Out for delivery': ['Delivered', 'Delivery failed'],
  Delivered: [],
};

/** Chains that share one delivery status, so they are told apart by the last status-changing activity. */
const AFTER_ACTIVITY: Partial<Record<ActivityName, Moves>> = {
  'Delivery failed': ['Rescheduled for delivery', 'Return to sender initiated'],
  'Rescheduled for delivery': ['Out for delivery reattempt'],
  'Out for delivery reattempt': ['Delivered', 'Delivery failed'],
  'Return to sender initiated': ['Return to sender in transit'],
  'Return to sender in transit': ['Return to sender delivered'],
};

// Intra-City and Same Day go by land or courier straight to the destination hub: no port leg.
const SKIPS_PORTS: readonly DeliveryType[] = ['intra_city', 'same_day'];

export interface MoveOptions {
  deliveryType: DeliveryType;
  /** The last activity that changed the delivery status (custom ones excluded). Needed for the failed-delivery and return chains. */
  lastActivity?: string | null;
  /** A staff correction (needs the update_delivery_status ability and a note): any known status is allowed. */
  correction?: boolean;
}

export type MoveResult =
  | { ok: true; next: DeliveryStatus; activity: ActivityName | null }
  /** `already`: the shipment's last step is this very step (a second tap, a replayed offline move). */
  | { ok: false; message: string; already?: true };

/**
 * The error code (409) of a move refused because the shipment's last step is already that step. The rider's
 * offline queue counts it as done: the move did happen, by this tap or another.
 */
export const ALREADY_DONE = 'ALREADY_DONE';

const isDeliveryStatus = (value: string): value is DeliveryStatus => (DELIVERY_STATUSES as readonly string[]).includes(value);

function allowedFrom(from: DeliveryStatus, options: MoveOptions): Moves {
  const last = options.lastActivity ? findActivityStatus(options.lastActivity) : null;
  const chained = last && last.deliveryStatus === from ? AFTER_ACTIVITY[last.name as ActivityName] : undefined;
  if (chained) return chained;
  const moves = FROM_STATUS[from];
  return from === 'Orig. hub' && SKIPS_PORTS.includes(options.deliveryType) ? [...moves, 'Arrived at destination hub'] : moves;
}

/**
 * Whether an activity (or a delivery status set by its short label) may be recorded now, and the
 * delivery status it leads to. A custom activity (any unknown name) is always allowed and changes nothing.
 * The shipment's last step (`lastActivity`) is never recorded again right after itself (`already`).
 */
export function canMoveTo(from: DeliveryStatus, activityOrStatus: string, options: MoveOptions): MoveResult {
  const refused = { ok: false, message: `Cannot move a shipment from "${from}" to "${activityOrStatus}"` } as const;
  const activity = findActivityStatus(activityOrStatus) ?? (isDeliveryStatus(activityOrStatus) ? findActivityStatus(PRIMARY_ACTIVITY[activityOrStatus]) : null);
  if (!activity) return { ok: true, next: from, activity: null };
  const name = activity.name as ActivityName;
  // Cancelling is not a move: it goes through canCancel and sets the shipment status.
  if (activity.deliveryStatus === null) return refused;
  // The same step twice in a row records nothing new (three taps of "On the way for pickup" are one trip);
  // only a custom status (not an activity) may repeat. Corrections too: correcting to the last step is a no-op.
  if (options.lastActivity === name) {
    return { ok: false, already: true, message: `This shipment's last step is already "${name}" (${from}): it is not recorded again` };
  }
  if (options.correction) return { ok: true, next: activity.deliveryStatus, activity: name };
  if (!allowedFrom(from, options).includes(name)) return refused;
  // Putting a shipment on hold after pickup must not send it back to "For pickup".
  const next = name === ON_HOLD && from !== 'Order placed' ? from : activity.deliveryStatus;
  return { ok: true, next, activity: name };
}

/**
 * Moves a consolidation makes for all its shipments at once (DECISIONS "Consolidations"): sealing loads them for
 * shipping, landing brings them to the destination port, completing takes the received ones to the destination
 * hub. The flight is the consolidation's, so its shipments go from "Orig. port" to "Dest. port" without an
 * "In-transit" step of their own: the one move here that a single shipment may not make.
 */
const TOGETHER_FROM: Partial<Record<DeliveryStatus, Moves>> = {
  'Orig. hub': ['Loaded for shipping'],
  'Orig. port': ['Arrived at destination port'],
  'Dest. port': ['Arrived at destination hub'],
};

/** Whether shipments at `from` may be moved together by `activity`, and the delivery status they reach. */
export function canMoveTogether(from: DeliveryStatus, activityName: string): MoveResult {
  const activity = findActivityStatus(activityName);
  if (!activity || activity.deliveryStatus === null || !TOGETHER_FROM[from]?.includes(activity.name as ActivityName)) {
    return { ok: false, message: `Cannot move shipments together from "${from}" to "${activityName}"` };
  }
  return { ok: true, next: activity.deliveryStatus, activity: activity.name as ActivityName };
}

export type CancelResult = { ok: true } | { ok: false; message: string };

export const CANCEL_MESSAGES = {
  alreadyCancelled: 'This shipment is already cancelled',
  delivered: 'A delivered shipment cannot be cancelled',
  pickedUp: 'A shipment can be cancelled only before it is picked up',
} as const;

/** Customers cancel until pickup; staff and admins until delivery (DECISIONS.md "Cancellation"). */
export function canCancel(deliveryStatus: DeliveryStatus, options: { isStaff: boolean; shipmentStatus?: ShipmentStatus }): CancelResult {
  if (options.shipmentStatus === 'Cancelled') return { ok: false, message: CANCEL_MESSAGES.alreadyCancelled };
  if (deliveryStatus === 'Delivered') return { ok: false, message: CANCEL_MESSAGES.delivered };
  if (!options.isStaff && deliveryStatus !== 'Order placed' && deliveryStatus !== 'For pickup') {
    return { ok: false, message: CANCEL_MESSAGES.pickedUp };
  }
  return { ok: true };
}
