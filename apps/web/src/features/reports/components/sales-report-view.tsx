import type { ReportPeriod, SalesFiguresDto, SalesReportDto } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { DELIVERY_TYPE_NAMES } from '../../../i18n/shipment-labels';
import { BarChart, BreakdownBars } from '../../dashboard/components/bar-chart';
import { periodLabel, rangeLabel } from '../lib/report-search';

const count = (n: number) => n.toLocaleString('en-PH');
/** Each period size's words: the first column's header, the card's title and the table's caption. */
const PERIOD_TEXT: Record<ReportPeriod, { header: MessageDescriptor; title: MessageDescriptor; caption: MessageDescriptor }> = {
  day: { header: msg`Day`, title: msg`By day`, caption: msg`Sales by day` },
  week: { header: msg`Week of`, title: msg`By week`, caption: msg`Sales by week` },
  month: { header: msg`Month`, title: msg`By month`, caption: msg`Sales by month` },
};

function Total({ label, value }: { label: string; value: string }) {
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
    </Card>
  );
}

function FiguresTable({
  caption,
  firstHeader,
  rows,
}: {
  caption: string;
  firstHeader: string;
  rows: readonly (SalesFiguresDto & { key: string; label: string })[];
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              {firstHeader}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              <Trans>Bookings</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              <Trans>Delivered</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              <Trans>Cancelled</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              <Trans>Booked revenue</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-3 py-6 text-center text-slate-500">
                <Trans>No data available</Trans>
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                  {row.label}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{count(row.bookings)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{count(row.delivered)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{count(row.cancelled)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(row.revenueInCents)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** One sales report: totals, bars per period, then per delivery type and per province, each with its table. */
export function SalesReportView({ report }: { report: SalesReportDto }) {
  const { t, i18n } = useLingui();
  const periodText = PERIOD_TEXT[report.period];
  const periods = report.byPeriod.map((p) => ({ ...p, key: p.periodStart, label: periodLabel(report.period, p.periodStart) }));
  // The service's name in the reader's language (the server's label is the English one).
  const types = report.byDeliveryType.map((type) => ({ ...type, key: type.deliveryType, label: i18n._(DELIVERY_TYPE_NAMES[type.deliveryType]) }));
  const provinces = report.byProvince.map((p) => ({ ...p, key: p.provinceCode, label: p.provinceName }));
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600">{rangeLabel(report.startDate, report.endDate)}</p>
      <section aria-label={t`Totals`} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Total label={t`Bookings`} value={count(report.totals.bookings)} />
        <Total label={t`Booked revenue`} value={formatMoney(report.totals.revenueInCents)} />
        <Total label={t`Delivered`} value={count(report.totals.delivered)} />
        <Total label={t`Cancelled`} value={count(report.totals.cancelled)} />
      </section>

      <Card>
        <CardTitle>{i18n._(periodText.title)}</CardTitle>
        <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-2">
          <BarChart title={t`Bookings`} bars={periods.map((p) => ({ key: p.key, label: p.label, value: p.bookings }))} format={count} />
          <BarChart title={t`Booked revenue`} bars={periods.map((p) => ({ key: p.key, label: p.label, value: p.revenueInCents }))} format={formatMoney} />
        </div>
        <div className="mt-4">
          <FiguresTable caption={i18n._(periodText.caption)} firstHeader={i18n._(periodText.header)} rows={periods} />
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
        <Card>
          <CardTitle>
            <Trans>By delivery type</Trans>
          </CardTitle>
          <div className="mt-4 flex flex-col gap-4">
            <BreakdownBars title={t`Bookings`} bars={types.map((t) => ({ key: t.key, label: t.label, value: t.bookings }))} />
            <FiguresTable caption={t`Sales by delivery type`} firstHeader={t`Delivery type`} rows={types} />
          </div>
        </Card>
        <Card>
          <CardTitle>
            <Trans>By province of origin</Trans>
          </CardTitle>
          <div className="mt-4 flex flex-col gap-4">
            {provinces.length > 0 ? (
              <BreakdownBars title={t`Bookings`} bars={provinces.slice(0, 10).map((p) => ({ key: p.key, label: p.label, value: p.bookings }))} />
            ) : null}
            <FiguresTable caption={t`Sales by province of origin`} firstHeader={t`Province`} rows={provinces} />
          </div>
        </Card>
      </div>
    </div>
  );
}
