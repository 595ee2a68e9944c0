import type { ticketDto } from '@hatid/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PageOf } from '../../../lib/api-query';

export type TicketPage = PageOf<typeof ticketDto>;

/** GET /tickets: for a customer, the tickets they opened, newest first. */
export function getMyTickets(query: { page: number; limit: number }, signal?: AbortSignal): Promise<TicketPage> {
  return api.get<TicketPage>('/tickets', { signal, responseType: 'body', query });
}

/** Every ticket query starts with this key, so one invalidation refreshes them all. */
export const ticketsQueryKey = ['tickets'] as const;

export const myTicketsQueryOptions = (query: { page: number; limit: number }) =>
  queryOptions({
    queryKey: [...ticketsQueryKey, 'mine', query],
    queryFn: ({ signal }) => getMyTickets(query, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useMyTickets(query: { page: number; limit: number }) {
  return useQuery(myTicketsQueryOptions(query));
}
