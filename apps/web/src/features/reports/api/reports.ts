import type { ReportPeriod, SalesReportDto } from '@hatid/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SalesReportParams {
  period: ReportPeriod;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

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
