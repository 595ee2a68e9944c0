import type { ActivityCategory, ActivityLogDto } from '@hatid/domain';
import { i18n as messages } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { FilterSelect } from '../../../components/data-table/filter-select';
import { DateRangeFilter } from '../../../components/data-table/date-range-filter';
import { DataTable, dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { DEFAULT_LIMIT } from '../../../components/data-table/table-search';
import { formatDateTime } from '../../../lib/format';
import { useGlobalActivities } from '../api/activities';
import { ActivityChanges } from '../components/activity-changes';
import { ActivityWhat } from '../components/activity-what';
import { ACTIVITY_CATEGORY_NAMES } from '../lib/activity-labels';
import { parseActivitySearch, type ActivitySearch } from '../lib/activity-search';
import { useTableSearch } from '../../../components/data-table/use-table-search';

const route = getRouteApi('/console/activity-logs');
const TITLE = msg`Activity log`;

const column = dataColumnHelper<ActivityLogDto>();

// Headers and cells say their words while rendering (in the reader's language); the list itself stays one constant,
// so a refetch never remounts the cells (data-table.tsx).
const COLUMNS: DataColumn<ActivityLogDto>[] = [
  column.accessor('createdAt', {
    header: () => messages._(msg`When`),
    cell: ({ getValue }) => <span className="block min-w-28">{formatDateTime(getValue() as string)}</span>,
  }),
  column.accessor('createdByName', { header: () => messages._(msg`Who`), cell: ({ getValue }) => (getValue() as string | null) ?? messages._(msg`System`) }),
  column.display({ id: 'what', header: () => messages._(msg`What`), cell: ({ row }) => <ActivityWhat entry={row.original} /> }),
  column.display({ id: 'changes', header: () => messages._(msg`Changes`), cell: ({ row }) => <ActivityChanges entry={row.original} /> }),
];

/** /activity-logs: GET /activities/global with search, category, date range and paging in the address. */
export function ActivityLogPage() {
  const { t, i18n } = useLingui();
  const raw = route.useSearch();
  const search = useMemo(() => parseActivitySearch(raw), [raw]);
  const navigateSearch = route.useNavigate();
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_LIMIT;
  const activities = useGlobalActivities({
    page,
    limit,
    search: search.search,
    category: search.category,
    startDate: search.startDate,
    endDate: search.endDate,
  });

  const setSearch = useTableSearch(search, navigateSearch, activities);

  return (
    <DataTable<ActivityLogDto>
      title={i18n._(TITLE)}
      description={t`Who changed what, and when; notes people wrote are marked as theirs.`}
      columns={COLUMNS}
      query={activities}
      getRowId={(entry) => entry.id}
      search={search}
      onSearchChange={(patch, options) => setSearch(patch as Partial<ActivitySearch>, options)}
      searchPlaceholder={t`Summary, person or record`}
      noun={(count) => t`${plural(count, { one: '# entry', other: '# entries' })}`}
      filtered={Boolean(search.category || search.startDate || search.endDate)}
      onClearFilters={() => setSearch({ category: undefined, startDate: undefined, endDate: undefined })}
      filters={
        <>
          <FilterSelect<ActivityCategory>
            label={t`Category`}
            value={search.category}
            anyLabel={t`All categories`}
            options={Object.entries(ACTIVITY_CATEGORY_NAMES).map(([value, label]) => ({ value, label: i18n._(label) }))}
            wide={false}
            onChange={(category) => setSearch({ category, page: undefined })}
          />
          <DateRangeFilter
            startDate={search.startDate}
            endDate={search.endDate}
            fromLabel={t`From`}
            toLabel={t`To`}
            onChange={(change) => setSearch({ ...change, page: undefined }, { replace: true })}
          />
        </>
      }
    />
  );
}
