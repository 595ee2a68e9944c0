import type { PayoutBreakdownDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { filterFieldClass } from '../../../components/data-table/date-range-filter';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney, toIsoDate } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { usePartnerPayout } from '../api/partners';

/** yyyy-MM of the Manila month now. */
const thisMonth = () => toIsoDate(new Date()).slice(0, 7);

function Total({ label, value, tone }: { label: string; value: string; tone?: 'owed' }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={cn('text-2xl font-semibold tabular-nums', tone === 'owed' ? 'text-red-700' : 'text-slate-900')}>{value}</dd>
    </div>
  );
}

/** The month's totals in plain words, and each delivered shipment's fees. */
export function PayoutView({ payout }: { payout: PayoutBreakdownDto }) {
  const { t } = useLingui();
  const owes = payout.netPayoutInCents < 0;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Total label={t`Fees due`} value={formatMoney(payout.feesDueInCents)} />
        <Total label={t`Cash not yet handed over`} value={formatMoney(payout.unremittedCashInCents)} />
        {owes ? (
          <Total label={t`Owes the hub`} value={formatMoney(-payout.netPayoutInCents)} tone="owed" />
        ) : (
          <Total label={t`Net payout`} value={formatMoney(payout.netPayoutInCents)} />
        )}
      </dl>
      <p className="text-sm text-slate-600">
        {owes
          ? t`The cash this partner collected and has not handed over is more than the fees due: the partner owes the hub the difference.`
          : t`Fees for the shipments delivered this month, less the cash collected and not yet handed over.`}
      </p>
      {payout.shipments.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>No shipment was delivered in this month.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              <Trans>Delivered shipments in the payout</Trans>
            </caption>
            <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  <Trans>Tracking number</Trans>
                </th>
                <th scope="col" className="px-3 py-2">
                  <Trans>Delivered</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  <Trans>Retrieval fee</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  <Trans>Outbound fee</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  <Trans>Due</Trans>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {payout.shipments.map((shipment) => (
                <tr key={shipment.shipmentId}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to="/shipments/$trackingNumber" params={{ trackingNumber: shipment.trackingNumber }} className="text-teal-800 hover:underline">
                      {shipment.trackingNumber}
                    </Link>
                  </th>
                  <td className="px-3 py-2">{formatDate(shipment.deliveredAt)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(shipment.retrievalFeeInCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(shipment.outboundFeeInCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(shipment.dueInCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * A partner's payout for one month (GET /shipments/payout-breakdown): what the hub owes it for the month's
 * deliveries, less the cash it still holds. Staff and admins see any partner's; the partner its own.
 */
export function PartnerPayout({ partnerId }: { partnerId: string }) {
  const { t } = useLingui();
  const [period, setPeriod] = useState(thisMonth);
  const payout = usePartnerPayout({ partnerId, period });
  const ids = { title: useId(), month: useId() };
  return (
    <Card aria-labelledby={ids.title}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <CardTitle id={ids.title}>
            <Trans>Payout</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Fees for the month&apos;s deliveries, less the cash not yet handed over.</Trans>
          </CardDescription>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.month} className="text-sm font-medium text-slate-800">
            <Trans>Month</Trans>
          </label>
          <input
            id={ids.month}
            type="month"
            value={period}
            max={thisMonth()}
            // Cleared or half typed: keep the month shown.
            onChange={(event) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(event.target.value) ? setPeriod(event.target.value) : undefined)}
            className={filterFieldClass}
          />
        </div>
      </div>
      <div className="mt-4">
        {payout.isPending ? (
          <Spinner label={t`Loading the payout`} />
        ) : payout.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
            {errorMessage(payout.error)}
            <Button variant="secondary" size="sm" onClick={() => void payout.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <div aria-busy={payout.isFetching || undefined} className={cn('transition-opacity', payout.isFetching && 'opacity-70')}>
            <PayoutView payout={payout.data} />
          </div>
        )}
      </div>
    </Card>
  );
}
