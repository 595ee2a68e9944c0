import type { TicketReplyInput, TicketThreadEntryDto } from '@hatid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ticketsQueryKey } from './get-my-tickets';

/** Under ['tickets'], so a status change (update-ticket.ts) refreshes the thread that shows it. */
export const ticketThreadQueryKey = (ticketId: string) => [...ticketsQueryKey, 'thread', ticketId] as const;

/** GET /tickets/{id}/replies: the thread, oldest first (beyond the catalogue: README). */
export function useTicketThread(ticketId: string, enabled = true) {
  return useQuery({
    queryKey: ticketThreadQueryKey(ticketId),
    queryFn: ({ signal }) => api.get<TicketThreadEntryDto[]>(`/tickets/${encodeURIComponent(ticketId)}/replies`, { signal }),
    enabled,
  });
}

/** POST /tickets/{id}/replies. A support reply may move the ticket (in progress, assigned): every ticket query refreshes. */
export function useReplyToTicket(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketReplyInput) => api.post<TicketThreadEntryDto>(`/tickets/${encodeURIComponent(ticketId)}/replies`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
