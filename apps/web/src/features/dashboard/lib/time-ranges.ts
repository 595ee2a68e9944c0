import { TIME_RANGES } from '@hatid/domain';
import type { Language } from '@hatid/domain/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The spec's time ranges (product.md §3) as Manila calendar days, for the sales figures. */
export type TimeRange = (typeof TIME_RANGES)[number];

export const TIME_RANGE_LABELS: Record<TimeRange, MessageDescriptor> = {
  today: msg`Today`,
  yesterday: msg`Yesterday`,
  this_week: msg`This week`,
  last_week: msg`Last week`,
  this_month: msg`This month`,
  last_month: msg`Last month`,
  this_year: msg`This year`,
  last_year: msg`Last year`,
  all_time: msg`All time`,
};

export const DEFAULT_TIME_RANGE: TimeRange = 'this_month';

export interface DayRange {
  /** yyyy-MM-dd, inclusive. */
  startDate: string;
  endDate: string;
}

/** Today's date in Manila as yyyy-MM-dd, whatever the browser's time zone. */
export function manilaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// Calendar arithmetic on yyyy-MM-dd strings through UTC dates: no time zone or daylight saving can shift a day.
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

export function daysBetween(startDate: string, endDate: string): number {
  return Math.round((toDate(endDate).getTime() - toDate(startDate).getTime()) / 86_400_000) + 1;
}

/** Weeks start on Monday. */
function mondayOf(day: string): string {
  const weekday = toDate(day).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

function monthStart(day: string, monthsBack = 0): string {
  const date = toDate(`${day.slice(0, 7)}-01`);
  date.setUTCMonth(date.getUTCMonth() - monthsBack);
  return toDay(date);
}

/** The days a range covers, ending today at the latest; null for all time (no lower bound). */
export function rangeDays(range: TimeRange, today: string): DayRange | null {
  const year = Number(today.slice(0, 4));
  switch (range) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { startDate: day, endDate: day };
    }
    case 'this_week':
      return { startDate: mondayOf(today), endDate: today };
    case 'last_week': {
      const start = addDays(mondayOf(today), -7);
      return { startDate: start, endDate: addDays(start, 6) };
    }
    case 'this_month':
      return { startDate: monthStart(today), endDate: today };
    case 'last_month':
      return { startDate: monthStart(today, 1), endDate: addDays(monthStart(today), -1) };
    case 'this_year':
      return { startDate: `${year}-01-01`, endDate: today };
    case 'last_year':
      return { startDate: `${year - 1}-01-01`, endDate: `${year - 1}-12-31` };
    case 'all_time':
      return null;
  }
}

export function parseTimeRange(value: unknown): TimeRange | undefined {
  return typeof value === 'string' && (TIME_RANGES as readonly string[]).includes(value) ? (value as TimeRange) : undefined;
}

export interface SalesPoint {
  /** yyyy-MM-dd for a day, yyyy-MM for a month. */
  key: string;
  label: string;
  bookings: number;
  revenueInCents: number;
}

/** A month's short name in the reader's language ("Nov", "Nob"), from "yyyy-MM". */
const monthName = (key: string, language: Language) =>
  new Intl.DateTimeFormat(language === 'fil' ? 'fil-PH' : 'en-PH', { month: 'short', timeZone: 'UTC' }).format(new Date(`${key.slice(0, 7)}-01T00:00:00Z`));

/** Bars per day up to a month; per month beyond that (a year has twelve bars, not 365). */
export function bucketSales(days: readonly { date: string; bookings: number; revenueInCents: number }[], language: Language = 'en'): SalesPoint[] {
  if (days.length <= 31) {
    return days.map((d) => ({
      key: d.date,
      label: `${monthName(d.date, language)} ${Number(d.date.slice(8, 10))}`,
      bookings: d.bookings,
      revenueInCents: d.revenueInCents,
    }));
  }
  const months = new Map<string, SalesPoint>();
  for (const d of days) {
    const key = d.date.slice(0, 7);
    const point = months.get(key) ?? { key, label: `${monthName(key, language)} ${key.slice(0, 4)}`, bookings: 0, revenueInCents: 0 };
    point.bookings += d.bookings;
    point.revenueInCents += d.revenueInCents;
    months.set(key, point);
  }
  return [...months.values()].sort((a, b) => a.key.localeCompare(b.key));
}
