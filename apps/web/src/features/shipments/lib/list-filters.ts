import { DELIVERY_STATUSES, PAGE_SIZES, normalizeTrackingNumber, type DeliveryStatus, type ShipmentStatus } from '@hatid/domain';

/** The status filter of /packages: every delivery status short label, and Cancelled. */
export const STATUS_FILTERS = [...DELIVERY_STATUSES, 'Cancelled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface PackagesSearch {
  page?: number;
  limit?: number;
  search?: string;
  status?: StatusFilter;
}

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

/** Reads /packages?page=&limit=&search=&status= leniently: anything unknown falls back to the default. */
export function parsePackagesSearch(raw: Record<string, unknown>): PackagesSearch {
  const out: PackagesSearch = {};
  const page = positiveInt(raw.page);
  if (page && page > 1) out.page = page;
  const limit = positiveInt(raw.limit);
  if (limit && (PAGE_SIZES as readonly number[]).includes(limit) && limit !== PAGE_SIZES[0]) out.limit = limit;
  if (typeof raw.search === 'string' && raw.search.trim()) out.search = raw.search.trim().slice(0, 100);
  if (typeof raw.status === 'string' && (STATUS_FILTERS as readonly string[]).includes(raw.status)) out.status = raw.status as StatusFilter;
  return out;
}

/** A delivery status means "still going there" (not cancelled); Cancelled is the overall status. */
export function statusQuery(status: StatusFilter | undefined): { shipmentStatus?: ShipmentStatus[]; deliveryStatus?: DeliveryStatus } {
  if (!status) return {};
  if (status === 'Cancelled') return { shipmentStatus: ['Cancelled'] };
  return { shipmentStatus: ['Pending', 'OnGoing'], deliveryStatus: status };
}

export interface TrackSearch {
  trackingNumber?: string;
}

export function parseTrackSearch(raw: Record<string, unknown>): TrackSearch {
  return typeof raw.trackingNumber === 'string' && raw.trackingNumber.trim() ? { trackingNumber: raw.trackingNumber.trim().slice(0, 40) } : {};
}

export interface AirWaybillSearch {
  /** Preselected shipments, e.g. from a detail page. */
  trackingNumbers?: string[];
}

export function parseAirWaybillSearch(raw: Record<string, unknown>): AirWaybillSearch {
  const value = raw.trackingNumbers;
  const list = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .filter((n): n is string => typeof n === 'string')
    .map(normalizeTrackingNumber)
    .filter(Boolean)
    .slice(0, 100);
  return list.length ? { trackingNumbers: list } : {};
}
