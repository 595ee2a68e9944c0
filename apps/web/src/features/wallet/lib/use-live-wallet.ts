import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeChannel } from '../../../lib/realtime';
import { walletKey } from '../api/wallet-api';

/** Events after which the balance or history may have moved (a cancellation refunds a wallet payment). */
const WALLET_EVENTS = new Set(['WALLET_UPDATED', 'QR_PAYMENT_COMPLETED', 'SHIPMENT_CANCELLED', 'SHIPMENT_CREATED']);

/** Keeps the wallet on screen live: the balance and history refetch when the server says they moved. */
export function useLiveWallet(userId: string | null | undefined, onEvent?: (type: string, payload: Record<string, unknown>) => void) {
  const queryClient = useQueryClient();
  useRealtimeChannel(userId ? `user:${userId}` : null, (event) => {
    if (!WALLET_EVENTS.has(event.type)) return;
    void queryClient.invalidateQueries({ queryKey: walletKey });
    onEvent?.(event.type, event.payload);
  });
}
