import type { BillingDto, BillingType, CollectionStatus, PaymentStatus } from '@hatid/domain';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { COLLECTION_STATUS_NAMES } from '../../collections/lib/status-labels';
import { PAYMENT_STATUS_NAMES } from '../../shipments/lib/shipment-labels';
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

/** Short words for the table; the modals say it in full (BILLING_TYPE_NAMES). */
export const BILLING_TYPE_SHORT: Record<BillingType, MessageDescriptor> = { receivable: msg`Receivable`, payable: msg`Payable` };
/** A billing's type in full, as the add and view modals say it. */
export const BILLING_TYPE_NAMES: Record<BillingType, MessageDescriptor> = {
  receivable: msg`Receivable (client pays us)`,
  payable: msg`Payable (we pay the client)`,
};

export function BillingStatusBadge({ status }: { status: CollectionStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASSES[status])}>
      {i18n._(COLLECTION_STATUS_NAMES[status])}
    </span>
  );
}

export function PaymentStatusText({ status }: { status: PaymentStatus }) {
  return <span className={cn('text-xs font-medium whitespace-nowrap', PAYMENT_CLASSES[status])}>{i18n._(PAYMENT_STATUS_NAMES[status])}</span>;
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
    header: () => <Trans>Billed</Trans>,
    cell: ({ row }) => (
      <span className="flex min-w-36 flex-col">
        <span className="font-medium text-slate-900">{row.original.businessName ?? row.original.customerName}</span>
        {row.original.businessName ? <span className="text-xs text-slate-500">{row.original.customerName}</span> : null}
        {row.original.invoiceNumber ? <span className="font-mono text-xs text-slate-600">{row.original.invoiceNumber}</span> : null}
      </span>
    ),
  }),
  column.display({
    id: 'type',
    header: () => <Trans>Type</Trans>,
    cell: ({ row }) => <span className="whitespace-nowrap">{i18n._(BILLING_TYPE_SHORT[row.original.billingType])}</span>,
  }),
  column.display({ id: 'period', header: () => <Trans>Period</Trans>, cell: ({ row }) => <span className="block min-w-40">{periodText(row.original)}</span> }),
  column.display({
    id: 'due',
    header: () => <Trans>Due</Trans>,
    cell: ({ row }) => <span className="whitespace-nowrap">{muted(dayText(row.original.dueDate))}</span>,
  }),
  column.display({
    id: 'shipments',
    header: () => <Trans>Shipments</Trans>,
    cell: ({ row }) => <span className="tabular-nums">{row.original.shipmentCount.toLocaleString('en-PH')}</span>,
    meta: { className: 'text-right' },
  }),
  column.display({
    id: 'total',
    header: () => <Trans>Total</Trans>,
    cell: ({ row }) => (
      <span className={cn('font-medium whitespace-nowrap text-slate-900 tabular-nums', row.original.status === 'cancelled' && 'text-slate-500 line-through')}>
        {formatMoney(row.original.totalInCents)}
      </span>
    ),
    meta: { className: 'text-right' },
  }),
  column.display({
    id: 'balance',
    header: () => <Trans>Balance</Trans>,
    cell: ({ row }) => (
      <span className="flex flex-col items-end">
        <span className="whitespace-nowrap tabular-nums">{formatMoney(row.original.balanceInCents)}</span>
        <PaymentStatusText status={row.original.paymentStatus} />
      </span>
    ),
    meta: { className: 'text-right' },
  }),
  column.display({ id: 'status', header: () => <Trans>Status</Trans>, cell: ({ row }) => <BillingStatusBadge status={row.original.status} /> }),
  column.display({ id: 'biller', header: () => <Trans>Biller</Trans>, cell: ({ row }) => muted(row.original.billerName) }),
  column.display({ id: 'location', header: () => <Trans>Location</Trans>, cell: ({ row }) => muted(row.original.locationName) }),
];
