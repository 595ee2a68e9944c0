import { formatDateTime, formatMoney, PAYER_LABELS, PAYMENT_METHOD_LABELS } from '@hatid/domain';
import { Link } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { ViewModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAmountPaid, useShipmentCollection } from '../api/transactions';
import { metaValueText } from '../lib/meta-rows';
import { ShipmentPaymentText, TransactionStatusBadge, type PaymentRow } from './transaction-columns';
import { plural } from '../../../lib/plural';

const dash = (text: string | null | undefined): ReactNode => (text ? text : '—');

/**
 * View: every field of the payment (its meta as names and values, the proof of payment to open, remarks,
 * and when voided, by whom and why), then what the shipment's payments add up to and, for cash, where
 * that cash is.
 */
export function TransactionViewModal({ row, onClose }: { row: PaymentRow; onClose: () => void }) {
  const { transaction: t, shipment } = row;
  const meta = Object.entries(t.meta);
  const fields: { label: string; value: ReactNode }[] = [
    {
      label: 'Tracking number',
      value: (
        <Link
          to="/shipments/$trackingNumber"
          params={{ trackingNumber: shipment.trackingNumber }}
          className="font-mono font-medium text-teal-800 underline-offset-4 hover:underline"
        >
          {shipment.trackingNumber}
        </Link>
      ),
    },
    { label: 'Amount', value: formatMoney(t.amountInCents) },
    { label: 'Payment type', value: PAYMENT_METHOD_LABELS[t.method] },
    { label: 'Status', value: <TransactionStatusBadge voided={Boolean(t.voidedAt)} /> },
    { label: 'Paid by', value: t.paidBy ? PAYER_LABELS[t.paidBy] : '—' },
    { label: 'Received', value: formatDateTime(t.receivedAt) },
    { label: 'Recorded', value: formatDateTime(t.recordedAt) },
    { label: 'Received by', value: dash(t.receivedByName) },
    { label: 'Reference no.', value: dash(t.referenceNumber) },
    {
      label: 'Proof of payment',
      value: t.proofUrl ? (
        <a
          href={t.proofUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-teal-800 underline-offset-4 hover:underline"
        >
          <FileText className="h-4 w-4" aria-hidden="true" />
          Open proof of payment
        </a>
      ) : (
        'None attached'
      ),
    },
    { label: 'Remarks', value: <span className="whitespace-pre-line">{dash(t.remarks)}</span> },
    ...(t.voidedAt
      ? [
          { label: 'Voided', value: formatDateTime(t.voidedAt) },
          { label: 'Voided by', value: dash(t.voidedByName) },
          { label: 'Void reason', value: <span className="whitespace-pre-line">{dash(t.voidReason)}</span> },
        ]
      : []),
    { label: 'Shipment total', value: formatMoney(shipment.totalInCents) },
    { label: 'Shipment payment status', value: <ShipmentPaymentText shipment={shipment} /> },
  ];

  return (
    <ViewModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${formatMoney(t.amountInCents)} payment for ${shipment.trackingNumber}`}
      size="lg"
      fields={fields}
    >
      <section aria-labelledby="payment-details-title" className="flex flex-col gap-2 border-t border-slate-100 pt-4">
        <h3 id="payment-details-title" className="text-sm font-semibold text-slate-900">
          Details
        </h3>
        {meta.length === 0 ? (
          <p className="text-sm text-slate-600">No details recorded.</p>
        ) : (
          <dl className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-x-4 gap-y-1 text-sm">
            {meta.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-medium break-words text-slate-600">{key}</dt>
                <dd className="break-words text-slate-900">{metaValueText(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <ShipmentMoney shipmentId={shipment.id} cash={t.method === 'cash'} />
    </ViewModal>
  );
}

/** GET /transaction/amount-paid and, for cash, /transaction/collection: the shipment's side of the payment. */
function ShipmentMoney({ shipmentId, cash }: { shipmentId: string; cash: boolean }) {
  const paid = useAmountPaid(shipmentId);
  const collection = useShipmentCollection(shipmentId, cash);
  return (
    <section aria-labelledby="shipment-money-title" className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 text-sm">
      <h3 id="shipment-money-title" className="font-semibold text-slate-900">
        The shipment&apos;s payments
      </h3>
      {paid.isPending ? (
        <Spinner label="Loading the amount paid" className="py-2" />
      ) : paid.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(paid.error)}
        </p>
      ) : (
        <p className="text-slate-700">
          {formatMoney(paid.data.amountPaidInCents)} paid of {formatMoney(paid.data.totalInCents)} in{' '}
          {plural(paid.data.payments, { one: 'valid payment', other: 'valid payments' })}
          {paid.data.voidedPayments > 0 ? ` (${paid.data.voidedPayments} voided)` : ''}; balance <strong>{formatMoney(paid.data.balanceInCents)}</strong>.
        </p>
      )}
      {cash ? (
        collection.isPending ? (
          <Spinner label="Loading the cash collection" className="py-2" />
        ) : collection.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(collection.error)}
          </p>
        ) : (
          <p className="text-slate-700">
            Cash collected {formatMoney(collection.data.cashCollectedInCents)}
            {collection.data.collectedBy.length > 0 ? ` by ${[...new Set(collection.data.collectedBy.map((c) => c.name ?? 'someone'))].join(', ')}` : ''}:
            remitted {formatMoney(collection.data.remittedInCents)}, in a hand-over {formatMoney(collection.data.inHandOverInCents)}, outstanding{' '}
            {formatMoney(collection.data.outstandingInCents)}.
          </p>
        )
      ) : null}
    </section>
  );
}
