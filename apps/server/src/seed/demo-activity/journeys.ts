import {
  canMoveTo,
  DELIVERY_FAILURE_REASONS,
  PICKUP_FAILURE_REASONS,
  type ActivityName,
  type DeliveryStatus,
  type DeliveryType,
  type ServiceType,
} from '@hatid/domain';

/** Where a demo shipment has got to: every delivery status, the failure and return chains, and cancellation. */
export const OUTCOMES = [
  'placed',
  'on_hold',
  'for_pickup',
  'pickup_failed',
  'picked_up',
  'orig_hub',
  'orig_port',
  'in_transit',
  'dest_port',
  'dest_hub',
  'ready_at_hub',
  'out_for_delivery',
  'failed_rescheduled',
  'delivered',
  'delivered_after_retry',
  'self_collected',
  'returning',
  'returned',
  'cancelled',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Who records a step: the shipment's riders, hub staff, or the consolidator at the port. */
export type StepActor = 'pickupRider' | 'deliveryRider' | 'staff' | 'consolidator';

export interface Step {
  activity: ActivityName;
  actor: StepActor;
  reason?: string;
  note?: string;
  /** A staff correction (needs a note): how a Drop Off parcel is taken in at the hub today. */
  correction?: boolean;
  /** The delivery status the step leaves, filled in by walkJourney. */
  deliveryStatus?: DeliveryStatus;
}

const PORTLESS: readonly DeliveryType[] = ['same_day', 'intra_city'];

/** Outcomes that need the port leg; Same Day and Intra-City go straight from hub to hub. */
export const PORT_OUTCOMES: readonly Outcome[] = ['orig_port', 'in_transit', 'dest_port'];
/** Outcomes that need a rider at the sender's door: a Drop Off parcel comes to the hub instead. */
export const PICKUP_OUTCOMES: readonly Outcome[] = ['on_hold', 'for_pickup', 'pickup_failed', 'picked_up'];

function firstMile(serviceType: ServiceType, hubName: string): Step[] {
  if (serviceType === 'Drop Off') {
    return [{ activity: 'At origin hub', actor: 'staff', correction: true, note: `Dropped off by the sender at ${hubName}` }];
  }
  return [
    { activity: 'On the way for pickup', actor: 'pickupRider' },
    { activity: 'Package picked up', actor: 'pickupRider' },
    { activity: 'At origin hub', actor: 'pickupRider' },
  ];
}

function midMile(deliveryType: DeliveryType): Step[] {
  if (PORTLESS.includes(deliveryType)) return [{ activity: 'Arrived at destination hub', actor: 'staff' }];
  return [
    { activity: 'Loaded for shipping', actor: 'consolidator' },
    { activity: 'In-transit', actor: 'consolidator' },
    { activity: 'Arrived at destination port', actor: 'consolidator' },
    { activity: 'Arrived at destination hub', actor: 'staff' },
  ];
}

const outForDelivery: Step = { activity: 'Out for delivery', actor: 'deliveryRider' };
const failed = (reason: string): Step => ({ activity: 'Delivery failed', actor: 'deliveryRider', reason });

/** The steps after "Order placed" that bring a shipment to its outcome (cancellation is added by the caller). */
export function journeyTo(
  outcome: Outcome,
  shipment: { deliveryType: DeliveryType; serviceType: ServiceType; hubName: string },
  pick: <T>(list: readonly T[]) => T,
): Step[] {
  const first = firstMile(shipment.serviceType, shipment.hubName);
  const mid = midMile(shipment.deliveryType);
  const toHub = [...first, ...mid];
  switch (outcome) {
    case 'placed':
    case 'cancelled':
      return [];
    case 'on_hold':
      return [{ activity: 'On hold - Requires documentation', actor: 'staff', note: 'Waiting for the sender to send a copy of the sales invoice' }];
    case 'for_pickup':
      return first.slice(0, 1);
    case 'pickup_failed':
      return [first[0]!, { activity: 'Pick up failed', actor: 'pickupRider', reason: pick(PICKUP_FAILURE_REASONS) }];
    case 'picked_up':
      return first.slice(0, 2);
    case 'orig_hub':
      return first;
    case 'orig_port':
      return [...first, ...mid.slice(0, 1)];
    case 'in_transit':
      return [...first, ...mid.slice(0, 2)];
    case 'dest_port':
      return [...first, ...mid.slice(0, 3)];
    case 'dest_hub':
      return toHub;
    case 'ready_at_hub':
      return [...toHub, { activity: 'Ready for pickup at destination hub', actor: 'staff' }];
    case 'out_for_delivery':
      return [...toHub, outForDelivery];
    case 'failed_rescheduled':
      return [
        ...toHub,
        outForDelivery,
        failed(pick(['Recipient unavailable', 'Insufficient time'])),
        { activity: 'Rescheduled for delivery', actor: 'deliveryRider', note: 'Recipient asked for delivery tomorrow afternoon' },
      ];
    case 'delivered':
      return [...toHub, outForDelivery, { activity: 'Delivered', actor: 'deliveryRider' }];
    case 'delivered_after_retry':
      return [
        ...toHub,
        outForDelivery,
        failed('Recipient unavailable'),
        { activity: 'Rescheduled for delivery', actor: 'deliveryRider' },
        { activity: 'Out for delivery reattempt', actor: 'deliveryRider' },
        { activity: 'Delivered', actor: 'deliveryRider' },
      ];
    case 'self_collected':
      return [
        ...toHub,
        { activity: 'Ready for pickup at destination hub', actor: 'staff' },
        { activity: 'Delivered', actor: 'staff', note: 'Collected at the hub by the recipient' },
      ];
    case 'returning':
    case 'returned': {
      const back: Step[] = [
        ...toHub,
        outForDelivery,
        failed(pick(DELIVERY_FAILURE_REASONS.filter((r) => r !== 'Other'))),
        { activity: 'Return to sender initiated', actor: 'staff' },
        { activity: 'Return to sender in transit', actor: 'staff' },
      ];
      return outcome === 'returned' ? [...back, { activity: 'Return to sender delivered', actor: 'staff' }] : back;
    }
  }
}

/**
 * Walks the steps through the domain's own move rules (canMoveTo, as the status service does), filling in the
 * status each leaves: a step the app would refuse stops the seed instead of storing a history the app could
 * not have made.
 */
export function walkJourney(steps: Step[], deliveryType: DeliveryType): DeliveryStatus {
  let status: DeliveryStatus = 'Order placed';
  let last: string = 'Order placed';
  for (const step of steps) {
    const move = canMoveTo(status, step.activity, { deliveryType, lastActivity: last, correction: step.correction ?? false });
    if (!move.ok) throw new Error(`Demo journey refused by the move rules: ${move.message}`);
    status = move.next;
    last = move.activity ?? step.activity;
    step.deliveryStatus = status;
  }
  return status;
}
