import type { ProofImageDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, required } from '../../../lib/api-client';
import { shipmentQueryKey } from './get-shipment';

/** GET /shipments/{trackingNumber}/proof-images: pickup and delivery photos. */
export function getProofImages(trackingNumber: string | null | undefined, signal?: AbortSignal): Promise<ProofImageDto[]> {
  const n = required(trackingNumber, 'trackingNumber', 'getProofImages');
  return api.get<ProofImageDto[]>(`/shipments/${encodeURIComponent(n)}/proof-images`, { signal });
}

export const proofImagesQueryOptions = (trackingNumber: string) =>
  queryOptions({
    queryKey: [...shipmentQueryKey(trackingNumber), 'proof-images'],
    queryFn: ({ signal }) => getProofImages(trackingNumber, signal),
  });

export function useProofImages(trackingNumber: string) {
  return useQuery(proofImagesQueryOptions(trackingNumber));
}
