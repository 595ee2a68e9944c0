import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useRealtimeChannel } from '../../../lib/realtime';
import { shipmentQueryKey, useShipment } from './get-shipment';

const REFRESHING_EVENTS = new Set(['DELIVERY_STATUS_UPDATED', 'SHIPMENT_CANCELLED', 'PAYMENT_UPDATED']);

/**
 * One shipment, kept current while it is shown: a status move or a cancellation pushed by the server
 * refetches it (its timeline and photos live under the same key) and `alsoRefresh`, a list that shows it.
 */
export function useLiveShipment(trackingNumber: string, alsoRefresh?: QueryKey) {
  const queryClient = useQueryClient();
  const shipment = useShipment(trackingNumber);
  useRealtimeChannel(shipment.isSuccess ? `shipment:${trackingNumber}` : null, (event) => {
    if (!REFRESHING_EVENTS.has(event.type)) return;
    void queryClient.invalidateQueries({ queryKey: shipmentQueryKey(trackingNumber) });
    if (alsoRefresh) void queryClient.invalidateQueries({ queryKey: alsoRefresh });
  });
  return shipment;
}
