import { BILLING_TYPES, COLLECTION_STATUSES, type BillingType, type CollectionStatus } from '@hatid/domain';
import { oneOf, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import type { BillingFilters } from '../api/billings';

/**
 * The /billings address: the table's page, size and search; the status tab (absent: all); the billing type
 * (`type`), who prepared it (`biller`), the client or customer billed (`customer`) and the province of the
 * client's shipments (`location`). Read leniently: a hand-edited link falls back to the defaults.
 */
export interface BillingsSearch extends TableSearch {
  tab?: CollectionStatus;
  type?: BillingType;
  biller?: string;
  customer?: string;
  location?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROVINCE_CODE = /^\d{10}$/;

export function parseBillingsSearch(raw: Record<string, unknown>): BillingsSearch {
  const out = parseTableSearch(raw, { tabs: COLLECTION_STATUSES }) as BillingsSearch;
  const type = oneOf(BILLING_TYPES, raw.type);
  if (type) out.type = type;
  if (typeof raw.biller === 'string' && UUID.test(raw.biller)) out.biller = raw.biller;
  if (typeof raw.customer === 'string' && UUID.test(raw.customer)) out.customer = raw.customer;
  if (typeof raw.location === 'string' && PROVINCE_CODE.test(raw.location)) out.location = raw.location;
  return out;
}

/** Whether a filter of the screen's own (besides search and tab) is set. */
export const hasBillingFilters = (search: BillingsSearch): boolean => Boolean(search.type || search.biller || search.customer || search.location);

/** What the server is asked for (the open tab's status; undefined: every status, the "All" tab). */
export function billingFilters(search: BillingsSearch): BillingFilters {
  return {
    search: search.search,
    status: search.tab,
    billingType: search.type,
    billerId: search.biller,
    customerId: search.customer,
    location: search.location,
  };
}
