import { DELIVERY_STATUSES, DELIVERY_TYPES, SERVICE_TYPES, type DeliveryStatus, type DeliveryType, type ServiceType, type ShipmentStatus } from '@hatid/domain';
import { oneOf, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';

/**
 * The console's /shipments address: the data table's page, size, search and tab, plus the catalogue
 * filters the list call takes (lists.schemas.ts): delivery type, service type and a booking date range.
 * Read leniently (a hand-edited or old link falls back to the defaults) and without zod, since this runs
 * in the route tree that every first visit loads.
 */
export const SHIPMENT_TABS = [...DELIVERY_STATUSES, 'Cancelled'] as const;
export type ShipmentTab = (typeof SHIPMENT_TABS)[number];

export interface AdminShipmentsSearch extends TableSearch {
  tab?: ShipmentTab;
  deliveryType?: DeliveryType;
  shipmentType?: ServiceType;
  /** yyyy-MM-dd, Manila days, inclusive. */
  startDate?: string;
  endDate?: string;
}

const isoDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

export function parseAdminShipmentsSearch(raw: Record<string, unknown>): AdminShipmentsSearch {
  const out: AdminShipmentsSearch = parseTableSearch(raw, { tabs: SHIPMENT_TABS }) as AdminShipmentsSearch;
  const deliveryType = oneOf(DELIVERY_TYPES, raw.deliveryType);
  if (deliveryType) out.deliveryType = deliveryType;
  const shipmentType = oneOf(SERVICE_TYPES, raw.shipmentType);
  if (shipmentType) out.shipmentType = shipmentType;
  const startDate = isoDay(raw.startDate);
  if (startDate) out.startDate = startDate;
  const endDate = isoDay(raw.endDate);
  if (endDate && (!startDate || endDate >= startDate)) out.endDate = endDate;
  return out;
}

/** A tab as list filters: a delivery status means "still going there"; Cancelled is the overall status. */
export function tabQuery(tab: ShipmentTab | undefined): { shipmentStatus?: ShipmentStatus[]; deliveryStatus?: DeliveryStatus } {
  if (!tab) return {};
  if (tab === 'Cancelled') return { shipmentStatus: ['Cancelled'] };
  return { shipmentStatus: ['Pending', 'OnGoing'], deliveryStatus: tab };
}

/** The filters the list and the export send (everything but page and size). */
export function adminShipmentFilters(search: AdminShipmentsSearch) {
  const { shipmentStatus, deliveryStatus } = tabQuery(search.tab);
  return {
    search: search.search,
    shipmentStatus,
    deliveryStatus,
    deliveryTypes: search.deliveryType ? [search.deliveryType] : undefined,
    shipmentType: search.shipmentType,
    startDate: search.startDate,
    endDate: search.endDate,
  };
}
export type AdminShipmentFilters = ReturnType<typeof adminShipmentFilters>;

/** The filters as query parameters (lists take comma lists for several values). */
export function filtersToQuery(filters: AdminShipmentFilters): Record<string, string | undefined> {
  return {
    search: filters.search || undefined,
    shipmentStatus: filters.shipmentStatus?.join(','),
    deliveryStatus: filters.deliveryStatus,
    deliveryTypes: filters.deliveryTypes?.join(','),
    shipmentType: filters.shipmentType,
    startDate: filters.startDate,
    endDate: filters.endDate,
  };
}
