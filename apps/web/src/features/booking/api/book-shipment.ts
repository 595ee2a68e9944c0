import type { CustomerBookingInput, ShipmentDto } from '@hatid/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface BookShipmentVariables {
  input: CustomerBookingInput;
  /** One key per draft: a double click or a retry of the same booking books once. */
  idempotencyKey: string;
  /** Staff, ssp and partners booking from the console: the customer it is for. */
  ownerId?: string | undefined;
}

/**
 * POST /shipments/customer: books for the signed-in customer at the total they confirmed; with an owner,
 * POST /shipments books in that customer's name (the server checks that the booker may).
 */
export function bookShipment({ input, idempotencyKey, ownerId }: BookShipmentVariables): Promise<ShipmentDto> {
  const headers = { 'Idempotency-Key': idempotencyKey };
  if (ownerId) return api.post<ShipmentDto>('/shipments', { ...input, ownerId }, { headers });
  return api.post<ShipmentDto>('/shipments/customer', input, { headers });
}

export function useBookShipment() {
  return useMutation({ mutationFn: bookShipment });
}
