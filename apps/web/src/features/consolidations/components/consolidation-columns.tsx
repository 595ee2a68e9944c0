import { gramsToKg, type ConsolidationDto, type ConsolidationStatus } from '@hatid/domain';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { CONSOLIDATION_STATUS_NAMES } from '../lib/consolidation-labels';

const column = dataColumnHelper<ConsolidationDto>();

const STATUS_CLASSES: Record<ConsolidationStatus, string> = {
  pending: 'bg-amber-50 text-amber-900',
  consolidated: 'bg-sky-50 text-sky-900',
  deconsolidating: 'bg-violet-50 text-violet-900',
  completed: 'bg-emerald-50 text-emerald-900',
};

export function ConsolidationStatusBadge({ status }: { status: ConsolidationStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASSES[status])}>
      {i18n._(CONSOLIDATION_STATUS_NAMES[status])}
    </span>
  );
}

export const kgText = (grams: number) => `${gramsToKg(grams).toFixed(2)} kg`;

/** The consolidations table: tag (opens it), route, status, carrier and MAWB, counts, when opened. */
export const CONSOLIDATION_COLUMNS: DataColumn<ConsolidationDto>[] = [
  column.accessor('tag', {
    header: () => t`Tag`,
    cell: ({ row }) => (
      <Link to="/consolidations/$tag" params={{ tag: row.original.tag }} className="font-mono font-semibold whitespace-nowrap text-teal-800 hover:underline">
        {row.original.tag}
      </Link>
    ),
  }),
  column.display({
    id: 'route',
    header: () => t`Route`,
    cell: ({ row }) => <span className="whitespace-nowrap">{`${row.original.senderAirport} → ${row.original.receiverAirport}`}</span>,
  }),
  column.display({ id: 'status', header: () => t`Status`, cell: ({ row }) => <ConsolidationStatusBadge status={row.original.status} /> }),
  column.display({
    id: 'carrier',
    header: () => t`Carrier · MAWB`,
    cell: ({ row }) => (
      <div className="text-sm">
        <p>{row.original.courier?.name ?? '—'}</p>
        <p className="font-mono text-xs text-slate-500">{row.original.masterAwbNumber ?? t`No MAWB yet`}</p>
      </div>
    ),
  }),
  column.display({
    id: 'load',
    header: () => t`Shipments`,
    cell: ({ row }) => {
      const { shipmentCount, totalPieces } = row.original;
      return (
        <span className="whitespace-nowrap tabular-nums">
          {shipmentCount} · {t`${totalPieces} pcs`} · {kgText(row.original.totalWeightInGrams)}
        </span>
      );
    },
  }),
  column.display({
    id: 'created',
    header: () => t`Opened`,
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span>,
  }),
];
