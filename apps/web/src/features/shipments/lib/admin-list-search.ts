import {
  DELIVERY_TYPES,
  SERVICE_TYPES,
  SHIPMENT_SORT_KEYS,
  SHIPMENT_TABS,
  shipmentTabFilters,
  type DeliveryType,
  type ServiceType,
  type ShipmentTab,
} from '@hatid/domain';
import { oneOf, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';

/**
 * The console's /shipments address: the data table's page, size, search and tab, plus the catalogue
 * filters the list call takes (lists.schemas.ts): delivery type, service type and a booking date range.
 * Read leniently (a hand-edited or old link falls back to the defaults) and without zod, since this runs
 * in the route tree that every first visit loads.
 */
export { SHIPMENT_TABS, type ShipmentTab };

export interface AdminShipmentsSearch extends TableSearch {
  tab?: ShipmentTab;
  deliveryType?: DeliveryType;
  shipmentType?: ServiceType;
  /** `customer`: the "Book for a customer" picker is open (so Back and a shared link keep it). */
  book?: 'customer';
  /** yyyy-MM-dd, Manila days, inclusive. */
  startDate?: string;
  endDate?: string;
}

const isoDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

export function parseAdminShipmentsSearch(raw: Record<string, unknown>): AdminShipmentsSearch {
  const out: AdminShipmentsSearch = parseTableSearch(raw, { tabs: SHIPMENT_TABS, sorts: SHIPMENT_SORT_KEYS }) as AdminShipmentsSearch;
  const deliveryType = oneOf(DELIVERY_TYPES, raw.deliveryType);
  if (deliveryType) out.deliveryType = deliveryType;
  const shipmentType = oneOf(SERVICE_TYPES, raw.shipmentType);
  if (shipmentType) out.shipmentType = shipmentType;
  if (raw.book === 'customer') out.book = 'customer';
  const startDate = isoDay(raw.startDate);
  if (startDate) out.startDate = startDate;
  const endDate = isoDay(raw.endDate);
  if (endDate && (!startDate || endDate >= startDate)) out.endDate = endDate;
  return out;
}

/** The filters the list and the export send (everything but page, size and order). */
export function adminShipmentFilters(search: AdminShipmentsSearch) {
  const { shipmentStatus, deliveryStatus } = shipmentTabFilters(search.tab);
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
    deliveryStatus: filters.deliveryStatus?.join(','),
    deliveryTypes: filters.deliveryTypes?.join(','),
    shipmentType: filters.shipmentType,
    startDate: filters.startDate,
    endDate: filters.endDate,
  };
}
