import {
  createColumnHelper,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { i18n } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { ArrowDown, ArrowUp, ArrowUpDown, Inbox } from 'lucide-react';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import type { PluralForms } from '../../lib/plural';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { SideScroller } from '../ui/side-scroller';
import { Spinner } from '../ui/spinner';
import { ExportButton, type ExportSource } from './export-button';
import { Pagination } from './pagination';
import { SearchBox } from './search-box';
import { DEFAULT_LIMIT, nextSort, readSort, type TableSearch } from './table-search';
import { TableTabs, type TableTab } from './table-tabs';

/**
 * The spec's data table, built once for every console list (product.md §2): title, description, search,
 * optional filters, tabs with counts, create and export buttons, a spinner while loading, "No data
 * available" when empty, page sizes 10/20/50/100 and pagination. Paging, search, filters, tabs and sort are
 * the server's work and live in the address; the table renders the page it is given (TanStack Table,
 * headless, for the column model and row selection).
 */

export interface DataColumnMeta {
  /** The server's sort field: the header becomes a sort button (`?sort=field.asc`). */
  sortField?: string;
  className?: string;
}

export const dataTableFeatures = tableFeatures({ rowSelectionFeature, columnMeta: {} as DataColumnMeta });
export type DataTableFeatures = typeof dataTableFeatures;
// biome-ignore lint/suspicious/noExplicitAny: columns of different value types in one list
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;
export const dataColumnHelper = <T extends RowData>() => createColumnHelper<DataTableFeatures, T>();

/** One page as the API answers it (`pageOf` in the domain). */
export interface PageResult<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  totalIsEstimate?: boolean | undefined;
}

export interface PageQuery<T> {
  data: PageResult<T> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface DataTableProps<T extends RowData> {
  title: string;
  description?: ReactNode;
  /** Heading id, so the page's section can be labelled by it. */
  titleId?: string;
  columns: readonly DataColumn<T>[];
  query: PageQuery<T>;
  getRowId: (row: T) => string;
  /** The table's state from the address, and how to change it (merged into the address). */
  search: TableSearch;
  onSearchChange: (patch: Partial<TableSearch>, options?: { replace?: boolean }) => void;
  searchPlaceholder?: string;
  /** Screen-specific filters, above the tabs. */
  filters?: ReactNode;
  /** A screen's own content between the title and the search box (e.g. a summary the list belongs to). */
  intro?: ReactNode;
  /** Whether a filter (besides search and tab) is set, for the empty state's Clear filters. */
  filtered?: boolean;
  onClearFilters?: () => void;
  tabs?: readonly TableTab[];
  /** The create button (already gated by the screen's ability), if any. */
  createAction?: ReactNode;
  exportSource?: ExportSource;
  rowActions?: (row: T) => ReactNode;
  /** Rows can be ticked for bulk actions; the screen holds the selection. */
  selection?: {
    selected: RowSelectionState;
    onChange: (next: RowSelectionState) => void;
    /** Shown above the table while rows are ticked. */
    actions: (selectedIds: string[]) => ReactNode;
  };
  /** Marks rows (e.g. those a bulk action refused). */
  rowClassName?: (row: T) => string | undefined;
  /** What the rows are, in both forms (lib/plural): { one: 'ticket', other: 'tickets' }. */
  noun?: PluralForms | ((count: number) => string);
}

const EMPTY: never[] = [];
/** "1 row", "20 rows", in the reader's language. */
const ROWS = (count: number) => i18n._(msg`${plural(count, { one: '# row', other: '# rows' })}`);

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { title, description, query, search, onSearchChange, selection, rowActions, tabs, noun = ROWS } = props;
  const generatedId = useId();
  const titleId = props.titleId ?? `${generatedId}-title`;
  const page = search.page ?? 1;
  const limit = query.data?.limit ?? search.limit ?? DEFAULT_LIMIT;

  // Screens pass a new `rowActions` (and `selection`) on every render. The columns must not change with
  // them: a cell renderer is a component type, so a new one would remount every row's cells and close
  // an open row menu whenever the list refetches.
  const rowActionsRef = useRef(rowActions);
  rowActionsRef.current = rowActions;
  const hasRowActions = Boolean(rowActions);
  const hasSelection = Boolean(selection);
  const columns = useMemo(() => {
    const list: DataColumn<T>[] = [];
    if (hasSelection) list.push(selectColumn<T>());
    list.push(...props.columns);
    if (hasRowActions) {
      list.push({
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        cell: ({ row }) => rowActionsRef.current?.(row.original),
        meta: { className: 'w-12 text-right' },
      });
    }
    return list;
  }, [props.columns, hasRowActions, hasSelection]);

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: query.data?.data ?? (EMPTY as T[]),
    getRowId: props.getRowId,
    enableRowSelection: Boolean(selection),
    state: { rowSelection: selection?.selected ?? {} },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      if (!selection) return;
      selection.onChange(typeof updater === 'function' ? updater(selection.selected) : updater);
    },
  });

  const selectedIds = Object.keys(selection?.selected ?? {});
  const selectedCount = selectedIds.length;
  const lowerTitle = title.toLowerCase();
  const rows = table.getRowModel().rows;
  const sort = readSort(search.sort);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id={titleId} className="text-2xl font-semibold text-slate-900">
            {title}
          </h1>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {props.exportSource ? <ExportButton title={title} source={props.exportSource} /> : null}
          {props.createAction}
        </div>
      </div>

      {props.intro}

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <SearchBox
          label={t`Search ${lowerTitle}`}
          value={search.search ?? ''}
          placeholder={props.searchPlaceholder}
          onSearch={(value) => onSearchChange({ search: value || undefined, page: undefined }, { replace: true })}
        />
        {props.filters}
      </div>

      {tabs ? <TableTabs label={t`${title} by status`} tabs={tabs} value={search.tab} onChange={(tab) => onSearchChange({ tab, page: undefined })} /> : null}

      {selection && selectedIds.length > 0 ? (
        <section aria-label={t`Selected rows`} className="flex flex-wrap items-center gap-2 rounded-lg border border-teal-200 bg-teal-50 px-3 py-2 text-sm">
          <span className="font-medium text-teal-900">{t`${selectedCount} selected`}</span>
          {selection.actions(selectedIds)}
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => selection.onChange({})}>
            {t`Clear selection`}
          </Button>
        </section>
      ) : null}

      {query.isPending ? (
        <Spinner label={t`Loading ${lowerTitle}`} className="rounded-xl border border-slate-200 bg-white py-16" />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(query.error)}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t`Try again`}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <Inbox className="h-8 w-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-800">{t`No data available`}</p>
          {props.filtered || search.search || search.tab ? (
            <Button
              variant="secondary"
              onClick={() => {
                props.onClearFilters?.();
                onSearchChange({ search: undefined, tab: undefined, page: undefined });
              }}
            >
              {t`Clear filters`}
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-col gap-4" aria-busy={query.isFetching || undefined}>
          {/* On a phone most tables are wider than the screen: a shadow on the cut edge says there is more. */}
          <SideScroller
            cue="shadow"
            scrollerClassName={cn('relative rounded-xl border border-slate-200 bg-white transition-opacity', query.isFetching && 'opacity-70')}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const meta = header.column.columnDef.meta;
                      const sortField = meta?.sortField;
                      const direction = sortField && sort?.field === sortField ? sort.direction : undefined;
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          className={cn('px-3 py-3 whitespace-nowrap', meta?.className)}
                          aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : sortField ? 'none' : undefined}
                        >
                          {header.isPlaceholder ? null : sortField ? (
                            <button
                              type="button"
                              className="inline-flex items-center gap-1 uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                              onClick={() => onSearchChange({ sort: nextSort(search.sort, sortField), page: undefined })}
                            >
                              <table.FlexRender header={header} />
                              {direction === 'asc' ? (
                                <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
                              ) : direction === 'desc' ? (
                                <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
                              ) : (
                                <ArrowUpDown className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
                              )}
                            </button>
                          ) : (
                            <table.FlexRender header={header} />
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.id} className={cn('hover:bg-slate-50', row.getIsSelected() && 'bg-teal-50/60', props.rowClassName?.(row.original))}>
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={cn('px-3 py-3 align-top', cell.column.columnDef.meta?.className)}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </SideScroller>
          <Pagination
            page={page}
            limit={limit}
            total={query.data?.total ?? 0}
            totalPages={query.data?.totalPages ?? 0}
            totalIsEstimate={query.data?.totalIsEstimate}
            noun={noun}
            onPageChange={(next) => onSearchChange({ page: next > 1 ? next : undefined })}
            onLimitChange={(next) => onSearchChange({ limit: next === DEFAULT_LIMIT ? undefined : next, page: undefined })}
          />
        </div>
      )}
    </section>
  );
}

/** The tick-box column: one per row and one for the whole page. */
function selectColumn<T extends RowData>(): DataColumn<T> {
  return {
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label={i18n._(msg`Select all rows on this page`)}
        className="h-4 w-4 accent-teal-700"
        checked={table.getIsAllPageRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => {
      const rowId = row.id;
      return (
        <input
          type="checkbox"
          aria-label={i18n._(msg`Select row ${rowId}`)}
          className="h-4 w-4 accent-teal-700"
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onChange={row.getToggleSelectedHandler()}
        />
      );
    },
    meta: { className: 'w-10' },
  };
}
