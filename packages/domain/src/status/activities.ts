import { DELIVERY_FAILURE_REASONS, PICKUP_FAILURE_REASONS, type DeliveryStatus } from '../catalogue/enums.js';

export const ACTIVITY_GROUPS = ['order_processing', 'first_mile', 'mid_mile', 'last_mile'] as const;
export type ActivityGroup = (typeof ACTIVITY_GROUPS)[number];
export const ACTIVITY_GROUP_LABELS: Record<ActivityGroup, string> = {
  order_processing: 'Order processing',
  first_mile: 'First mile',
  mid_mile: 'Mid mile',
  last_mile: 'Last mile',
};

export interface ActivityStatus {
  name: string;
  group: ActivityGroup;
  /** The delivery status it sets (DECISIONS.md table); null for cancellation, which sets the shipment status instead. */
  deliveryStatus: DeliveryStatus | null;
  /** The reason list the rider picks from, when the activity needs one. */
  reasons: readonly string[] | null;
}

const a = (name: string, group: ActivityGroup, deliveryStatus: DeliveryStatus | null, reasons: readonly string[] | null = null) =>
  ({ name, group, deliveryStatus, reasons }) as const satisfies ActivityStatus;

/** Detailed activity statuses of product.md §4, each with the delivery status it leads to. */
export const ACTIVITY_STATUSES = [
  a('Order placed', 'order_processing', 'Order placed'),
  a('Order cancelled', 'order_processing', null),
  a('On the way for pickup', 'first_mile', 'For pickup'),
  a('Package picked up', 'first_mile', 'Picked up'),
  a('Pick up failed', 'first_mile', 'For pickup', PICKUP_FAILURE_REASONS),
  a('On hold - Requires documentation', 'first_mile', 'For pickup'),
  a('At origin hub', 'first_mile', 'Orig. hub'),
  a('Loaded for shipping', 'mid_mile', 'Orig. port'),
  a('Offloaded at the port', 'mid_mile', 'Dest. port'),
  a('In-transit', 'mid_mile', 'In-transit'),
  a('Arrived at destination port', 'mid_mile', 'Dest. port'),
  a('Arrived at destination hub', 'last_mile', 'Dest. hub'),
  // The spec names the "For pickup dest." status but no activity for it; this is the self-collect step.
  a('Ready for pickup at destination hub', 'last_mile', 'For pickup dest.'),
  a('Out for delivery', 'last_mile', 'Out for delivery'),
  a('Delivered', 'last_mile', 'Delivered'),
  a('Delivery failed', 'last_mile', 'Out for delivery', DELIVERY_FAILURE_REASONS),
  a('Rescheduled for delivery', 'last_mile', 'Out for delivery'),
  a('Out for delivery reattempt', 'last_mile', 'Out for delivery'),
  a('Return to sender initiated', 'last_mile', 'Dest. hub'),
  a('Return to sender in transit', 'last_mile', 'Dest. hub'),
  a('Return to sender delivered', 'last_mile', 'Delivered'),
] as const;

export type ActivityName = (typeof ACTIVITY_STATUSES)[number]['name'];
export const ACTIVITY_NAMES = ACTIVITY_STATUSES.map((s) => s.name) as ActivityName[];

const BY_NAME = new Map<string, ActivityStatus>(ACTIVITY_STATUSES.map((s) => [s.name, s]));

export function findActivityStatus(name: string): ActivityStatus | null {
  return BY_NAME.get(name) ?? null;
}

/** Anything that is not a known activity is a custom one (a free status name), which changes nothing. */
export function isCustomActivity(name: string): boolean {
  return !BY_NAME.has(name);
}

/** The activity written when someone sets a delivery status by its short label. */
export const PRIMARY_ACTIVITY: Record<DeliveryStatus, ActivityName> = {
  'Order placed': 'Order placed',
  'For pickup': 'On the way for pickup',
  'Picked up': 'Package picked up',
  'Orig. hub': 'At origin hub',
  'Orig. port': 'Loaded for shipping',
  'In-transit': 'In-transit',
  'Dest. port': 'Arrived at destination port',
  'Dest. hub': 'Arrived at destination hub',
  'For pickup dest.': 'Ready for pickup at destination hub',
  'Out for delivery': 'Out for delivery',
  Delivered: 'Delivered',
};
