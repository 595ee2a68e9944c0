import type { DeliveryStatus, ShipmentStatus } from '../catalogue/enums.js';

export const TIMELINE_HEADLINES = {
  cancelled: 'Shipment order cancelled',
  placed: 'Shipment order placed',
  courierOnTheWay: 'Courier is on the way for pick up',
  onTheWay: 'Shipment is on the way',
} as const;

const BEFORE_PICKUP: readonly DeliveryStatus[] = ['Order placed', 'For pickup'];

/**
 * The timeline headline of product.md §2, followed literally. "Picked up with ongoing" is read as any
 * status from Picked up on while the shipment is OnGoing. Delivered is not named by the spec, so it
 * falls to "anything else" and reads "Shipment order placed"; the timeline below it shows Delivered.
 */
export function timelineHeadline(shipment: { shipmentStatus: ShipmentStatus; deliveryStatus: DeliveryStatus }): string {
  const { shipmentStatus, deliveryStatus } = shipment;
  if (shipmentStatus === 'Cancelled') return TIMELINE_HEADLINES.cancelled;
  if (deliveryStatus === 'For pickup' && shipmentStatus === 'OnGoing') return TIMELINE_HEADLINES.courierOnTheWay;
  if (shipmentStatus === 'OnGoing' && !BEFORE_PICKUP.includes(deliveryStatus) && deliveryStatus !== 'Delivered') {
    return TIMELINE_HEADLINES.onTheWay;
  }
  return TIMELINE_HEADLINES.placed;
}
