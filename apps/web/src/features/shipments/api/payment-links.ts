import type { PaymentRequestDto } from '@hatid/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A shipment's active payment link (GET /shipments/active-payment-link/{id}); refetched with the shipment. */
export const activePaymentLinkQueryOptions = (shipmentId: string, trackingNumber: string) =>
  queryOptions({
    // Under the shipment's key: whatever refreshes the shipment (PAYMENT_UPDATED…) refreshes its link too.
    queryKey: ['shipments', 'detail', trackingNumber, 'payment-link', shipmentId] as const,
    queryFn: ({ signal }) => api.get<PaymentRequestDto | null>(`/shipments/active-payment-link/${shipmentId}`, { signal }),
  });

export const createPaymentLink = (body: { shipmentId: string; amountInCents?: number; expiresInHours?: number }) =>
  api.post<PaymentRequestDto>('/payments/requests/xendit/create-payment-link', body, { headers: { 'Idempotency-Key': `link-${crypto.randomUUID()}` } });

export const expirePaymentLink = (invoiceId: string) => api.post<PaymentRequestDto>('/payments/requests/xendit/expire-payment-link', { invoiceId });
