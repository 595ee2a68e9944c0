import { agentCodeSchema } from '@hatid/domain';
import { toIsoDate } from '../../../lib/format';

/**
 * The /agent-reports address: the agent (staff and admins pick one; a sales agent is always itself), the
 * period preset (absent: this month so far) and, for a custom period, its yyyy-MM-dd Manila days.
 * Read leniently: a hand-edited link falls back to the defaults.
 */
export const AGENT_REPORT_PERIODS = ['this_month', 'last_month', 'custom'] as const;
export type AgentReportPeriod = (typeof AGENT_REPORT_PERIODS)[number];

export interface AgentReportSearch {
  agentCode?: string;
  period?: Exclude<AgentReportPeriod, 'this_month'>;
  startDate?: string;
  endDate?: string;
}

const isoDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

export function parseAgentReportSearch(raw: Record<string, unknown>): AgentReportSearch {
  const out: AgentReportSearch = {};
  const agentCode = agentCodeSchema.safeParse(raw.agentCode);
  if (agentCode.success) out.agentCode = agentCode.data;
  if (raw.period === 'last_month') out.period = 'last_month';
  if (raw.period === 'custom') {
    out.period = 'custom';
    const startDate = isoDay(raw.startDate);
    const endDate = isoDay(raw.endDate);
    if (startDate) out.startDate = startDate;
    // An end before the start is dropped rather than sent (the server would refuse it).
    if (endDate && (!startDate || endDate >= startDate)) out.endDate = endDate;
  }
  return out;
}

/** The first and last day of the Manila month before `now`'s. */
export function lastMonthRange(now: Date = new Date()): { startDate: string; endDate: string } {
  const [year, month] = toIsoDate(now).split('-').map(Number) as [number, number];
  const y = month === 1 ? year - 1 : year;
  const m = month === 1 ? 12 : month - 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { startDate: `${y}-${mm}-01`, endDate: `${y}-${mm}-${String(lastDay).padStart(2, '0')}` };
}

/** The dates the server is asked for: none for this month (its default), last month's, or the custom ones. */
export function periodDates(search: AgentReportSearch, now: Date = new Date()): { startDate?: string | undefined; endDate?: string | undefined } {
  if (search.period === 'last_month') return lastMonthRange(now);
  if (search.period === 'custom') return { startDate: search.startDate, endDate: search.endDate };
  return {};
}

/** "5%", "2.5%" from basis points. */
export const ratePercent = (basisPoints: number): string => `${(basisPoints / 100).toLocaleString('en-PH', { maximumFractionDigits: 2 })}%`;
