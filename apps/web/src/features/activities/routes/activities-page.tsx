import { ACTIVITY_CATEGORY_LABELS, type ActivityCategory, type ActivityLogDto } from '@hatid/domain';
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
import { parseActivitySearch, type ActivitySearch } from '../lib/activity-search';
import { useTableSearch } from '../../../components/data-table/use-table-search';

const route = getRouteApi('/console/activity-logs');
const TITLE = 'Activity log';

const column = dataColumnHelper<ActivityLogDto>();

const COLUMNS: DataColumn<ActivityLogDto>[] = [
  column.accessor('createdAt', {
    header: 'When',
    cell: ({ getValue }) => <span className="block min-w-28">{formatDateTime(getValue() as string)}</span>,
  }),
  column.accessor('createdByName', { header: 'Who', cell: ({ getValue }) => (getValue() as string | null) ?? 'System' }),
  column.display({ id: 'what', header: 'What', cell: ({ row }) => <ActivityWhat entry={row.original} /> }),
  column.display({ id: 'changes', header: 'Changes', cell: ({ row }) => <ActivityChanges entry={row.original} /> }),
];

/** /activity-logs: GET /activities/global with search, category, date range and paging in the address. */
export function ActivityLogPage() {
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
      title={TITLE}
      description="Who changed what, and when; notes people wrote are marked as theirs."
      columns={COLUMNS}
      query={activities}
      getRowId={(entry) => entry.id}
      search={search}
      onSearchChange={(patch, options) => setSearch(patch as Partial<ActivitySearch>, options)}
      searchPlaceholder="Summary, person or record"
      noun={{ one: 'entry', other: 'entries' }}
      filtered={Boolean(search.category || search.startDate || search.endDate)}
      onClearFilters={() => setSearch({ category: undefined, startDate: undefined, endDate: undefined })}
      filters={
        <>
          <FilterSelect<ActivityCategory>
            label="Category"
            value={search.category}
            anyLabel="All categories"
            options={Object.entries(ACTIVITY_CATEGORY_LABELS).map(([value, label]) => ({ value, label }))}
            wide={false}
            onChange={(category) => setSearch({ category, page: undefined })}
          />
          <DateRangeFilter
            startDate={search.startDate}
            endDate={search.endDate}
            fromLabel={'From'}
            onChange={(change) => setSearch({ ...change, page: undefined }, { replace: true })}
          />
        </>
      }
    />
  );
}
