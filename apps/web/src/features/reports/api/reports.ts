import type { SalesReportDto, salesReportQuery } from '@hatid/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryOf } from '../../../lib/api-query';

/** GET /reports/sales' query (the export takes the same). */
export type SalesReportParams = QueryOf<typeof salesReportQuery>;

/** GET /reports/sales: totals, each period, each delivery type and each province of origin. */
export function useSalesReport(params: SalesReportParams) {
  return useQuery({
    queryKey: ['reports', 'sales', params],
    queryFn: ({ signal }) => api.get<SalesReportDto>('/reports/sales', { signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /reports/sales/export: the same report as the server streams it, as a CSV file. */
export async function exportSalesReport(params: SalesReportParams, fileTitle: string, signal?: AbortSignal): Promise<Blob> {
  const response = await api.get<Response>('/reports/sales/export', { signal, responseType: 'response', query: { ...params, filename: fileTitle } });
  return response.blob();
}
