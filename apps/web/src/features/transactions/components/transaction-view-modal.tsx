import { formatDateTime, formatMoney, type AmountPaidDto, type ShipmentCollectionDto } from '@hatid/domain';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { ViewModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAmountPaid, useShipmentCollection } from '../api/transactions';
import { metaValueText } from '../lib/meta-rows';
import { PAYMENT_METHOD_NAMES, payerName } from '../../shipments/lib/shipment-labels';
import { ShipmentPaymentText, TransactionStatusBadge, type PaymentRow } from './transaction-columns';

const dash = (text: string | null | undefined): ReactNode => (text ? text : '—');

/**
 * View: every field of the payment (its meta as names and values, the proof of payment to open, remarks,
 * and when voided, by whom and why), then what the shipment's payments add up to and, for cash, where
 * that cash is.
 */
export function TransactionViewModal({ row, onClose }: { row: PaymentRow; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { transaction: payment, shipment } = row;
  const meta = Object.entries(payment.meta);
  const amount = formatMoney(payment.amountInCents);
  const fields: { label: string; value: ReactNode }[] = [
    {
      label: t`Tracking number`,
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
    { label: t`Amount`, value: amount },
    { label: t`Payment type`, value: i18n._(PAYMENT_METHOD_NAMES[payment.method]) },
    { label: t`Status`, value: <TransactionStatusBadge voided={Boolean(payment.voidedAt)} /> },
    // An invoice payment reads "Billed to account", as the shipment's payer does everywhere else.
    { label: t`Paid by`, value: payment.paidBy ? i18n._(payerName({ paidBy: payment.paidBy, paymentMethod: payment.method })) : '—' },
    { label: t`Received`, value: formatDateTime(payment.receivedAt) },
    { label: t`Recorded`, value: formatDateTime(payment.recordedAt) },
    { label: t`Received by`, value: dash(payment.receivedByName) },
    { label: t`Reference no.`, value: dash(payment.referenceNumber) },
    {
      label: t`Proof of payment`,
      value: payment.proofUrl ? (
        <a
          href={payment.proofUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-teal-800 underline-offset-4 hover:underline"
        >
          <FileText className="h-4 w-4" aria-hidden="true" />
          <Trans>Open proof of payment</Trans>
        </a>
      ) : (
        t`None attached`
      ),
    },
    { label: t`Remarks`, value: <span className="whitespace-pre-line">{dash(payment.remarks)}</span> },
    ...(payment.voidedAt
      ? [
          { label: t`Voided`, value: formatDateTime(payment.voidedAt) },
          { label: t`Voided by`, value: dash(payment.voidedByName) },
          { label: t`Void reason`, value: <span className="whitespace-pre-line">{dash(payment.voidReason)}</span> },
        ]
      : []),
    { label: t`Shipment total`, value: formatMoney(shipment.totalInCents) },
    { label: t`Shipment payment status`, value: <ShipmentPaymentText shipment={shipment} /> },
  ];

  return (
    <ViewModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`${amount} payment for ${shipment.trackingNumber}`}
      size="lg"
      fields={fields}
    >
      <section aria-labelledby="payment-details-title" className="flex flex-col gap-2 border-t border-slate-100 pt-4">
        <h3 id="payment-details-title" className="text-sm font-semibold text-slate-900">
          <Trans>Details</Trans>
        </h3>
        {meta.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>No details recorded.</Trans>
          </p>
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
      <ShipmentMoney shipmentId={shipment.id} cash={payment.method === 'cash'} />
    </ViewModal>
  );
}

/** GET /transaction/amount-paid and, for cash, /transaction/collection: the shipment's side of the payment. */
function ShipmentMoney({ shipmentId, cash }: { shipmentId: string; cash: boolean }) {
  const { t } = useLingui();
  const paid = useAmountPaid(shipmentId);
  const collection = useShipmentCollection(shipmentId, cash);
  return (
    <section aria-labelledby="shipment-money-title" className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 text-sm">
      <h3 id="shipment-money-title" className="font-semibold text-slate-900">
        <Trans>The shipment&apos;s payments</Trans>
      </h3>
      {paid.isPending ? (
        <Spinner label={t`Loading the amount paid`} className="py-2" />
      ) : paid.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(paid.error)}
        </p>
      ) : (
        <PaidLine paid={paid.data} />
      )}
      {cash ? (
        collection.isPending ? (
          <Spinner label={t`Loading the cash collection`} className="py-2" />
        ) : collection.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(collection.error)}
          </p>
        ) : (
          <CashLine collection={collection.data} />
        )
      ) : null}
    </section>
  );
}

/** "₱150.00 paid of ₱300.00 in 2 valid payments (1 voided); balance ₱150.00." */
function PaidLine({ paid }: { paid: AmountPaidDto }) {
  const amountPaid = formatMoney(paid.amountPaidInCents);
  const total = formatMoney(paid.totalInCents);
  const balance = formatMoney(paid.balanceInCents);
  const voided = paid.voidedPayments;
  return (
    <p className="text-slate-700">
      {voided > 0 ? (
        <Trans>
          {amountPaid} paid of {total} in <Plural value={paid.payments} one="# valid payment" other="# valid payments" /> ({voided} voided); balance{' '}
          <strong>{balance}</strong>.
        </Trans>
      ) : (
        <Trans>
          {amountPaid} paid of {total} in <Plural value={paid.payments} one="# valid payment" other="# valid payments" />; balance <strong>{balance}</strong>.
        </Trans>
      )}
    </p>
  );
}

/** Where a cash payment's money is: collected (by whom), remitted, in a hand-over, outstanding. */
function CashLine({ collection }: { collection: ShipmentCollectionDto }) {
  const { t } = useLingui();
  const collected = formatMoney(collection.cashCollectedInCents);
  const remitted = formatMoney(collection.remittedInCents);
  const inHandOver = formatMoney(collection.inHandOverInCents);
  const outstanding = formatMoney(collection.outstandingInCents);
  const names = [...new Set(collection.collectedBy.map((c) => c.name ?? t`someone`))].join(', ');
  return (
    <p className="text-slate-700">
      {names ? (
        <Trans>
          Cash collected {collected} by {names}: remitted {remitted}, in a hand-over {inHandOver}, outstanding {outstanding}.
        </Trans>
      ) : (
        <Trans>
          Cash collected {collected}: remitted {remitted}, in a hand-over {inHandOver}, outstanding {outstanding}.
        </Trans>
      )}
    </p>
  );
}
