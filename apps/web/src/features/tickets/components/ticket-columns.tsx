import type { TicketDto } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { dataColumnHelper, type DataColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/format';
import { TicketStatusBadge } from './ticket-status-badge';

const column = dataColumnHelper<TicketDto>();

/** The shipment a ticket is about: a link to its console page, or a dash. */
export function TicketShipmentLink({ trackingNumber }: { trackingNumber: string | null }) {
  if (!trackingNumber) return <span className="text-slate-500">—</span>;
  return (
    <Link
      to="/shipments/$trackingNumber"
      params={{ trackingNumber }}
      className="font-mono text-sm font-medium whitespace-nowrap text-teal-800 underline-offset-4 hover:underline"
    >
      {trackingNumber}
    </Link>
  );
}

/**
 * The console's tickets table: opened, subject, customer, shipment, status, assignee, last update (Manila times).
 * Headers say their words while rendering; the list stays one constant, so a refetch never remounts the cells.
 */
export const TICKET_COLUMNS: DataColumn<TicketDto>[] = [
  column.display({
    id: 'opened',
    header: () => i18n._(msg`Opened`),
    cell: ({ row }) => <span className="block min-w-[7rem]">{formatDateTime(row.original.createdAt)}</span>,
  }),
  column.display({
    id: 'subject',
    header: () => i18n._(msg`Subject`),
    cell: ({ row }) => (
      <div className="max-w-xs min-w-[9rem]">
        <p className="font-medium break-words text-slate-900">{row.original.subject}</p>
        {row.original.description ? <p className="line-clamp-1 text-xs break-words text-slate-500">{row.original.description}</p> : null}
      </div>
    ),
  }),
  column.display({ id: 'customer', header: () => i18n._(msg({ context: 'person', message: 'Customer' })), cell: ({ row }) => row.original.createdByName }),
  column.display({
    id: 'shipment',
    header: () => i18n._(msg`Shipment`),
    cell: ({ row }) => <TicketShipmentLink trackingNumber={row.original.trackingNumber} />,
  }),
  column.display({ id: 'status', header: () => i18n._(msg`Status`), cell: ({ row }) => <TicketStatusBadge status={row.original.status} /> }),
  column.display({
    id: 'assignee',
    header: () => i18n._(msg`Assigned to`),
    cell: ({ row }) =>
      row.original.assignedToName ?? (
        <span className="text-slate-500">
          <Trans>Nobody</Trans>
        </span>
      ),
  }),
  column.display({
    id: 'updated',
    header: () => i18n._(msg`Last update`),
    cell: ({ row }) => <span className="block min-w-[7rem]">{formatDateTime(row.original.updatedAt)}</span>,
  }),
];
