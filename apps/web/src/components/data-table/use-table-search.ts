import { useEffect } from 'react';
import type { TableSearch } from './table-search';

interface PagedQuery {
  data?: { totalPages: number };
  isPlaceholderData: boolean;
}

/**
 * A console table's address state. Returns `setSearch`, which merges a change into the address (a new
 * history entry unless `replace`); and when the page asked for is past the last one (rows removed or
 * filters changed elsewhere), moves to the last page there is.
 *
 * The change is merged into the address as it is at that moment (the router's updater form), not into
 * the `search` of the last render: two changes in one event (the table's "Clear filters": the screen's
 * filters, then search and tab) both take effect instead of the second undoing the first.
 */
export function useTableSearch<S extends TableSearch>(
  search: S,
  // The address as the router holds it (its own search type): only spread here, never read.
  navigate: (options: { search: (current: object) => S; replace: boolean }) => unknown,
  query: PagedQuery,
) {
  const page = search.page ?? 1;
  const totalPages = query.data?.totalPages ?? 0;
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && totalPages > 0 && page > totalPages) {
      void navigate({ search: (current) => ({ ...current, page: totalPages > 1 ? totalPages : undefined }) as S, replace: true });
    }
  });
  return (patch: Partial<S>, options?: { replace?: boolean }) =>
    void navigate({ search: (current) => ({ ...current, ...patch }) as S, replace: options?.replace ?? false });
}
