import type { PartnerDto, partnerListQuery, PayoutBreakdownDto } from '@hatid/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult } from '../../../components/data-table/data-table';
import { api } from '../../../lib/api-client';
import type { ShipmentPage } from '../../shipments/api/get-my-shipments';
import type { ListQuery } from '../../../lib/api-query';

export type PartnerListParams = ListQuery<typeof partnerListQuery>;

/** GET /partners: the service partners, their provinces and shipment counts. */
export function usePartners(params: PartnerListParams) {
  return useQuery({
    queryKey: ['partners', 'list', params],
    queryFn: ({ signal }) => api.get<PageResult<PartnerDto>>('/partners', { signal, responseType: 'body', query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /partners/{id}. */
export function usePartner(id: string) {
  return useQuery({
    queryKey: ['partners', 'one', id],
    queryFn: ({ signal }) => api.get<PartnerDto>(`/partners/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /shipments/partners?partnerId=…: shipments picked up or delivered in the partner's provinces. */
export function usePartnerShipments(params: PartnerListParams & { partnerId: string }) {
  return useQuery({
    queryKey: ['shipments', 'partner', params],
    queryFn: ({ signal }) => api.get<ShipmentPage>('/shipments/partners', { signal, responseType: 'body', query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /shipments/partners/export?partnerId=…: the partner's shipments as CSV, streamed by the server. */
export async function exportPartnerShipments(partnerId: string, search: string | undefined, signal?: AbortSignal): Promise<Blob> {
  const response = await api.get<Response>('/shipments/partners/export', {
    signal,
    responseType: 'response',
    query: { partnerId, ...(search ? { search } : {}), filename: 'Partner shipments' },
  });
  return response.blob();
}

/** GET /shipments/payout-breakdown?period=yyyy-MM&partnerId=…: the month's fees due, cash not handed over, the net. */
export function usePartnerPayout(params: { partnerId: string; period: string }) {
  return useQuery({
    queryKey: ['shipments', 'payout-breakdown', params],
    queryFn: ({ signal }) => api.get<PayoutBreakdownDto>('/shipments/payout-breakdown', { signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}
