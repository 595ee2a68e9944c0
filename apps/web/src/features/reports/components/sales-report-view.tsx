import type { SalesFiguresDto, SalesReportDto } from '@hatid/domain';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { BarChart, BreakdownBars } from '../../dashboard/components/bar-chart';
import { periodLabel, rangeLabel } from '../lib/report-search';

const count = (n: number) => n.toLocaleString('en-PH');
const PERIOD_NOUN = { day: 'Day', week: 'Week of', month: 'Month' } as const;

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
              Bookings
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Delivered
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Cancelled
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Booked revenue
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} className="px-3 py-6 text-center text-slate-500">
                No data available
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
  const periods = report.byPeriod.map((p) => ({ ...p, key: p.periodStart, label: periodLabel(report.period, p.periodStart) }));
  const types = report.byDeliveryType.map((t) => ({ ...t, key: t.deliveryType, label: t.label }));
  const provinces = report.byProvince.map((p) => ({ ...p, key: p.provinceCode, label: p.provinceName }));
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600">{rangeLabel(report.startDate, report.endDate)}</p>
      <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Total label="Bookings" value={count(report.totals.bookings)} />
        <Total label="Booked revenue" value={formatMoney(report.totals.revenueInCents)} />
        <Total label="Delivered" value={count(report.totals.delivered)} />
        <Total label="Cancelled" value={count(report.totals.cancelled)} />
      </section>

      <Card>
        <CardTitle>By {report.period}</CardTitle>
        <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-2">
          <BarChart title="Bookings" bars={periods.map((p) => ({ key: p.key, label: p.label, value: p.bookings }))} format={count} />
          <BarChart title="Booked revenue" bars={periods.map((p) => ({ key: p.key, label: p.label, value: p.revenueInCents }))} format={formatMoney} />
        </div>
        <div className="mt-4">
          <FiguresTable caption={`Sales by ${report.period}`} firstHeader={PERIOD_NOUN[report.period]} rows={periods} />
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
        <Card>
          <CardTitle>By delivery type</CardTitle>
          <div className="mt-4 flex flex-col gap-4">
            <BreakdownBars title="Bookings" bars={types.map((t) => ({ key: t.key, label: t.label, value: t.bookings }))} />
            <FiguresTable caption="Sales by delivery type" firstHeader="Delivery type" rows={types} />
          </div>
        </Card>
        <Card>
          <CardTitle>By province of origin</CardTitle>
          <div className="mt-4 flex flex-col gap-4">
            {provinces.length > 0 ? (
              <BreakdownBars title="Bookings" bars={provinces.slice(0, 10).map((p) => ({ key: p.key, label: p.label, value: p.bookings }))} />
            ) : null}
            <FiguresTable caption="Sales by province of origin" firstHeader="Province" rows={provinces} />
          </div>
        </Card>
      </div>
    </div>
  );
}
