import { DELIVERY_TYPE_LABELS, formatDate, formatMoney, payerLabel, shipmentPaymentText, type ShipmentDto } from '@hatid/domain';
import { Link } from '@tanstack/react-router';
import { dataColumnHelper, type DataColumn } from '../../../../components/data-table/data-table';
import { cn } from '../../../../lib/utils';
import { StatusBadge } from '../status-badge';

const col = dataColumnHelper<ShipmentDto>();

const PAYMENT_TONE: Record<ShipmentDto['paymentStatus'], string> = {
  Paid: 'text-emerald-800',
  'Partially Paid': 'text-amber-800',
  Pending: 'text-slate-600',
};

/** The console's shipment columns; the list is the server's page, in the server's order (newest first). */
export const SHIPMENT_COLUMNS: DataColumn<ShipmentDto>[] = [
  col.accessor('trackingNumber', {
    header: 'Shipment',
    // The server sorts by booking time (shown under the number), newest first unless asked otherwise.
    meta: { sortField: 'createdAt' },
    cell: ({ row }) => (
      <span className="block whitespace-nowrap">
        <Link
          to="/shipments/$trackingNumber"
          params={{ trackingNumber: row.original.trackingNumber }}
          className="font-mono font-medium text-teal-800 underline-offset-4 hover:underline"
        >
          {row.original.trackingNumber}
        </Link>
        <span className="block text-xs text-slate-500">Booked {formatDate(row.original.createdAt)}</span>
      </span>
    ),
  }),
  col.display({
    id: 'sender',
    header: 'Sender',
    cell: ({ row }) => <Party name={row.original.senderAddress.name} place={row.original.senderAddress.cityLabel} />,
  }),
  col.display({
    id: 'receiver',
    header: 'Receiver',
    cell: ({ row }) => <Party name={row.original.receiverAddress.name} place={row.original.receiverAddress.cityLabel} />,
  }),
  col.accessor('deliveryType', {
    header: 'Service',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {DELIVERY_TYPE_LABELS[row.original.deliveryType]}
        <span className="block text-xs text-slate-500">{row.original.shipmentType}</span>
      </span>
    ),
  }),
  col.accessor('deliveryStatus', { header: 'Status', cell: ({ row }) => <StatusBadge shipment={row.original} /> }),
  col.accessor('paymentStatus', {
    header: 'Payment',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        <span className={cn('font-medium', row.original.status === 'Cancelled' ? 'text-slate-600' : PAYMENT_TONE[row.original.paymentStatus])}>
          {shipmentPaymentText(row.original)}
        </span>
        <span className="block text-xs text-slate-500">{payerLabel(row.original)}</span>
      </span>
    ),
  }),
  col.accessor('totalInCents', {
    header: 'Total',
    cell: ({ row }) => <span className="font-medium whitespace-nowrap text-slate-900">{formatMoney(row.original.totalInCents)}</span>,
    meta: { className: 'text-right' },
  }),
];

function Party({ name, place }: { name: string; place: string }) {
  return (
    <span className="block max-w-[12rem]">
      <span className="block truncate font-medium text-slate-900" title={name}>
        {name}
      </span>
      <span className="block truncate text-xs text-slate-500" title={place}>
        {place}
      </span>
    </span>
  );
}
