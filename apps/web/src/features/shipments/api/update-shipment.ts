import type { COURIER_CATEGORIES, ShipmentDto } from '@hatid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';

export type CourierCategory = (typeof COURIER_CATEGORIES)[number];

/** PUT /shipments/{id}: only the fields present change; null clears. */
export interface UpdateShipmentInput {
  notes?: string | null;
  deliveryCategory?: CourierCategory | null;
  outboundFeeInCents?: number;
}

export function updateShipment(id: string | null | undefined, input: UpdateShipmentInput): Promise<ShipmentDto> {
  const shipmentId = required(id, 'id', 'updateShipment');
  return api.put<ShipmentDto>(`/shipments/${encodeURIComponent(shipmentId)}`, input);
}

export function useUpdateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateShipmentInput }) => updateShipment(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['shipments'] }),
  });
}
