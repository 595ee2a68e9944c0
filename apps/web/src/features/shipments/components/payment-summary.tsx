import type { ShipmentDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { PAYMENT_METHOD_NAMES, payerName, paymentStatusName } from '../lib/shipment-labels';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-3', strong && 'border-t border-slate-200 pt-2 text-base font-semibold text-slate-900')}>
      <dt>{label}</dt>
      <dd className="text-right whitespace-nowrap">{value}</dd>
    </div>
  );
}

const PAYMENT_STATUS_TONE: Record<ShipmentDto['paymentStatus'], string> = {
  Paid: 'text-emerald-700',
  'Partially Paid': 'text-amber-800',
  Pending: 'text-slate-700',
};

/** The price as booked (the server's figures) and how it is paid. */
export function PaymentSummary({ shipment: s }: { shipment: ShipmentDto }) {
  const { t, i18n } = useLingui();
  const cancelled = s.status === 'Cancelled';
  const declared = formatMoney(Math.round(s.declaredInsuranceValue * 100));
  const promoCode = s.promoCode;
  return (
    <Card aria-labelledby="payment-title">
      <CardTitle id="payment-title">
        <Trans>Price and payment</Trans>
      </CardTitle>
      <dl className="mt-4 flex flex-col gap-2 text-sm text-slate-700">
        <Row label={t`Packages`} value={formatMoney(s.packagesTotalInCents)} />
        {s.surchargeInCents > 0 ? <Row label={t`Surcharges`} value={formatMoney(s.surchargeInCents)} /> : null}
        <Row label={t`Subtotal`} value={formatMoney(s.subtotalInCents)} />
        <Row label={s.declaredInsuranceValue > 0 ? t`Insurance (declared value ${declared})` : t`Insurance`} value={formatMoney(s.insuranceFeeInCents)} />
        {s.retrievalFeeInCents > 0 ? <Row label={t`Retrieval fee`} value={formatMoney(s.retrievalFeeInCents)} /> : null}
        {s.feesInCents > 0 ? <Row label={t`Other fees`} value={formatMoney(s.feesInCents)} /> : null}
        {s.discountInCents > 0 ? <Row label={promoCode ? t`Discount (${promoCode})` : t`Discount`} value={`− ${formatMoney(s.discountInCents)}`} /> : null}
        <Row label={t`Total`} value={formatMoney(s.totalInCents)} strong />
      </dl>
      <dl className="mt-5 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">
            <Trans>Payer</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{i18n._(payerName(s))}</dd>
        </div>
        <div>
          <dt className="text-slate-500">
            <Trans>Payment method</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{i18n._(PAYMENT_METHOD_NAMES[s.paymentMethod])}</dd>
        </div>
        <div>
          <dt className="text-slate-500">
            <Trans>Payment status</Trans>
          </dt>
          <dd className={cn('font-medium', cancelled ? 'text-slate-700' : PAYMENT_STATUS_TONE[s.paymentStatus])}>{i18n._(paymentStatusName(s))}</dd>
        </div>
        <div>
          <dt className="text-slate-500">
            <Trans>Cash on delivery</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{s.codAmountInCents > 0 && !cancelled ? formatMoney(s.codAmountInCents) : t`None`}</dd>
        </div>
      </dl>
    </Card>
  );
}
