import { Plus } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from '../../../components/data-table/data-table';
import { DEFAULT_LIMIT, type TableSearch } from '../../../components/data-table/table-search';
import { useTableSearch } from '../../../components/data-table/use-table-search';
import { Button } from '../../../components/ui/button';

/** A console route's address as the list screens use it (getRouteApi's `useSearch` and `useNavigate`). */
export interface ConsoleListRoute<S extends TableSearch> {
  useSearch: () => unknown;
  useNavigate: () => (options: { search: (current: object) => S; replace: boolean }) => unknown;
}

interface PagedQuery {
  data?: { totalPages: number };
  isPlaceholderData: boolean;
}

/**
 * A console list screen's state, all in the address: the parsed search, the page asked for, the list
 * loaded for it (`useRows`, the screen's query hook, named like a hook and defined once outside the
 * component so it is called the same way on every render) and `setSearch`, which merges a change into the
 * address (and moves back to the last page when the asked one is gone).
 */
export function useConsoleList<S extends TableSearch, Q extends PagedQuery>(
  route: ConsoleListRoute<NoInfer<S>>,
  parse: (raw: never) => S,
  useRows: (paging: { page: number; limit: number }, search: S) => Q,
) {
  const raw = route.useSearch();
  const search = useMemo(() => parse(raw as never), [parse, raw]);
  const navigateSearch = route.useNavigate();
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_LIMIT;
  const list = useRows({ page, limit }, search);
  const setSearch = useTableSearch(search, navigateSearch, list);
  return { search, page, limit, list, setSearch };
}

export interface ConsoleListPageProps<T extends RowData> extends Omit<DataTableProps<T>, 'createAction'> {
  /** The add button (text and what it opens), or null for whoever may not add. */
  add?: { label: string; onClick: () => void } | null;
  /** The screen's modals, shown over the list. */
  children?: ReactNode;
}

/** A console list screen: the data table with its add button, and the screen's modals. */
export function ConsoleListPage<T extends RowData>({ add, children, ...table }: ConsoleListPageProps<T>) {
  return (
    <>
      <DataTable<T>
        {...table}
        createAction={
          add ? (
            <Button onClick={add.onClick}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {add.label}
            </Button>
          ) : null
        }
      />
      {children}
    </>
  );
}
