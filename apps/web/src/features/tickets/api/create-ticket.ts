import type { CreateTicketInput, TicketDto } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ticketsQueryKey } from './get-my-tickets';

/** POST /tickets. */
export function createTicket(input: CreateTicketInput): Promise<TicketDto> {
  return api.post<TicketDto>('/tickets', input);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}
