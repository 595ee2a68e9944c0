import type { CollectionDto, CollectionSource, CollectionStatus } from '@hatid/domain';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { COLLECTION_STATUS_NAMES } from '../lib/status-labels';
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
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASSES[status])}>
      {i18n._(COLLECTION_STATUS_NAMES[status])}
    </span>
  );
}

/** Where the cash was collected, as a person reads it (the stored values stay the spec's). */
export const COLLECTION_SOURCE_NAMES: Record<CollectionSource, MessageDescriptor> = {
  pickup: msg`Cash upon pick up`,
  delivery: msg`Cash on delivery`,
};

const muted = (text: string | null | undefined) => (text ? text : <span className="text-slate-400">—</span>);

/** The collections table: when recorded, who handed the cash over, from which leg, how many shipments and how much, status, hub, who took it. */
export const COLLECTION_COLUMNS: DataColumn<CollectionDto>[] = [
  column.display({
    id: 'recorded',
    header: () => <Trans>Recorded</Trans>,
    cell: ({ row }) => <span className="block min-w-28">{formatDateTime(row.original.createdAt)}</span>,
  }),
  column.display({
    id: 'collectedFrom',
    header: () => <Trans>Handed over by</Trans>,
    cell: ({ row }) => <span className="font-medium text-slate-900">{row.original.collectedFromName}</span>,
  }),
  column.display({
    id: 'source',
    header: () => <Trans>Source</Trans>,
    cell: ({ row }) => <span className="whitespace-nowrap">{i18n._(COLLECTION_SOURCE_NAMES[row.original.source])}</span>,
  }),
  column.display({
    id: 'shipments',
    header: () => <Trans>Shipments</Trans>,
    cell: ({ row }) => <span className="tabular-nums">{row.original.shipments.length.toLocaleString('en-PH')}</span>,
    meta: { className: 'text-right' },
  }),
  column.display({
    id: 'amount',
    header: () => <Trans>Amount</Trans>,
    cell: ({ row }) => (
      <span className={cn('font-medium whitespace-nowrap text-slate-900 tabular-nums', row.original.status === 'cancelled' && 'text-slate-500 line-through')}>
        {formatMoney(row.original.amountInCents)}
      </span>
    ),
    meta: { className: 'text-right' },
  }),
  column.display({ id: 'status', header: () => <Trans>Status</Trans>, cell: ({ row }) => <CollectionStatusBadge status={row.original.status} /> }),
  column.display({ id: 'location', header: () => <Trans>Location</Trans>, cell: ({ row }) => muted(row.original.locationName) }),
  column.display({ id: 'receivedBy', header: () => <Trans>Received by</Trans>, cell: ({ row }) => muted(row.original.receivedByName) }),
];
