import { BILLING_STATUS_LABELS, type BillingDto, type BillingType, type CollectionStatus, type PaymentStatus } from '@hatid/domain';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { cn } from '../../../lib/utils';

const column = dataColumnHelper<BillingDto>();

const STATUS_CLASSES: Record<CollectionStatus, string> = {
  pending: 'bg-amber-50 text-amber-900',
  on_going: 'bg-sky-50 text-sky-900',
  completed: 'bg-emerald-50 text-emerald-900',
  cancelled: 'bg-slate-100 text-slate-700',
};

const PAYMENT_CLASSES: Record<PaymentStatus, string> = {
  Paid: 'text-emerald-800',
  'Partially Paid': 'text-amber-800',
  Pending: 'text-slate-600',
};

/** Short words for the table; the modals say it in full (BILLING_TYPE_LABELS). */
export const BILLING_TYPE_SHORT: Record<BillingType, string> = { receivable: 'Receivable', payable: 'Payable' };

export function BillingStatusBadge({ status }: { status: CollectionStatus }) {
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASSES[status])}>{BILLING_STATUS_LABELS[status]}</span>;
}

export function PaymentStatusText({ status }: { status: PaymentStatus }) {
  return <span className={cn('text-xs font-medium whitespace-nowrap', PAYMENT_CLASSES[status])}>{status}</span>;
}

/** "November 01, 2026 – November 30, 2026" for a billing's Manila days. */
export const periodText = (b: Pick<BillingDto, 'periodStart' | 'periodEnd'>) =>
  `${formatDate(`${b.periodStart}T00:00:00+08:00`)} – ${formatDate(`${b.periodEnd}T00:00:00+08:00`)}`;
export const dayText = (day: string | null | undefined) => (day ? formatDate(`${day.slice(0, 10)}T00:00:00+08:00`) : null);

const muted = (text: string | null | undefined) => (text ? text : <span className="text-slate-400">—</span>);

/** The billings table: who is billed (and its invoice), the type, period, due date, shipments, money, status, who prepared it, where. */
export const BILLING_COLUMNS: DataColumn<BillingDto>[] = [
  column.display({
    id: 'billed',
    header: 'Billed',
    cell: ({ row }) => (
      <span className="flex min-w-36 flex-col">
        <span className="font-medium text-slate-900">{row.original.businessName ?? row.original.customerName}</span>
        {row.original.businessName ? <span className="text-xs text-slate-500">{row.original.customerName}</span> : null}
        {row.original.invoiceNumber ? <span className="font-mono text-xs text-slate-600">{row.original.invoiceNumber}</span> : null}
      </span>
    ),
  }),
  column.display({ id: 'type', header: 'Type', cell: ({ row }) => <span className="whitespace-nowrap">{BILLING_TYPE_SHORT[row.original.billingType]}</span> }),
  column.display({ id: 'period', header: 'Period', cell: ({ row }) => <span className="block min-w-40">{periodText(row.original)}</span> }),
  column.display({ id: 'due', header: 'Due', cell: ({ row }) => <span className="whitespace-nowrap">{muted(dayText(row.original.dueDate))}</span> }),
  column.display({
    id: 'shipments',
    header: 'Shipments',
    cell: ({ row }) => <span className="tabular-nums">{row.original.shipmentCount.toLocaleString('en-PH')}</span>,
    meta: { className: 'text-right' },
  }),
  column.display({
    id: 'total',
    header: 'Total',
    cell: ({ row }) => (
      <span className={cn('font-medium whitespace-nowrap text-slate-900 tabular-nums', row.original.status === 'cancelled' && 'text-slate-500 line-through')}>
        {formatMoney(row.original.totalInCents)}
      </span>
    ),
    meta: { className: 'text-right' },
  }),
  column.display({
    id: 'balance',
    header: 'Balance',
    cell: ({ row }) => (
      <span className="flex flex-col items-end">
        <span className="whitespace-nowrap tabular-nums">{formatMoney(row.original.balanceInCents)}</span>
        <PaymentStatusText status={row.original.paymentStatus} />
      </span>
    ),
    meta: { className: 'text-right' },
  }),
  column.display({ id: 'status', header: 'Status', cell: ({ row }) => <BillingStatusBadge status={row.original.status} /> }),
  column.display({ id: 'biller', header: 'Biller', cell: ({ row }) => muted(row.original.billerName) }),
  column.display({ id: 'location', header: 'Location', cell: ({ row }) => muted(row.original.locationName) }),
];
