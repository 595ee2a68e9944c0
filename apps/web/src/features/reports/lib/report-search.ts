import { REPORT_PERIODS, type ReportPeriod } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { oneOf } from '../../../components/data-table/table-search';

/** The /reports address: the period size (absent: day) and the date range (absent: the server's default). */
export interface ReportSearch {
  period?: Exclude<ReportPeriod, 'day'>;
  startDate?: string;
  endDate?: string;
}

const isoDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

export function parseReportSearch(raw: Record<string, unknown>): ReportSearch {
  const out: ReportSearch = {};
  const period = oneOf(REPORT_PERIODS, raw.period);
  if (period && period !== 'day') out.period = period;
  const startDate = isoDay(raw.startDate);
  const endDate = isoDay(raw.endDate);
  if (startDate) out.startDate = startDate;
  if (endDate && (!startDate || endDate >= startDate)) out.endDate = endDate;
  return out;
}

const STYLES = {
  day: { month: 'short', day: 'numeric', timeZone: 'UTC' },
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
  full: { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date style in the app's active language (month names: "Nov" / "Nob"), made once per language. */
function format(style: keyof typeof STYLES, date: Date): string {
  const locale = i18n.locale === 'fil' ? 'fil-PH' : 'en-PH';
  const key = `${locale}/${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, STYLES[style]);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** A period's short label: "Nov 23" (a day or the Monday a week starts), "Nov 2026" (a month). */
export function periodLabel(period: ReportPeriod, periodStart: string): string {
  const date = new Date(`${periodStart.slice(0, 10)}T00:00:00Z`);
  return format(period === 'month' ? 'month' : 'day', date);
}

/** "Nov 1, 2026 – Nov 30, 2026" (a yyyy-MM-dd range). */
export function rangeLabel(startDate: string, endDate: string): string {
  const day = (d: string) => format('full', new Date(`${d.slice(0, 10)}T00:00:00Z`));
  return startDate.slice(0, 10) === endDate.slice(0, 10) ? day(startDate) : `${day(startDate)} – ${day(endDate)}`;
}
