import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getSalesStats, shipmentStatsQueryKey, type SalesStats } from '../../../lib/api/shipment-stats';
import { addDays, rangeDays, type TimeRange } from '../lib/time-ranges';

/** GET /shipments/sales-stats answers at most 366 days per call. */
const MAX_DAYS_PER_CALL = 366;
/** All time reaches back year by year until a year without bookings (at most this many years). */
const MAX_YEARS = 10;

/**
 * All time, from the year-long windows the server allows, newest first: stop at the first empty year
 * (nothing was booked before it). The server has no all-time total of its own (see the report).
 */
async function allTimeSales(today: string, signal: AbortSignal): Promise<SalesStats> {
  const windows: SalesStats[] = [];
  let endDate = today;
  for (let i = 0; i < MAX_YEARS; i++) {
    const startDate = addDays(endDate, -(MAX_DAYS_PER_CALL - 1));
    const window = await getSalesStats({ startDate, endDate }, signal);
    if (window.totalBookings === 0 && windows.length > 0) break;
    windows.push(window);
    endDate = addDays(startDate, -1);
  }
  const days = windows.reverse().flatMap((w) => w.days);
  const first = days.findIndex((d) => d.bookings > 0);
  const kept = first > 0 ? days.slice(first) : days;
  return {
    startDate: kept[0]?.date ?? today,
    endDate: today,
    totalBookings: kept.reduce((sum, d) => sum + d.bookings, 0),
    totalRevenueInCents: kept.reduce((sum, d) => sum + d.revenueInCents, 0),
    days: kept,
  };
}

export const salesQueryOptions = (range: TimeRange, today: string) =>
  queryOptions({
    queryKey: [...shipmentStatsQueryKey, 'sales', range, today],
    queryFn: ({ signal }) => {
      const days = rangeDays(range, today);
      return days ? getSalesStats(days, signal) : allTimeSales(today, signal);
    },
    placeholderData: keepPreviousData,
  });
