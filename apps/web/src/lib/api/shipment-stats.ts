import type { DeliveryStatus, ShipmentStatus } from '@hatid/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

// The console's shipment figures (GET /shipments/dashboard-stats, ongoing-shipments-count, sales-stats):
// the dashboard charts them and the shipments table's tabs show their counts.

export interface DashboardStats {
  total: number;
  /** Shipments not cancelled, by where they are. */
  byDeliveryStatus: Record<DeliveryStatus, number>;
  byStatus: Record<ShipmentStatus, number>;
  bookedToday: number;
  revenueTodayInCents: number;
  revenueThisMonthInCents: number;
}

export interface SalesStats {
  startDate: string;
  endDate: string;
  totalBookings: number;
  totalRevenueInCents: number;
  days: { date: string; bookings: number; revenueInCents: number }[];
}

export const shipmentStatsQueryKey = ['shipments', 'stats'] as const;

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...shipmentStatsQueryKey, 'dashboard'],
    queryFn: ({ signal }) => api.get<DashboardStats>('/shipments/dashboard-stats', { signal }),
  });

export const ongoingCountQueryOptions = () =>
  queryOptions({
    queryKey: [...shipmentStatsQueryKey, 'ongoing'],
    queryFn: ({ signal }) => api.get<{ count: number }>('/shipments/ongoing-shipments-count', { signal }),
  });

/** Bookings and revenue per Manila day between two yyyy-MM-dd dates (at most 366 days per call). */
export function getSalesStats(range: { startDate: string; endDate: string }, signal?: AbortSignal): Promise<SalesStats> {
  return api.get<SalesStats>('/shipments/sales-stats', { signal, query: range });
}
