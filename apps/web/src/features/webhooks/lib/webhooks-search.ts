import { WEBHOOK_ENDPOINT_STATUSES, type WebhookEndpointStatus } from '@hatid/domain';
import { parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import type { WebhookEndpointFilters } from '../api/webhooks';

/** The /webhooks address: page, size, search (URL or description) and the status tab (absent: all). */
export interface WebhooksSearch extends TableSearch {
  tab?: WebhookEndpointStatus;
}

export const parseWebhooksSearch = (raw: Record<string, unknown>): WebhooksSearch =>
  parseTableSearch(raw, { tabs: WEBHOOK_ENDPOINT_STATUSES }) as WebhooksSearch;

export const webhookFilters = (search: WebhooksSearch, status: WebhookEndpointStatus | undefined): WebhookEndpointFilters => ({
  search: search.search,
  status,
});
