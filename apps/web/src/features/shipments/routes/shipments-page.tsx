import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { FileDown, PackageOpen, Plus } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useRealtimeChannel } from '../../../lib/realtime';
import { myShipmentsQueryKey, useMyShipments } from '../api/get-my-shipments';
import { Pagination } from '../../../components/data-table/pagination';
import { SearchBox } from '../../../components/data-table/search-box';
import { ShipmentTable } from '../components/shipment-table';
import { STATUS_FILTERS, statusQuery, type PackagesSearch, type StatusFilter } from '../lib/list-filters';
import { CANCELLED_LABEL, DELIVERY_STATUS_LABELS } from '../../../i18n/shipment-labels';

const route = getRouteApi('/packages');
const DEFAULT_LIMIT = 10;

/** /packages: my shipments, newest first, refreshed live when one of them changes. */
export function PackagesPage() {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { user } = route.useRouteContext();
  const queryClient = useQueryClient();
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_LIMIT;

  const shipments = useMyShipments({ page, limit, search: search.search, ...statusQuery(search.status) });

  // Pushed events are hints: refetch the list whatever changed (booked, moved, cancelled).
  useRealtimeChannel(`user:${user.id}`, () => void queryClient.invalidateQueries({ queryKey: myShipmentsQueryKey }));

  const setSearch = (next: PackagesSearch, replace = false) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace });

  // Past the last page (after a filter change or cancellations): go to the last page there is.
  const totalPages = shipments.data?.totalPages ?? 0;
  useEffect(() => {
    if (shipments.data && !shipments.isPlaceholderData && totalPages > 0 && page > totalPages) setSearch({ page: totalPages }, true);
  });

  const filtered = Boolean(search.search || search.status);

  return (
    <section className="flex flex-col gap-5" aria-labelledby="packages-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="packages-title" className="text-2xl font-semibold text-slate-900">
            <Trans>My packages</Trans>
          </h1>
          <p className="text-sm text-slate-600">
            <Trans>Every shipment you booked, newest first.</Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/air-waybill" className={buttonClasses('secondary', 'md')}>
            <FileDown className="h-4 w-4" aria-hidden="true" /> <Trans>Air waybills</Trans>
          </Link>
          <Link to="/" className={buttonClasses('primary', 'md')}>
            <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Book a shipment</Trans>
          </Link>
        </div>
      </div>

      <Filters
        search={search.search ?? ''}
        status={search.status}
        onSearch={(value) => setSearch({ search: value || undefined, page: undefined }, true)}
        onStatus={(status) => setSearch({ status, page: undefined })}
      />

      {shipments.isPending ? (
        <Spinner label={t`Loading shipments`} />
      ) : shipments.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(shipments.error)}
          <Button variant="secondary" size="sm" onClick={() => void shipments.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : shipments.data.data.length === 0 ? (
        <EmptyState filtered={filtered} onClear={() => setSearch({ search: undefined, status: undefined, page: undefined })} />
      ) : (
        <div className="flex flex-col gap-4" aria-busy={shipments.isFetching || undefined}>
          <ShipmentTable shipments={shipments.data.data} />
          <Pagination
            page={page}
            limit={limit}
            total={shipments.data.total}
            totalPages={shipments.data.totalPages}
            totalIsEstimate={shipments.data.totalIsEstimate}
            onPageChange={(next) => setSearch({ page: next > 1 ? next : undefined })}
            onLimitChange={(next) => setSearch({ limit: next === DEFAULT_LIMIT ? undefined : next, page: undefined })}
          />
        </div>
      )}
    </section>
  );
}

function Filters({
  search,
  status,
  onSearch,
  onStatus,
}: {
  search: string;
  status: StatusFilter | undefined;
  onSearch: (value: string) => void;
  onStatus: (status: StatusFilter | undefined) => void;
}) {
  const { t, i18n } = useLingui();
  const statusId = useId();

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchBox value={search} onSearch={onSearch} label={t`Find shipments`} placeholder={t`Tracking number or receiver`} />
      <div className="flex flex-col gap-1.5 sm:w-56">
        <label htmlFor={statusId} className="text-sm font-medium text-slate-800">
          <Trans>Status</Trans>
        </label>
        <select
          id={statusId}
          value={status ?? ''}
          onChange={(event) => onStatus((event.target.value || undefined) as StatusFilter | undefined)}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none sm:text-sm"
        >
          <option value="">{t`All statuses`}</option>
          {STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {i18n._(value === 'Cancelled' ? CANCELLED_LABEL : DELIVERY_STATUS_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <PackageOpen className="h-8 w-8 text-slate-400" aria-hidden="true" />
      <p className="font-medium text-slate-800">
        <Trans>No data available</Trans>
      </p>
      {filtered ? (
        <>
          <p className="text-sm text-slate-600">
            <Trans>No shipment matches this search or status.</Trans>
          </p>
          <Button variant="secondary" onClick={onClear}>
            <Trans>Clear filters</Trans>
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            <Trans>You have not booked a shipment yet. Book one and follow it here.</Trans>
          </p>
          <Link to="/" className={buttonClasses('primary', 'md')}>
            <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Book a shipment</Trans>
          </Link>
        </>
      )}
    </div>
  );
}
