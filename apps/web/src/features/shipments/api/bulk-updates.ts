import type { bulkResultDto, DeliveryStatusInput, PaymentStatus } from '@hatid/domain';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What a bulk call did: each shipment is moved (or refused) on its own. */
export type BulkResult = z.infer<typeof bulkResultDto>;

/** PATCH /shipments/bulk-delivery-status: the same activity on many shipments. */
export function bulkDeliveryStatus(trackingNumbers: readonly string[], input: DeliveryStatusInput): Promise<BulkResult> {
  return api.patch<BulkResult>('/shipments/bulk-delivery-status', { ...input, trackingNumbers });
}

/** PATCH /shipments/bulk-payment-status. */
export function bulkPaymentStatus(trackingNumbers: readonly string[], paymentStatus: PaymentStatus): Promise<BulkResult> {
  return api.patch<BulkResult>('/shipments/bulk-payment-status', { trackingNumbers, paymentStatus });
}

/** Every shipment list, detail and figure is under ['shipments']: refresh them all after a change. */
function useRefreshShipments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['shipments'] });
}

export function useBulkDeliveryStatus() {
  const refresh = useRefreshShipments();
  return useMutation({
    mutationFn: ({ trackingNumbers, input }: { trackingNumbers: readonly string[]; input: DeliveryStatusInput }) => bulkDeliveryStatus(trackingNumbers, input),
    onSettled: refresh,
  });
}

export function useBulkPaymentStatus() {
  const refresh = useRefreshShipments();
  return useMutation({
    mutationFn: ({ trackingNumbers, paymentStatus }: { trackingNumbers: readonly string[]; paymentStatus: PaymentStatus }) =>
      bulkPaymentStatus(trackingNumbers, paymentStatus),
    onSettled: refresh,
  });
}
