import { DELIVERY_STATUSES, TIME_RANGES } from '@hatid/domain';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type ReactNode, useId, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { inputClasses } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { activeLanguage } from '../../../i18n/catalogues';
import { useAccess } from '../../../lib/ability';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { dashboardStatsQueryOptions, ongoingCountQueryOptions, shipmentStatsQueryKey } from '../../../lib/api/shipment-stats';
import { useRealtimeChannel } from '../../../lib/realtime';
import { salesQueryOptions } from '../api/get-sales';
import { BarChart, BreakdownBars } from '../components/bar-chart';
import { DELIVERY_STATUS_LABELS } from '../../../i18n/shipment-labels';
import { bucketSales, DEFAULT_TIME_RANGE, manilaToday, parseTimeRange, TIME_RANGE_LABELS, type TimeRange } from '../lib/time-ranges';

const route = getRouteApi('/console/dashboard');

function Stat({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </Card>
  );
}

/** Counts grouped the Philippine way in both languages (1,204). */
const count = (n: number) => n.toLocaleString('en-PH');

/**
 * /dashboard: shipments by status (everything the person may see), what is on its way, and for staff and
 * admins the bookings and booked revenue over the spec's time ranges (kept in the address: ?range=).
 */
export function DashboardPage() {
  const { t, i18n } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { ability } = useAccess();
  const queryClient = useQueryClient();
  const range: TimeRange = parseTimeRange(search.range) ?? DEFAULT_TIME_RANGE;
  const stats = useQuery(dashboardStatsQueryOptions());
  const ongoing = useQuery(ongoingCountQueryOptions());
  // Sales figures are for those who manage shipments (the server's rule for sales-stats).
  const seesSales = ability.can('manage', 'Shipment');

  const cancelled = stats.data?.byStatus.Cancelled ?? 0;
  const revenueToday = stats.data ? formatMoney(stats.data.revenueTodayInCents) : '';

  useRealtimeChannel(seesSales ? 'admin' : null, () => void queryClient.invalidateQueries({ queryKey: shipmentStatsQueryKey }));

  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-6">
      <div>
        <h1 id="dashboard-title" className="text-2xl font-semibold text-slate-900">
          <Trans>Dashboard</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Shipments and sales at a glance (Manila time).</Trans>
        </p>
      </div>

      {stats.isPending ? (
        <Spinner label={t`Loading figures`} />
      ) : stats.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(stats.error)}
          <Button variant="secondary" size="sm" onClick={() => void stats.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="dashboard-stats">
            <Stat label={t`All shipments`} value={count(stats.data.total)} hint={<Plural value={cancelled} one="# cancelled" other="# cancelled" />} />
            <Stat label={t`On their way`} value={ongoing.data ? count(ongoing.data.count) : '…'} hint={t`Dispatched, not delivered`} />
            <Stat label={t`Booked today`} value={count(stats.data.bookedToday)} hint={t`${revenueToday} booked`} />
            <Stat label={t`Revenue this month`} value={formatMoney(stats.data.revenueThisMonthInCents)} hint={t`Booked, not cancelled`} />
          </div>
          <Card>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>
                <Trans>Where shipments are</Trans>
              </CardTitle>
              {ability.can('admin_view', 'Shipment') ? (
                <Link to="/shipments" className="text-sm font-medium text-teal-700 hover:underline">
                  <Trans>Open shipments</Trans>
                </Link>
              ) : null}
            </div>
            <div className="mt-4">
              <BreakdownBars
                title={t`Shipments not cancelled, by delivery status`}
                bars={DELIVERY_STATUSES.map((status) => ({
                  key: status,
                  label: i18n._(DELIVERY_STATUS_LABELS[status]),
                  value: stats.data.byDeliveryStatus[status],
                }))}
              />
            </div>
          </Card>
        </>
      )}

      {seesSales ? (
        <SalesCard range={range} onRange={(next) => void navigate({ search: { range: next === DEFAULT_TIME_RANGE ? undefined : next }, replace: true })} />
      ) : null}
    </section>
  );
}

function SalesCard({ range, onRange }: { range: TimeRange; onRange: (range: TimeRange) => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const today = manilaToday();
  const sales = useQuery(salesQueryOptions(range, today));
  const language = activeLanguage();
  const points = useMemo(() => bucketSales(sales.data?.days ?? [], language), [sales.data, language]);

  return (
    <Card aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle id={`${id}-title`}>
          <Trans>Sales</Trans>
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-range`} className="text-sm font-medium whitespace-nowrap text-slate-800">
            <Trans>Time range</Trans>
          </label>
          <select
            id={`${id}-range`}
            className={`${inputClasses} w-auto max-w-full`}
            value={range}
            onChange={(event) => onRange(event.target.value as TimeRange)}
          >
            {TIME_RANGES.map((r) => (
              <option key={r} value={r}>
                {i18n._(TIME_RANGE_LABELS[r])}
              </option>
            ))}
          </select>
        </div>
      </div>
      {sales.isPending ? (
        <Spinner label={t`Loading sales`} />
      ) : sales.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorMessage(sales.error)}
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-6" aria-busy={sales.isFetching || undefined}>
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-sm text-slate-600">
                <Trans>Bookings</Trans>
              </dt>
              <dd className="text-xl font-semibold text-slate-900 tabular-nums" data-testid="sales-bookings">
                {count(sales.data.totalBookings)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">
                <Trans>Booked revenue</Trans>
              </dt>
              <dd className="text-xl font-semibold text-slate-900 tabular-nums">{formatMoney(sales.data.totalRevenueInCents)}</dd>
            </div>
          </dl>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <BarChart title={t`Bookings`} bars={points.map((p) => ({ key: p.key, label: p.label, value: p.bookings }))} format={count} />
            <BarChart title={t`Booked revenue`} bars={points.map((p) => ({ key: p.key, label: p.label, value: p.revenueInCents }))} format={formatMoney} />
          </div>
        </div>
      )}
    </Card>
  );
}
