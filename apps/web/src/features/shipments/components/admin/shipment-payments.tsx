import { formatMoney, PAYMENT_METHOD_LABELS, shortfallText } from '@hatid/domain';
import { Card, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { usePayments } from '../../api/get-payments';
import { PhoneTime } from './phone-time';

/** Money received for the shipment: who received it, when (the phone's time and the server's), voids kept. */
export function ShipmentPayments({ trackingNumber }: { trackingNumber: string }) {
  const payments = usePayments(trackingNumber, true);
  return (
    <Card aria-labelledby="payments-title">
      <CardTitle id="payments-title">Payments received</CardTitle>
      <div className="mt-4">
        {payments.isPending ? (
          <Spinner label="Loading payments" />
        ) : payments.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(payments.error)}
          </p>
        ) : payments.data.length === 0 ? (
          <p className="text-sm text-slate-600">No payment recorded yet.</p>
        ) : (
          <ul aria-label="Payments" className="flex flex-col divide-y divide-slate-100">
            {payments.data.map((p) => (
              <li key={p.id} className="py-2 first:pt-0 last:pb-0">
                <p className={p.voidedAt ? 'text-sm text-slate-500 line-through' : 'text-sm font-medium text-slate-900'}>
                  {formatMoney(p.amountInCents)} · {PAYMENT_METHOD_LABELS[p.method]}
                  {p.receivedByName ? ` · received by ${p.receivedByName}` : ''}
                </p>
                <PhoneTime occurredAt={p.receivedAt} receivedAt={p.recordedAt} />
                {p.shortInCents ? <p className="text-sm font-medium text-red-700">{shortfallText(p.shortInCents, p.shortReason)}</p> : null}
                {p.voidedAt ? <p className="text-xs text-slate-600">Voided: {p.voidReason}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
