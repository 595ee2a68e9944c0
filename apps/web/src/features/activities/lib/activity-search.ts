import { ACTIVITY_CATEGORY_LABELS, type ActivityCategory } from '@hatid/domain';
import { oneOf, parseTableSearch, type TableSearch } from '../../../components/data-table/table-search';

/** The /activity-logs address: page, size, search, a category and a date range (yyyy-MM-dd, Manila days). */
export interface ActivitySearch extends TableSearch {
  category?: ActivityCategory;
  startDate?: string;
  endDate?: string;
}

const isoDay = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

export function parseActivitySearch(raw: Record<string, unknown>): ActivitySearch {
  const out = parseTableSearch(raw) as ActivitySearch;
  const category = oneOf(Object.keys(ACTIVITY_CATEGORY_LABELS) as ActivityCategory[], raw.category);
  if (category) out.category = category;
  const startDate = isoDay(raw.startDate);
  const endDate = isoDay(raw.endDate);
  if (startDate) out.startDate = startDate;
  // An end before the start is dropped rather than sent (the server would refuse it).
  if (endDate && (!startDate || endDate >= startDate)) out.endDate = endDate;
  return out;
}
