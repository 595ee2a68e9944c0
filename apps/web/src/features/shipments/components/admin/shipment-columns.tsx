import type { ShipmentDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { dataColumnHelper, type DataColumn } from '../../../../components/data-table/data-table';
import { DELIVERY_TYPE_NAMES } from '../../../../i18n/shipment-labels';
import { formatDate, formatMoney } from '../../../../lib/format';
import { cn } from '../../../../lib/utils';
import { payerName, paymentStatusName, SERVICE_TYPE_NAMES } from '../../lib/shipment-labels';
import { StatusBadge } from '../status-badge';

const col = dataColumnHelper<ShipmentDto>();

const PAYMENT_TONE: Record<ShipmentDto['paymentStatus'], string> = {
  Paid: 'text-emerald-800',
  'Partially Paid': 'text-amber-800',
  Pending: 'text-slate-600',
};

/**
 * The console's shipment columns; the list is the server's page, in the server's order (newest first). Headers and
 * cells say their words while rendering (the reader's language); the list stays one constant, so a refetch never
 * remounts the cells (data-table.tsx).
 */
export const SHIPMENT_COLUMNS: DataColumn<ShipmentDto>[] = [
  col.accessor('trackingNumber', {
    header: () => i18n._(msg`Shipment`),
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
        <span className="block text-xs text-slate-500">{i18n._(msg`Booked ${formatDate(row.original.createdAt)}`)}</span>
      </span>
    ),
  }),
  col.display({
    id: 'sender',
    header: () => i18n._(msg`Sender`),
    cell: ({ row }) => <Party name={row.original.senderAddress.name} place={row.original.senderAddress.cityLabel} />,
  }),
  col.display({
    id: 'receiver',
    header: () => i18n._(msg`Receiver`),
    cell: ({ row }) => <Party name={row.original.receiverAddress.name} place={row.original.receiverAddress.cityLabel} />,
  }),
  col.accessor('deliveryType', {
    header: () => i18n._(msg`Service`),
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {i18n._(DELIVERY_TYPE_NAMES[row.original.deliveryType])}
        <span className="block text-xs text-slate-500">{i18n._(SERVICE_TYPE_NAMES[row.original.shipmentType])}</span>
      </span>
    ),
  }),
  col.accessor('deliveryStatus', { header: () => i18n._(msg`Status`), cell: ({ row }) => <StatusBadge shipment={row.original} /> }),
  col.accessor('paymentStatus', {
    header: () => i18n._(msg`Payment`),
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        <span className={cn('font-medium', row.original.status === 'Cancelled' ? 'text-slate-600' : PAYMENT_TONE[row.original.paymentStatus])}>
          {i18n._(paymentStatusName(row.original))}
        </span>
        <span className="block text-xs text-slate-500">{i18n._(payerName(row.original))}</span>
      </span>
    ),
  }),
  col.accessor('totalInCents', {
    header: () => i18n._(msg`Total`),
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
