import type { TransactionDto } from '@hatid/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /transaction/payments/{shipmentId}: the shipment's payments (voided ones too), for the console. */
export function usePayments(trackingNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: ['shipments', 'payments', trackingNumber],
    queryFn: ({ signal }) => api.get<TransactionDto[]>(`/transaction/payments/${encodeURIComponent(trackingNumber)}`, { signal }),
    enabled,
  });
}
