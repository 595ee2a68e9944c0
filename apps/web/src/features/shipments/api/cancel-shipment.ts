import type { ShipmentDto, cancelShipmentBody } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, required } from '../../../lib/api-client';
import { shipmentQueryKey } from './get-shipment';

export type CancelShipmentInput = z.input<typeof cancelShipmentBody>;

/** PUT /shipments/{id}/cancel with one of the spec's reasons ("Other" carries the customer's words). */
export function cancelShipment(id: string | null | undefined, input: CancelShipmentInput): Promise<ShipmentDto> {
  const shipmentId = required(id, 'id', 'cancelShipment');
  return api.put<ShipmentDto>(`/shipments/${encodeURIComponent(shipmentId)}/cancel`, input);
}

export function useCancelShipment(shipment: Pick<ShipmentDto, 'id' | 'trackingNumber'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelShipmentInput) => cancelShipment(shipment.id, input),
    onSuccess: async (cancelled) => {
      queryClient.setQueryData(shipmentQueryKey(shipment.trackingNumber), cancelled);
      // Every list, detail and count of shipments (the customer's and the console's) is under ['shipments'].
      await queryClient.invalidateQueries({ queryKey: ['shipments'] });
    },
  });
}
