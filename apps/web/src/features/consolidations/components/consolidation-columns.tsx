import { CONSOLIDATION_STATUS_LABELS, gramsToKg, type ConsolidationDto, type ConsolidationStatus } from '@hatid/domain';
import { Link } from '@tanstack/react-router';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';

const column = dataColumnHelper<ConsolidationDto>();

const STATUS_CLASSES: Record<ConsolidationStatus, string> = {
  pending: 'bg-amber-50 text-amber-900',
  consolidated: 'bg-sky-50 text-sky-900',
  deconsolidating: 'bg-violet-50 text-violet-900',
  completed: 'bg-emerald-50 text-emerald-900',
};

export function ConsolidationStatusBadge({ status }: { status: ConsolidationStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASSES[status])}>{CONSOLIDATION_STATUS_LABELS[status]}</span>
  );
}

export const kgText = (grams: number) => `${gramsToKg(grams).toFixed(2)} kg`;

/** The consolidations table: tag (opens it), route, status, carrier and MAWB, counts, when opened. */
export const CONSOLIDATION_COLUMNS: DataColumn<ConsolidationDto>[] = [
  column.accessor('tag', {
    header: 'Tag',
    cell: ({ row }) => (
      <Link to="/consolidations/$tag" params={{ tag: row.original.tag }} className="font-mono font-semibold whitespace-nowrap text-teal-800 hover:underline">
        {row.original.tag}
      </Link>
    ),
  }),
  column.display({
    id: 'route',
    header: 'Route',
    cell: ({ row }) => <span className="whitespace-nowrap">{`${row.original.senderAirport} → ${row.original.receiverAirport}`}</span>,
  }),
  column.display({ id: 'status', header: 'Status', cell: ({ row }) => <ConsolidationStatusBadge status={row.original.status} /> }),
  column.display({
    id: 'carrier',
    header: 'Carrier · MAWB',
    cell: ({ row }) => (
      <div className="text-sm">
        <p>{row.original.courier?.name ?? '—'}</p>
        <p className="font-mono text-xs text-slate-500">{row.original.masterAwbNumber ?? 'No MAWB yet'}</p>
      </div>
    ),
  }),
  column.display({
    id: 'load',
    header: 'Shipments',
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">
        {row.original.shipmentCount} · {row.original.totalPieces} pcs · {kgText(row.original.totalWeightInGrams)}
      </span>
    ),
  }),
  column.display({ id: 'created', header: 'Opened', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> }),
];
