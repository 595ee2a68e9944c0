import { toIsoDate } from '@hatid/domain';
import { and, gte, lt, lte, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Calendar days as people in the Philippines count them. Asia/Manila has kept UTC+8 without daylight
 * saving since 1978, so a Manila day is a fixed 24-hour window of UTC instants.
 */
export const MANILA_OFFSET = '+08:00';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
export const isDateOnly = (value: string) => DATE_ONLY.test(value);

/** 00:00 Manila of a yyyy-MM-dd day. */
export const manilaDayStart = (day: string) => new Date(`${day}T00:00:00${MANILA_OFFSET}`);

/** 00:00 Manila of the day after (an exclusive end). */
export const manilaNextDayStart = (day: string) => new Date(manilaDayStart(day).getTime() + 86_400_000);

export const manilaToday = (now = new Date()) => toIsoDate(now);

/** yyyy-MM-dd of the day `n` days after `day` (n may be negative). */
export const addDays = (day: string, n: number) => new Date(manilaDayStart(day).getTime() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** "YYYY-MM-DD HH:MM" in Manila, as the CSV exports write a moment. */
export const manilaMinute = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * A startDate/endDate filter on a timestamp column, as the shipment lists read them: a bare day is the whole Manila
 * day (from its midnight, up to the next one), an ISO instant is exact (from it, up to and including it).
 */
export function withinFilterDates(column: AnyColumn, startDate: string | undefined, endDate: string | undefined): SQL | undefined {
  return and(
    startDate ? gte(column, isDateOnly(startDate) ? manilaDayStart(startDate) : new Date(startDate)) : undefined,
    endDate ? (isDateOnly(endDate) ? lt(column, manilaNextDayStart(endDate)) : lte(column, new Date(endDate))) : undefined,
  );
}
