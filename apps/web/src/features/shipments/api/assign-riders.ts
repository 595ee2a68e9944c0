import type { RiderDto, ShipmentDto } from '@hatid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import type { BulkResult } from './bulk-updates';

/** GET /users/riders/{cityMunicipalityCode}: active riders serving the place, online first. */
export function useRidersServing(cityMunicipalityCode: string | null) {
  return useQuery({
    queryKey: ['riders', 'serving', cityMunicipalityCode],
    queryFn: ({ signal }) => api.get<RiderDto[]>(`/users/riders/${encodeURIComponent(cityMunicipalityCode!)}`, { signal }),
    enabled: Boolean(cityMunicipalityCode),
    staleTime: 15_000,
  });
}

export interface RiderChoice {
  /** undefined: keep; null: unassign; a user id: assign. */
  pickupRiderId?: string | null;
  dropOffRiderId?: string | null;
}

/**
 * Assigns the chosen riders to each shipment with PUT /shipments/{id} (the catalogue's call; the server
 * tells each rider), one at a time, so one refusal (a cancelled shipment) does not stop the others.
 */
export async function assignRiders(shipments: readonly Pick<ShipmentDto, 'id' | 'trackingNumber'>[], choice: RiderChoice): Promise<BulkResult> {
  const result: BulkResult = { updated: [], failed: [] };
  for (const shipment of shipments) {
    try {
      await api.put(`/shipments/${encodeURIComponent(shipment.id)}`, choice);
      result.updated.push(shipment.trackingNumber);
    } catch (error) {
      result.failed.push({ trackingNumber: shipment.trackingNumber, message: errorMessage(error) });
    }
  }
  return result;
}

export function useAssignRiders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipments, choice }: { shipments: readonly Pick<ShipmentDto, 'id' | 'trackingNumber'>[]; choice: RiderChoice }) =>
      assignRiders(shipments, choice),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['shipments'] }), queryClient.invalidateQueries({ queryKey: ['riders'] })]),
  });
}
