import { formatMoney, PAYMENT_METHOD_LABELS, payerLabel, shipmentPaymentText, type ShipmentDto } from '@hatid/domain';
import { Card, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

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

/**
 * What the customer reads as the payment status. A cancelled shipment owes nothing: nothing is collected
 * for it, and money already paid is returned (a wallet payment as a Refund, DECISIONS "Cancellation").
 */
export const paymentStatusText = (s: Pick<ShipmentDto, 'status' | 'paymentStatus' | 'paymentMethod'>): string => shipmentPaymentText(s);

/** The price as booked (the server's figures) and how it is paid. */
export function PaymentSummary({ shipment: s }: { shipment: ShipmentDto }) {
  const cancelled = s.status === 'Cancelled';
  return (
    <Card aria-labelledby="payment-title">
      <CardTitle id="payment-title">Price and payment</CardTitle>
      <dl className="mt-4 flex flex-col gap-2 text-sm text-slate-700">
        <Row label="Packages" value={formatMoney(s.packagesTotalInCents)} />
        {s.surchargeInCents > 0 ? <Row label="Surcharges" value={formatMoney(s.surchargeInCents)} /> : null}
        <Row label="Subtotal" value={formatMoney(s.subtotalInCents)} />
        <Row
          label={s.declaredInsuranceValue > 0 ? `Insurance (declared value ${formatMoney(Math.round(s.declaredInsuranceValue * 100))})` : 'Insurance'}
          value={formatMoney(s.insuranceFeeInCents)}
        />
        {s.retrievalFeeInCents > 0 ? <Row label="Retrieval fee" value={formatMoney(s.retrievalFeeInCents)} /> : null}
        {s.feesInCents > 0 ? <Row label="Other fees" value={formatMoney(s.feesInCents)} /> : null}
        {s.discountInCents > 0 ? (
          <Row label={s.promoCode ? `Discount (${s.promoCode})` : 'Discount'} value={`− ${formatMoney(s.discountInCents)}`} />
        ) : null}
        <Row label="Total" value={formatMoney(s.totalInCents)} strong />
      </dl>
      <dl className="mt-5 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Payer</dt>
          <dd className="font-medium text-slate-900">{payerLabel(s)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Payment method</dt>
          <dd className="font-medium text-slate-900">{PAYMENT_METHOD_LABELS[s.paymentMethod]}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Payment status</dt>
          <dd className={cn('font-medium', cancelled ? 'text-slate-700' : PAYMENT_STATUS_TONE[s.paymentStatus])}>{paymentStatusText(s)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Cash on delivery</dt>
          <dd className="font-medium text-slate-900">{s.codAmountInCents > 0 && !cancelled ? formatMoney(s.codAmountInCents) : 'None'}</dd>
        </div>
      </dl>
    </Card>
  );
}
