import type { TicketDto, ticketListQuery, UserOptionDto } from '@hatid/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api, isApiError } from '../../../lib/api-client';
import { ticketsQueryKey } from './get-my-tickets';
import type { ListQuery, QueryFilters } from '../../../lib/api-query';

/** GET /tickets's filters (besides paging), as the API names them. */
export type TicketFilters = QueryFilters<typeof ticketListQuery>;

export type TicketListParams = ListQuery<typeof ticketListQuery>;

/**
 * The console's ticket queries sit under ['tickets', 'console'], so the shared ticket mutations
 * (update-ticket.ts, delete-ticket.ts invalidate ['tickets']) refresh list, counts and shipment lookups.
 */
export const consoleTicketsQueryKey = [...ticketsQueryKey, 'console'] as const;

export function getTickets(params: TicketListParams, signal?: AbortSignal): Promise<PageResult<TicketDto>> {
  return api.get<PageResult<TicketDto>>('/tickets', { signal, responseType: 'body', query: { ...params } });
}

/** GET /tickets: every ticket (support staff), newest first. */
export function useTickets(params: TicketListParams, enabled = true) {
  return useQuery({
    queryKey: [...consoleTicketsQueryKey, 'list', params],
    queryFn: ({ signal }) => getTickets(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A status tab's count for the same filters: one row asked for, `total` read. */
export function useTicketCount(filters: TicketFilters, enabled: boolean) {
  return useQuery({
    queryKey: [...consoleTicketsQueryKey, 'count', filters],
    queryFn: async ({ signal }) => (await getTickets({ ...filters, page: 1, limit: 1 }, signal)).total,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * GET /tickets/shipment/{shipmentId}: the tickets about one shipment, by tracking number (what the search
 * box takes). An unknown or unseen shipment (404) has no tickets.
 */
export function useShipmentTickets(trackingNumber: string | undefined) {
  return useQuery({
    queryKey: [...consoleTicketsQueryKey, 'shipment', trackingNumber],
    queryFn: async ({ signal }) => {
      try {
        return await api.get<TicketDto[]>(`/tickets/shipment/${encodeURIComponent(trackingNumber!)}`, { signal });
      } catch (error) {
        if (isApiError(error) && error.statusCode === 404) return [];
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    enabled: Boolean(trackingNumber),
  });
}

/** GET /tickets/{id}: one ticket as it is now (the view modal), shown from the row until it answers. */
export function useTicket(ticket: TicketDto) {
  return useQuery({
    queryKey: [...consoleTicketsQueryKey, 'one', ticket.id],
    queryFn: ({ signal }) => api.get<TicketDto>(`/tickets/${encodeURIComponent(ticket.id)}`, { signal }),
    placeholderData: ticket,
  });
}

/** GET /users/assignable-to-tickets: the active support team, for the assignee picker and filter (first 100). */
export function useTicketAssignees() {
  return useQuery({
    queryKey: ['users', 'assignable-to-tickets'],
    queryFn: ({ signal }) => api.get<UserOptionDto[]>('/users/assignable-to-tickets', { signal, query: { limit: 100 } }),
    staleTime: 60_000,
  });
}
