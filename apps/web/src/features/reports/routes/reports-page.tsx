import { REPORT_PERIODS, type ReportPeriod } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import { exportFileName } from '../../../components/data-table/export-button';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { cn } from '../../../lib/utils';
import { exportSalesReport, useSalesReport, type SalesReportParams } from '../api/reports';
import { SalesReportView } from '../components/sales-report-view';
import { parseReportSearch, type ReportSearch } from '../lib/report-search';
import { DateRangeFilter } from '../../../components/data-table/date-range-filter';

const route = getRouteApi('/console/reports');
const TITLE = msg`Reports`;
const FILE_TITLE = msg`Sales report`;
const PERIOD_LABELS: Record<ReportPeriod, MessageDescriptor> = { day: msg`Day`, week: msg`Week`, month: msg`Month` };

/** /reports: sales by period (day, week, month), delivery type and province, with the server's CSV. */
export function ReportsPage() {
  const { t, i18n } = useLingui();
  const raw = route.useSearch();
  const search = useMemo(() => parseReportSearch(raw), [raw]);
  const navigate = route.useNavigate();
  const params: SalesReportParams = { period: search.period ?? 'day', startDate: search.startDate, endDate: search.endDate };
  const report = useSalesReport(params);
  const ids = { title: useId() };
  const [downloading, setDownloading] = useState(false);

  const setSearch = (patch: Partial<ReportSearch>) => void navigate({ search: { ...search, ...patch }, replace: true });

  const download = async () => {
    setDownloading(true);
    try {
      const fileTitle = i18n._(FILE_TITLE);
      saveBlob(await exportSalesReport(params, fileTitle), exportFileName(fileTitle));
    } catch (error) {
      toast.error(t`The download failed`, { description: errorMessage(error) });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby={ids.title} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id={ids.title} className="text-2xl font-semibold text-slate-900">
            {i18n._(TITLE)}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            <Trans>Bookings and booked revenue by period, delivery type and province.</Trans>
          </p>
        </div>
        <Button variant="secondary" onClick={() => void download()} loading={downloading}>
          {downloading ? null : <Download className="h-4 w-4" aria-hidden="true" />}
          <Trans>Download CSV</Trans>
        </Button>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields: ARIA's group, not a <fieldset> */}
        <div role="group" aria-label={t`Period`} className="inline-flex overflow-hidden rounded-md border border-slate-300 bg-white">
          {REPORT_PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={params.period === period}
              onClick={() => setSearch({ period: period === 'day' ? undefined : period })}
              className={cn(
                'h-10 px-4 text-sm font-medium focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
                params.period === period ? 'bg-teal-700 text-white' : 'text-slate-700 hover:bg-slate-50',
              )}
            >
              {i18n._(PERIOD_LABELS[period])}
            </button>
          ))}
        </div>
        <DateRangeFilter startDate={search.startDate} endDate={search.endDate} fromLabel={t`From`} toLabel={t`To`} onChange={(change) => setSearch(change)} />
      </div>

      {report.isPending ? (
        <Spinner label={t`Loading the report`} className="rounded-xl border border-slate-200 bg-white py-16" />
      ) : report.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(report.error)}
          <Button variant="secondary" size="sm" onClick={() => void report.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <div aria-busy={report.isFetching || undefined} className={cn('transition-opacity', report.isFetching && 'opacity-70')}>
          <SalesReportView report={report.data} />
        </div>
      )}
    </section>
  );
}
