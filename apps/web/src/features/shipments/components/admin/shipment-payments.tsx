import { Trans, useLingui } from '@lingui/react/macro';
import { Card, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format';
import { PAYMENT_METHOD_NAMES } from '../../lib/shipment-labels';
import { usePayments } from '../../api/get-payments';
import { PhoneTime } from './phone-time';

/** Money received for the shipment: who received it, when (the phone's time and the server's), voids kept. */
export function ShipmentPayments({ trackingNumber }: { trackingNumber: string }) {
  const { t, i18n } = useLingui();
  const payments = usePayments(trackingNumber, true);
  /** "₱40.00 short: the recipient had only ₱200" (the rider's reason as they typed it). */
  const shortfall = (shortInCents: number, reason: string | null) => {
    const amount = formatMoney(shortInCents);
    return reason ? t`${amount} short: ${reason}` : t`${amount} short`;
  };
  return (
    <Card aria-labelledby="payments-title">
      <CardTitle id="payments-title">
        <Trans>Payments received</Trans>
      </CardTitle>
      <div className="mt-4">
        {payments.isPending ? (
          <Spinner label={t`Loading payments`} />
        ) : payments.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(payments.error)}
          </p>
        ) : payments.data.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>No payment recorded yet.</Trans>
          </p>
        ) : (
          <ul aria-label={t`Payments`} className="flex flex-col divide-y divide-slate-100">
            {payments.data.map((p) => {
              const receivedBy = p.receivedByName;
              const voidReason = p.voidReason;
              return (
                <li key={p.id} className="py-2 first:pt-0 last:pb-0">
                  <p className={p.voidedAt ? 'text-sm text-slate-500 line-through' : 'text-sm font-medium text-slate-900'}>
                    {formatMoney(p.amountInCents)} · {i18n._(PAYMENT_METHOD_NAMES[p.method])}
                    {receivedBy ? ` · ${t`received by ${receivedBy}`}` : ''}
                  </p>
                  <PhoneTime occurredAt={p.receivedAt} receivedAt={p.recordedAt} />
                  {p.shortInCents ? <p className="text-sm font-medium text-red-700">{shortfall(p.shortInCents, p.shortReason)}</p> : null}
                  {p.voidedAt ? <p className="text-xs text-slate-600">{t`Voided: ${voidReason}`}</p> : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
