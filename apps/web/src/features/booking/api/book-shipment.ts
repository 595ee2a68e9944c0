import type { CustomerBookingInput, ShipmentDto } from '@hatid/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface BookShipmentVariables {
  input: CustomerBookingInput;
  /** One key per draft: a double click or a retry of the same booking books once. */
  idempotencyKey: string;
}

/** POST /shipments/customer: books for the signed-in customer at the total they confirmed. */
export function bookShipment({ input, idempotencyKey }: BookShipmentVariables): Promise<ShipmentDto> {
  return api.post<ShipmentDto>('/shipments/customer', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useBookShipment() {
  return useMutation({ mutationFn: bookShipment });
}
