import type { DeliveryStatus, ShipmentStatus } from '../catalogue/enums.js';
import { formatDate } from '../format/index.js';
import { findActivityStatus } from './activities.js';

export const TIMELINE_HEADLINES = {
  cancelled: 'Shipment order cancelled',
  placed: 'Shipment order placed',
  courierOnTheWay: 'Courier is on the way for pick up',
  onTheWay: 'Shipment is on the way',
  delivered: 'Delivered',
  returned: 'Returned to the sender',
  returning: 'Shipment is on its way back to the sender',
  readyAtHub: 'Ready for pick up at the destination hub',
} as const;

const BEFORE_PICKUP: readonly DeliveryStatus[] = ['Order placed', 'For pickup'];
const RETURNING = new Set(['Return to sender initiated', 'Return to sender in transit']);

/** The activities of a timeline, newest or oldest first: the last one that moved the delivery status. */
export function lastStatusActivityOf(
  entries: readonly { name: string; customStatusName: string | null; deliveryStatus: string | null; createdAt: string | Date }[],
): string | null {
  let last: { name: string; at: number } | null = null;
  for (const e of entries) {
    if (e.customStatusName || e.deliveryStatus === null || !findActivityStatus(e.name)) continue;
    const at = new Date(e.createdAt).getTime();
    if (!last || at >= last.at) last = { name: e.name, at };
  }
  return last?.name ?? null;
}

export interface HeadlineInput {
  shipmentStatus: ShipmentStatus;
  deliveryStatus: DeliveryStatus;
  /** When it was delivered: "Delivered on November 05, 2026". */
  deliveredAt?: string | Date | null;
  /** The last activity that moved the delivery status, when known: it tells a return from a delivery. */
  lastActivity?: string | null;
}

/**
 * The timeline headline. product.md §2 names cancelled, for pickup with pending or ongoing, and picked up
 * with ongoing (read as any status from Picked up on while the shipment moves); those read as it says. Its
 * "anything else: Shipment order placed" would call a delivered parcel just placed (issue 29, item 13), so
 * the states it does not name get a headline that is true: delivered (on its day), returned to the sender,
 * on its way back, ready at the destination hub. Before pickup it stays "Shipment order placed".
 */
export function timelineHeadline(shipment: HeadlineInput): string {
  const { shipmentStatus, deliveryStatus, deliveredAt, lastActivity } = shipment;
  if (shipmentStatus === 'Cancelled') return TIMELINE_HEADLINES.cancelled;
  if (deliveryStatus === 'For pickup' && shipmentStatus === 'OnGoing') return TIMELINE_HEADLINES.courierOnTheWay;
  if (BEFORE_PICKUP.includes(deliveryStatus)) return TIMELINE_HEADLINES.placed;
  if (deliveryStatus === 'Delivered') {
    const base = lastActivity === 'Return to sender delivered' ? TIMELINE_HEADLINES.returned : TIMELINE_HEADLINES.delivered;
    return deliveredAt ? `${base} on ${formatDate(deliveredAt)}` : base;
  }
  if (lastActivity && RETURNING.has(lastActivity)) return TIMELINE_HEADLINES.returning;
  if (deliveryStatus === 'For pickup dest.') return TIMELINE_HEADLINES.readyAtHub;
  return TIMELINE_HEADLINES.onTheWay;
}
