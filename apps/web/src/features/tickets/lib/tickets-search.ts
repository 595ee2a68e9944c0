import { isValidTrackingNumber, normalizeTrackingNumber, TICKET_STATUSES, type TicketDto, type TicketStatus } from '@hatid/domain';
import type { PageResult } from '../../../components/data-table/data-table';
import { parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';
import type { TicketFilters } from '../api/console-tickets';

/**
 * The /tickets address: the table's page, size and search (a shipment's tracking number); the status tab
 * (absent: all); whose tickets (`assignee`: a support team member's id, or `me`). Read leniently: a
 * hand-edited link falls back to the defaults.
 */
export const ASSIGNED_TO_ME = 'me';

export interface TicketsSearch extends TableSearch {
  tab?: TicketStatus;
  assignee?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseTicketsSearch(raw: Record<string, unknown>): TicketsSearch {
  const out = parseTableSearch(raw, { tabs: TICKET_STATUSES }) as TicketsSearch;
  if (typeof raw.assignee === 'string' && (raw.assignee === ASSIGNED_TO_ME || UUID.test(raw.assignee))) out.assignee = raw.assignee;
  return out;
}

/** The tracking number the search box holds, when it is one (GET /tickets has no text search). */
export function searchedTrackingNumber(search: TicketsSearch): string | undefined {
  return search.search && isValidTrackingNumber(search.search) ? normalizeTrackingNumber(search.search) : undefined;
}

/** What the server is asked for one status (undefined: every status, the "All" tab); `me` is the signed-in person's id. */
export function ticketFilters(search: TicketsSearch, status: TicketStatus | undefined, meId: string | undefined): TicketFilters {
  return { status, assignedToId: search.assignee === ASSIGNED_TO_ME ? meId : search.assignee };
}

/** The tickets of one shipment matching the tab and filters (the shipment call has neither). */
export function filterTickets(tickets: readonly TicketDto[], filters: TicketFilters): TicketDto[] {
  return tickets.filter((t) => (!filters.status || t.status === filters.status) && (!filters.assignedToId || t.assignedToId === filters.assignedToId));
}

/** One page of an already filtered list, shaped as the API's pages are. */
export function pageOfTickets(tickets: readonly TicketDto[], page: number, limit: number): PageResult<TicketDto> {
  const total = tickets.length;
  return { data: tickets.slice((page - 1) * limit, page * limit), page, limit, total, totalPages: Math.ceil(total / limit) };
}

/** The edit modal's fields (support's: never the customer's subject or message); PATCH /tickets/{id} takes any subset. */
export interface TicketEditValues {
  trackingNumber: string;
  status: TicketStatus;
  /** '' = nobody. */
  assignedToId: string;
}

const EDIT_FIELDS: readonly (keyof TicketEditValues)[] = ['trackingNumber', 'status', 'assignedToId'];

/** The form field a server error detail belongs on ("body.shipmentId" is the tracking number's); anything else has none. */
export function ticketFieldOf(apiField: string): keyof TicketEditValues | null {
  const field = apiField.replace(/^(body|query|params)\./, '').replace(/[.[].*$/, '');
  if (field === 'shipmentId') return 'trackingNumber';
  return (EDIT_FIELDS as readonly string[]).includes(field) ? (field as keyof TicketEditValues) : null;
}
