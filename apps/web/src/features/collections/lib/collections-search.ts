import { COLLECTION_SOURCES, COLLECTION_STATUSES, type CollectionSource, type CollectionStatus } from '@hatid/domain';
import { oneOf, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import type { CollectionFilters } from '../api/collections';

/**
 * The /cash-collections address: the table's page, size and search; the status tab (absent: all); where
 * the cash was collected (`source`), who handed it over (`partner`), the hub's province (`location`) and a
 * date range of when the hand-over was recorded (yyyy-MM-dd, Manila days). Read leniently: a hand-edited
 * link falls back to the defaults.
 */
export interface CollectionsSearch extends TableSearch {
  tab?: CollectionStatus;
  source?: CollectionSource;
  partner?: string;
  location?: string;
  startDate?: string;
  endDate?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROVINCE_CODE = /^\d{10}$/;
const isoDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

export function parseCollectionsSearch(raw: Record<string, unknown>): CollectionsSearch {
  const out = parseTableSearch(raw, { tabs: COLLECTION_STATUSES }) as CollectionsSearch;
  const source = oneOf(COLLECTION_SOURCES, raw.source);
  if (source) out.source = source;
  if (typeof raw.partner === 'string' && UUID.test(raw.partner)) out.partner = raw.partner;
  if (typeof raw.location === 'string' && PROVINCE_CODE.test(raw.location)) out.location = raw.location;
  const startDate = isoDay(raw.startDate);
  const endDate = isoDay(raw.endDate);
  if (startDate) out.startDate = startDate;
  // An end before the start is dropped rather than sent (the server would refuse it).
  if (endDate && (!startDate || endDate >= startDate)) out.endDate = endDate;
  return out;
}

/** Whether a filter of the screen's own (besides search and tab) is set. */
export const hasCollectionFilters = (search: CollectionsSearch): boolean =>
  Boolean(search.source || search.partner || search.location || search.startDate || search.endDate);

/** What the server is asked for one status (undefined: every status, the "All" tab). */
export function collectionFilters(search: CollectionsSearch, status: CollectionStatus | undefined): CollectionFilters {
  return {
    search: search.search,
    status,
    collectionsSource: search.source,
    partner: search.partner,
    startDate: search.startDate,
    endDate: search.endDate,
    location: search.location,
  };
}
