import type { TicketDto, UpdateTicketInput } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';
import { ticketsQueryKey } from './get-my-tickets';

/** PATCH /tickets/{id}: edit an open ticket, or close it. */
export function updateTicket({ id, input }: { id: string | null | undefined; input: UpdateTicketInput }): Promise<TicketDto> {
  const ticketId = required(id, 'id', 'updateTicket');
  return api.patch<TicketDto>(`/tickets/${encodeURIComponent(ticketId)}`, input);
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
