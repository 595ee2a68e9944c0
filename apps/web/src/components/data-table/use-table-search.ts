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
 */
export function useTableSearch<S extends TableSearch>(
  search: S,
  navigate: (options: { search: S; replace: boolean }) => unknown,
  query: PagedQuery,
) {
  const page = search.page ?? 1;
  const totalPages = query.data?.totalPages ?? 0;
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && totalPages > 0 && page > totalPages) {
      void navigate({ search: { ...search, page: totalPages > 1 ? totalPages : undefined }, replace: true });
    }
  });
  return (patch: Partial<S>, options?: { replace?: boolean }) =>
    void navigate({ search: { ...search, ...patch }, replace: options?.replace ?? false });
}
