import { formatDateTime, formatMoney, type PaymentStatus, type TransactionRowDto, type TransactionShipmentDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { cn } from '../../../lib/utils';
import { PAYMENT_METHOD_NAMES, PAYMENT_STATUS_NAMES, payerName, paymentStatusName } from '../../shipments/lib/shipment-labels';
import { TRANSACTION_STATUS_NAMES } from '../lib/transaction-labels';

const column = dataColumnHelper<TransactionRowDto>();

const PAYMENT_TONE: Record<PaymentStatus, string> = {
  Paid: 'text-emerald-800',
  'Partially Paid': 'text-amber-800',
  Pending: 'text-slate-600',
};

/** "Valid" or "Voided", as a badge. */
export function TransactionStatusBadge({ voided }: { voided: boolean }) {
  const { i18n } = useLingui();
  return voided ? (
    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800">{i18n._(TRANSACTION_STATUS_NAMES.voided)}</span>
  ) : (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800">
      {i18n._(TRANSACTION_STATUS_NAMES.valid)}
    </span>
  );
}

export function PaymentStatusText({ status }: { status: PaymentStatus }) {
  const { i18n } = useLingui();
  return <span className={cn('font-medium whitespace-nowrap', PAYMENT_TONE[status])}>{i18n._(PAYMENT_STATUS_NAMES[status])}</span>;
}

/** A shipment's payment status; a cancelled one reads what became of its money ("Refunded" to the wallet). */
export function ShipmentPaymentText({ shipment }: { shipment: Pick<TransactionShipmentDto, 'status' | 'paymentStatus' | 'paymentMethod'> }) {
  const { i18n } = useLingui();
  if (shipment.status !== 'Cancelled') return <PaymentStatusText status={shipment.paymentStatus} />;
  return <span className="font-medium whitespace-nowrap text-slate-600">{i18n._(paymentStatusName(shipment))}</span>;
}

/** Long headers wrap, so the table fits a laptop screen beside the console's sidebar. */
const WRAP = { className: 'whitespace-normal' };

const trackingColumn = column.display({
  id: 'trackingNumber',
  header: () => t`Tracking number`,
  meta: WRAP,
  cell: ({ row }) => (
    <Link
      to="/shipments/$trackingNumber"
      params={{ trackingNumber: row.original.shipment.trackingNumber }}
      className="font-mono font-medium whitespace-nowrap text-teal-800 underline-offset-4 hover:underline"
    >
      {row.original.shipment.trackingNumber}
    </Link>
  ),
});

const muted = (text: string | null | undefined) => (text ? text : <span className="text-slate-400">—</span>);

/** "View All Transactions": one row per payment, newest first. */
export const PAYMENT_COLUMNS: DataColumn<TransactionRowDto>[] = [
  column.display({
    id: 'receivedAt',
    header: () => t`Received`,
    cell: ({ row }) => <span className="block min-w-28">{row.original.transaction ? formatDateTime(row.original.transaction.receivedAt) : '—'}</span>,
  }),
  trackingColumn,
  column.display({
    id: 'amount',
    header: () => t`Amount`,
    cell: ({ row }) => (
      <span className={cn('font-medium whitespace-nowrap text-slate-900', row.original.transaction?.voidedAt && 'text-slate-500 line-through')}>
        {formatMoney(row.original.transaction?.amountInCents ?? 0)}
      </span>
    ),
    meta: { className: 'text-right' },
  }),
  column.display({
    id: 'method',
    header: () => t`Payment type`,
    meta: WRAP,
    cell: ({ row }) => (row.original.transaction ? i18n._(PAYMENT_METHOD_NAMES[row.original.transaction.method]) : '—'),
  }),
  column.display({ id: 'status', header: () => t`Status`, cell: ({ row }) => <TransactionStatusBadge voided={Boolean(row.original.transaction?.voidedAt)} /> }),
  column.display({ id: 'receivedBy', header: () => t`Received by`, meta: WRAP, cell: ({ row }) => muted(row.original.transaction?.receivedByName) }),
  column.display({
    id: 'referenceNumber',
    header: () => t`Reference no.`,
    meta: WRAP,
    cell: ({ row }) => <span className="font-mono text-xs break-all">{muted(row.original.transaction?.referenceNumber)}</span>,
  }),
  column.display({
    id: 'paymentStatus',
    header: () => t`Shipment payment status`,
    meta: WRAP,
    cell: ({ row }) => <ShipmentPaymentText shipment={row.original.shipment} />,
  }),
];

/** "Show shipments without transactions": one row per shipment still to be paid for, newest booking first. */
export const UNPAID_COLUMNS: DataColumn<TransactionRowDto>[] = [
  column.display({
    id: 'createdAt',
    header: () => t`Booked`,
    cell: ({ row }) => <span className="block min-w-28">{formatDateTime(row.original.shipment.createdAt)}</span>,
  }),
  trackingColumn,
  column.display({
    id: 'sender',
    header: () => t`Sender`,
    cell: ({ row }) => (
      <span className="block max-w-[10rem] truncate" title={row.original.shipment.senderName}>
        {row.original.shipment.senderName}
      </span>
    ),
  }),
  column.display({
    id: 'receiver',
    header: () => t`Receiver`,
    cell: ({ row }) => (
      <span className="block max-w-[10rem] truncate" title={row.original.shipment.receiverName}>
        {row.original.shipment.receiverName}
      </span>
    ),
  }),
  column.display({ id: 'payer', header: () => t`Payer`, cell: ({ row }) => i18n._(payerName(row.original.shipment)) }),
  column.display({
    id: 'paymentMethod',
    header: () => t`Payment method`,
    meta: WRAP,
    cell: ({ row }) => i18n._(PAYMENT_METHOD_NAMES[row.original.shipment.paymentMethod]),
  }),
  column.display({
    id: 'paymentStatus',
    header: () => t`Payment status`,
    meta: WRAP,
    cell: ({ row }) => <ShipmentPaymentText shipment={row.original.shipment} />,
  }),
  column.display({
    id: 'total',
    header: () => t`Total`,
    cell: ({ row }) => <span className="font-medium whitespace-nowrap text-slate-900">{formatMoney(row.original.shipment.totalInCents)}</span>,
    meta: { className: 'text-right' },
  }),
];

/** A row of the payments tab: it always carries its payment. */
export type PaymentRow = TransactionRowDto & { transaction: NonNullable<TransactionRowDto['transaction']> };
export const isPaymentRow = (row: TransactionRowDto): row is PaymentRow => row.transaction !== null;
