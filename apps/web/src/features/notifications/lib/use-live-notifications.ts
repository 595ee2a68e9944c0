import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeChannel, type RealtimeEvent } from '../../../lib/realtime';
import { myNotificationsQueryKey } from '../api/get-my-notifications';

/** One event reaches every listener of its channel as the same object: refetch once per event, not per listener. */
const handled = new WeakSet<RealtimeEvent>();

/**
 * Keeps my notifications fresh: any event on `user:<id>` (NOTIFICATION_CREATED, SHIPMENT_CREATED,
 * DELIVERY_STATUS_UPDATED, SHIPMENT_CANCELLED…) is a hint that something new may be there, so the list and
 * the bell refetch. Pass null until the user is known.
 */
export function useLiveNotifications(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  useRealtimeChannel(userId ? `user:${userId}` : null, (event) => {
    if (handled.has(event)) return;
    handled.add(event);
    void queryClient.invalidateQueries({ queryKey: myNotificationsQueryKey });
  });
}
