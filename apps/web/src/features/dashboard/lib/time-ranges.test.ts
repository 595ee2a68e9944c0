import { describe, expect, it } from 'vitest';
import { bucketSales, daysBetween, manilaToday, rangeDays } from './time-ranges';

describe('time ranges', () => {
  // Wednesday, 12 March 2026.
  const today = '2026-03-12';

  it('turns each range into Manila days', () => {
    expect(rangeDays('today', today)).toEqual({ startDate: today, endDate: today });
    expect(rangeDays('yesterday', today)).toEqual({ startDate: '2026-03-11', endDate: '2026-03-11' });
    expect(rangeDays('this_week', today)).toEqual({ startDate: '2026-03-09', endDate: today });
    expect(rangeDays('last_week', today)).toEqual({ startDate: '2026-03-02', endDate: '2026-03-08' });
    expect(rangeDays('this_month', today)).toEqual({ startDate: '2026-03-01', endDate: today });
    expect(rangeDays('last_month', today)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(rangeDays('this_year', today)).toEqual({ startDate: '2026-01-01', endDate: today });
    expect(rangeDays('last_year', today)).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
    expect(rangeDays('all_time', today)).toBeNull();
  });

  it('starts weeks on Monday, also on a Sunday and across a year', () => {
    expect(rangeDays('this_week', '2026-03-15')).toEqual({ startDate: '2026-03-09', endDate: '2026-03-15' });
    expect(rangeDays('last_month', '2026-01-05')).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
  });

  it('keeps every range within the server limit of 366 days', () => {
    for (const day of ['2024-12-31', '2028-06-30']) {
      for (const range of ['this_year', 'last_year'] as const) {
        const r = rangeDays(range, day)!;
        expect(daysBetween(r.startDate, r.endDate)).toBeLessThanOrEqual(366);
      }
    }
  });

  it('reads today in Manila, not in the browser time zone', () => {
    // 20:00 UTC on 11 March is 04:00 on 12 March in Manila (UTC+8).
    expect(manilaToday(new Date('2026-03-11T20:00:00Z'))).toBe('2026-03-12');
  });

  it('charts days up to a month and months beyond', () => {
    const days = Array.from({ length: 40 }, (_, i) => ({
      date: i < 20 ? `2026-01-${String(i + 1).padStart(2, '0')}` : `2026-02-${String(i - 19).padStart(2, '0')}`,
      bookings: 1,
      revenueInCents: 100,
    }));
    expect(bucketSales(days.slice(0, 3)).map((p) => p.label)).toEqual(['Jan 1', 'Jan 2', 'Jan 3']);
    expect(bucketSales(days)).toEqual([
      { key: '2026-01', label: 'Jan 2026', bookings: 20, revenueInCents: 2000 },
      { key: '2026-02', label: 'Feb 2026', bookings: 20, revenueInCents: 2000 },
    ]);
  });
});
