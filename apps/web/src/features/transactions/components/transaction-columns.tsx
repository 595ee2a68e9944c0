import {
  formatDateTime,
  formatMoney,
  payerLabel,
  PAYMENT_METHOD_LABELS,
  shipmentPaymentText,
  TRANSACTION_STATUS_LABELS,
  type PaymentStatus,
  type TransactionRowDto,
  type TransactionShipmentDto,
} from '@hatid/domain';
import { Link } from '@tanstack/react-router';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { cn } from '../../../lib/utils';

const column = dataColumnHelper<TransactionRowDto>();

const PAYMENT_TONE: Record<PaymentStatus, string> = {
  Paid: 'text-emerald-800',
  'Partially Paid': 'text-amber-800',
  Pending: 'text-slate-600',
};

/** "Valid" or "Voided", as a badge. */
export function TransactionStatusBadge({ voided }: { voided: boolean }) {
  return voided ? (
    <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800">{TRANSACTION_STATUS_LABELS.voided}</span>
  ) : (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800">{TRANSACTION_STATUS_LABELS.valid}</span>
  );
}

export function PaymentStatusText({ status }: { status: PaymentStatus }) {
  return <span className={cn('font-medium whitespace-nowrap', PAYMENT_TONE[status])}>{status}</span>;
}

/** A shipment's payment status; a cancelled one reads what became of its money ("Refunded" to the wallet). */
export function ShipmentPaymentText({ shipment }: { shipment: Pick<TransactionShipmentDto, 'status' | 'paymentStatus' | 'paymentMethod'> }) {
  if (shipment.status !== 'Cancelled') return <PaymentStatusText status={shipment.paymentStatus} />;
  return <span className="font-medium whitespace-nowrap text-slate-600">{shipmentPaymentText(shipment)}</span>;
}

/** Long headers wrap, so the table fits a laptop screen beside the console's sidebar. */
const WRAP = { className: 'whitespace-normal' };

const trackingColumn = column.display({
  id: 'trackingNumber',
  header: 'Tracking number',
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
    header: 'Received',
    cell: ({ row }) => <span className="block min-w-28">{row.original.transaction ? formatDateTime(row.original.transaction.receivedAt) : '—'}</span>,
  }),
  trackingColumn,
  column.display({
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => (
      <span className={cn('font-medium whitespace-nowrap text-slate-900', row.original.transaction?.voidedAt && 'text-slate-500 line-through')}>
        {formatMoney(row.original.transaction?.amountInCents ?? 0)}
      </span>
    ),
    meta: { className: 'text-right' },
  }),
  column.display({
    id: 'method',
    header: 'Payment type',
    meta: WRAP,
    cell: ({ row }) => (row.original.transaction ? PAYMENT_METHOD_LABELS[row.original.transaction.method] : '—'),
  }),
  column.display({ id: 'status', header: 'Status', cell: ({ row }) => <TransactionStatusBadge voided={Boolean(row.original.transaction?.voidedAt)} /> }),
  column.display({ id: 'receivedBy', header: 'Received by', meta: WRAP, cell: ({ row }) => muted(row.original.transaction?.receivedByName) }),
  column.display({
    id: 'referenceNumber',
    header: 'Reference no.',
    meta: WRAP,
    cell: ({ row }) => <span className="font-mono text-xs break-all">{muted(row.original.transaction?.referenceNumber)}</span>,
  }),
  column.display({
    id: 'paymentStatus',
    header: 'Shipment payment status',
    meta: WRAP,
    cell: ({ row }) => <ShipmentPaymentText shipment={row.original.shipment} />,
  }),
];

/** "Show shipments without transactions": one row per shipment still to be paid for, newest booking first. */
export const UNPAID_COLUMNS: DataColumn<TransactionRowDto>[] = [
  column.display({
    id: 'createdAt',
    header: 'Booked',
    cell: ({ row }) => <span className="block min-w-28">{formatDateTime(row.original.shipment.createdAt)}</span>,
  }),
  trackingColumn,
  column.display({
    id: 'sender',
    header: 'Sender',
    cell: ({ row }) => (
      <span className="block max-w-[10rem] truncate" title={row.original.shipment.senderName}>
        {row.original.shipment.senderName}
      </span>
    ),
  }),
  column.display({
    id: 'receiver',
    header: 'Receiver',
    cell: ({ row }) => (
      <span className="block max-w-[10rem] truncate" title={row.original.shipment.receiverName}>
        {row.original.shipment.receiverName}
      </span>
    ),
  }),
  column.display({ id: 'payer', header: 'Payer', cell: ({ row }) => payerLabel(row.original.shipment) }),
  column.display({ id: 'paymentMethod', header: 'Payment method', meta: WRAP, cell: ({ row }) => PAYMENT_METHOD_LABELS[row.original.shipment.paymentMethod] }),
  column.display({ id: 'paymentStatus', header: 'Payment status', meta: WRAP, cell: ({ row }) => <ShipmentPaymentText shipment={row.original.shipment} /> }),
  column.display({
    id: 'total',
    header: 'Total',
    cell: ({ row }) => <span className="font-medium whitespace-nowrap text-slate-900">{formatMoney(row.original.shipment.totalInCents)}</span>,
    meta: { className: 'text-right' },
  }),
];

/** A row of the payments tab: it always carries its payment. */
export type PaymentRow = TransactionRowDto & { transaction: NonNullable<TransactionRowDto['transaction']> };
export const isPaymentRow = (row: TransactionRowDto): row is PaymentRow => row.transaction !== null;
