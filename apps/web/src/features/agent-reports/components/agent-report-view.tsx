import type { CommissionStatsDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { rangeLabel } from '../../reports/lib/report-search';
import { ratePercent } from '../lib/agent-report-search';

const count = (n: number) => n.toLocaleString('en-PH');

function Total({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
      {note ? <p className="text-xs text-slate-500">{note}</p> : null}
    </Card>
  );
}

/** One agent's period: the summary, then each customer who had a delivery in it. */
export function AgentReportView({ stats }: { stats: CommissionStatsDto }) {
  const { t } = useLingui();
  const rate = ratePercent(stats.rateBasisPoints);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-800">{stats.agentName || stats.agentCode}</span> ({stats.agentCode}) ·{' '}
        {rangeLabel(stats.startDate, stats.endDate)}
      </p>
      <section aria-label={t`Summary`} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Total label={t`Customers`} value={count(stats.customers)} note={t`Signed up with the code`} />
        <Total label={t`Delivered shipments`} value={count(stats.deliveredShipments)} />
        <Total label={t`Delivery fees`} value={formatMoney(stats.deliveryFeesInCents)} />
        <Total label={t`Commission (${rate})`} value={formatMoney(stats.commissionInCents)} />
      </section>

      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            <Trans>Commission by customer</Trans>
          </caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                <Trans>Customer</Trans>
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                <Trans>Delivered shipments</Trans>
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                <Trans>Delivery fees</Trans>
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                <Trans>Commission</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {stats.byCustomer.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-6 text-center text-slate-500">
                  <Trans>No deliveries for this agent's customers in this period</Trans>
                </td>
              </tr>
            ) : (
              stats.byCustomer.map((row) => (
                <tr key={row.customerId}>
                  <th scope="row" className="px-3 py-2 font-medium text-slate-800">
                    {row.customerName || t`Unnamed customer`}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{count(row.deliveredShipments)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(row.deliveryFeesInCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(row.commissionInCents)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
