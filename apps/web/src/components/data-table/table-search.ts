import { PAGE_SIZES } from '@hatid/domain';

/**
 * The data table's state in the address (validateSearch), so a reload or a shared link shows the same
 * page: page, page size, search text, tab and sort. Defaults are left out of the URL. Each screen adds its
 * own filters beside these.
 */
export interface TableSearch {
  page?: number;
  limit?: number;
  search?: string;
  tab?: string;
  /** `field.asc` or `field.desc`, for screens whose server call sorts. */
  sort?: string;
}

export const DEFAULT_LIMIT: number = PAGE_SIZES[0];

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

export function text(value: unknown, max = 100): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;
}

export function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Reads the table's own keys leniently: anything unknown or out of range falls back to the default. */
export function parseTableSearch(raw: Record<string, unknown>, options: { tabs?: readonly string[]; sorts?: readonly string[] } = {}): TableSearch {
  const out: TableSearch = {};
  const page = positiveInt(raw.page);
  if (page && page > 1) out.page = page;
  const limit = positiveInt(raw.limit);
  if (limit && (PAGE_SIZES as readonly number[]).includes(limit) && limit !== DEFAULT_LIMIT) out.limit = limit;
  const search = text(raw.search);
  if (search) out.search = search;
  const tab = options.tabs ? oneOf(options.tabs, raw.tab) : undefined;
  if (tab) out.tab = tab;
  if (options.sorts && typeof raw.sort === 'string') {
    const [field, direction] = raw.sort.split('.');
    if (field && options.sorts.includes(field) && (direction === 'asc' || direction === 'desc')) out.sort = `${field}.${direction}`;
  }
  return out;
}

export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

export function readSort(sort: string | undefined): SortState | null {
  if (!sort) return null;
  const [field, direction] = sort.split('.');
  return field && (direction === 'asc' || direction === 'desc') ? { field, direction } : null;
}

/** Unsorted → ascending → descending → unsorted, as a header click cycles. */
export function nextSort(current: string | undefined, field: string): string | undefined {
  const now = readSort(current);
  if (!now || now.field !== field) return `${field}.asc`;
  return now.direction === 'asc' ? `${field}.desc` : undefined;
}
