import { DELIVERY_STATUSES, type DeliveryStatus, type ShipmentStatus } from '../catalogue/enums.js';

/**
 * The shipments table's tabs: each delivery status (shipments still going there, neither cancelled nor
 * completed otherwise) and Cancelled (the overall status). GET /shipments?tabCounts=true counts each.
 */
export const SHIPMENT_TABS = [...DELIVERY_STATUSES, 'Cancelled'] as const;
export type ShipmentTab = (typeof SHIPMENT_TABS)[number];

/** A tab as list filters: a delivery status means "still going there"; Cancelled is the overall status. */
export function shipmentTabFilters(tab: ShipmentTab | undefined): {
  shipmentStatus?: ShipmentStatus[];
  deliveryStatus?: DeliveryStatus[];
} {
  if (!tab) return {};
  if (tab === 'Cancelled') return { shipmentStatus: ['Cancelled'] };
  return { shipmentStatus: ['Pending', 'OnGoing'], deliveryStatus: [tab] };
}

/**
 * What a shipments list may be sorted by: the booking time, newest or oldest first, which the list indexes
 * serve at any depth with every filter (migration 0008). Sorting by tracking number walked a million rows
 * for a filtered deep page (seconds), so it is not offered. Ties break on id.
 */
export const SHIPMENT_SORT_KEYS = ['createdAt'] as const;
export type ShipmentSortKey = (typeof SHIPMENT_SORT_KEYS)[number];
