import { API_KEY_STATUSES, type ApiKeyStatus } from '@hatid/domain';
import { parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import type { ApiKeyFilters } from '../api/api-keys';

/**
 * The /api-keys address: the table's page, size and search (a name, or a key's prefix), and the status tab
 * (absent: all). Read leniently: a hand-edited link falls back to the defaults.
 */
export interface ApiKeysSearch extends TableSearch {
  tab?: ApiKeyStatus;
}

export const parseApiKeysSearch = (raw: Record<string, unknown>): ApiKeysSearch => parseTableSearch(raw, { tabs: API_KEY_STATUSES }) as ApiKeysSearch;

/** What the server is asked for one status (undefined: every status, the "All" tab). */
export const apiKeyFilters = (search: ApiKeysSearch, status: ApiKeyStatus | undefined): ApiKeyFilters => ({ search: search.search, status });
