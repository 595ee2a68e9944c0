import { COLLECTION_SOURCE_LABELS, COLLECTION_STATUS_LABELS, type CollectionDto, type CollectionStatus } from '@hatid/domain';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { cn } from '../../../lib/utils';

const column = dataColumnHelper<CollectionDto>();

const STATUS_CLASSES: Record<CollectionStatus, string> = {
  pending: 'bg-amber-50 text-amber-900',
  on_going: 'bg-sky-50 text-sky-900',
  completed: 'bg-emerald-50 text-emerald-900',
  cancelled: 'bg-slate-100 text-slate-700',
};

export function CollectionStatusBadge({ status }: { status: CollectionStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASSES[status])}>{COLLECTION_STATUS_LABELS[status]}</span>
  );
}

const muted = (text: string | null | undefined) => (text ? text : <span className="text-slate-400">—</span>);

/** The collections table: when recorded, who handed the cash over, from which leg, how many shipments and how much, status, hub, who took it. */
export const COLLECTION_COLUMNS: DataColumn<CollectionDto>[] = [
  column.display({ id: 'recorded', header: 'Recorded', cell: ({ row }) => <span className="block min-w-28">{formatDateTime(row.original.createdAt)}</span> }),
  column.display({
    id: 'collectedFrom',
    header: 'Handed over by',
    cell: ({ row }) => <span className="font-medium text-slate-900">{row.original.collectedFromName}</span>,
  }),
  column.display({
    id: 'source',
    header: 'Source',
    cell: ({ row }) => <span className="whitespace-nowrap">{COLLECTION_SOURCE_LABELS[row.original.source]}</span>,
  }),
  column.display({
    id: 'shipments',
    header: 'Shipments',
    cell: ({ row }) => <span className="tabular-nums">{row.original.shipments.length.toLocaleString('en-PH')}</span>,
    meta: { className: 'text-right' },
  }),
  column.display({
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => (
      <span className={cn('font-medium whitespace-nowrap text-slate-900 tabular-nums', row.original.status === 'cancelled' && 'text-slate-500 line-through')}>
        {formatMoney(row.original.amountInCents)}
      </span>
    ),
    meta: { className: 'text-right' },
  }),
  column.display({ id: 'status', header: 'Status', cell: ({ row }) => <CollectionStatusBadge status={row.original.status} /> }),
  column.display({ id: 'location', header: 'Location', cell: ({ row }) => muted(row.original.locationName) }),
  column.display({ id: 'receivedBy', header: 'Received by', cell: ({ row }) => muted(row.original.receivedByName) }),
];
