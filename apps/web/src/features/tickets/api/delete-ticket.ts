import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';
import { ticketsQueryKey } from './get-my-tickets';

/** DELETE /tickets/{id}. */
export function deleteTicket(id: string | null | undefined): Promise<void> {
  const ticketId = required(id, 'id', 'deleteTicket');
  return api.delete<void>(`/tickets/${encodeURIComponent(ticketId)}`);
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    // Refetch on failure too: a 404 means the ticket is already gone from another tab.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
