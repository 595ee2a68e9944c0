import type { DeliveryStatus, DeliveryType } from '../catalogue/enums.js';

/** The three legs of a shipment (GET /shipment-miles/progress/{trackingNumber}), as grouped in product.md §4. */
export const SHIPMENT_MILES = ['first', 'mid', 'last'] as const;
export type ShipmentMile = (typeof SHIPMENT_MILES)[number];
export const SHIPMENT_MILE_LABELS: Record<ShipmentMile, string> = { first: 'First mile', mid: 'Mid mile', last: 'Last mile' };

export const MILE_STATUSES = ['pending', 'in_progress', 'on_hold', 'completed', 'skipped', 'cancelled'] as const;
export type MileStatus = (typeof MILE_STATUSES)[number];

/**
 * Where each delivery status stands: the mile it is in, or for the hand-over points (origin hub) the mile
 * just finished. "Orig. hub" ends the first mile; "Dest. hub" starts the last one.
 */
const POSITION: Record<DeliveryStatus, { mile: ShipmentMile; done: boolean }> = {
  'Order placed': { mile: 'first', done: false },
  'For pickup': { mile: 'first', done: false },
  'Picked up': { mile: 'first', done: false },
  'Orig. hub': { mile: 'first', done: true },
  'Orig. port': { mile: 'mid', done: false },
  'In-transit': { mile: 'mid', done: false },
  'Dest. port': { mile: 'mid', done: false },
  'Dest. hub': { mile: 'last', done: false },
  'For pickup dest.': { mile: 'last', done: false },
  'Out for delivery': { mile: 'last', done: false },
  Delivered: { mile: 'last', done: true },
};

export interface MileProgressInput {
  deliveryStatus: DeliveryStatus;
  deliveryType: DeliveryType;
  /** The shipment status is Cancelled: legs not finished never will be. */
  cancelled?: boolean;
  /** The last status activity put the shipment on hold ("On hold - Requires documentation"). */
  onHold?: boolean;
}

// Intra-City and Same Day go straight from the origin hub to the destination hub (status/moves.ts).
const SKIPS_MID: readonly DeliveryType[] = ['intra_city', 'same_day'];

/**
 * The status of each mile, derived from the delivery status only: notes and staff details never change it
 * (DECISIONS "Shipment life cycle": notes never change the delivery status).
 */
export function mileProgress(input: MileProgressInput): Record<ShipmentMile, MileStatus> {
  const skipsMid = SKIPS_MID.includes(input.deliveryType);
  const position = POSITION[input.deliveryStatus];
  const current = SHIPMENT_MILES.indexOf(position.mile);
  const started = input.deliveryStatus !== 'Order placed';
  const result = {} as Record<ShipmentMile, MileStatus>;
  for (const [index, mile] of SHIPMENT_MILES.entries()) {
    let status: MileStatus;
    if (mile === 'mid' && skipsMid) status = 'skipped';
    else if (index < current || (index === current && position.done)) status = 'completed';
    else if (index === current && started) status = 'in_progress';
    else status = 'pending';
    result[mile] = status;
  }
  // The leg being worked on (or next up) is the one a hold or a cancellation stops.
  const active = SHIPMENT_MILES.find((m) => result[m] === 'in_progress' || result[m] === 'pending');
  if (input.cancelled) {
    for (const mile of SHIPMENT_MILES) if (result[mile] === 'in_progress' || result[mile] === 'pending') result[mile] = 'cancelled';
  } else if (input.onHold && active) {
    result[active] = 'on_hold';
  }
  return result;
}
