import type { TicketDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ViewModal } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/format';
import { useTicket } from '../api/console-tickets';
import { TicketShipmentLink } from './ticket-columns';
import { TicketStatusBadge } from './ticket-status-badge';
import { TicketThread } from './ticket-thread';

const dash = (value: string | null | undefined): ReactNode => value || '—';
const when = (value: string | null) => (value ? formatDateTime(value) : '—');

/**
 * View: the whole ticket as GET /tickets/{id} gives it, refreshed from the server while the row's copy is
 * shown: the customer's subject and message, then the conversation with the reply box.
 */
export function TicketViewModal({ ticket: row, onClose }: { ticket: TicketDto; onClose: () => void }) {
  const { t } = useLingui();
  const ticket = useTicket(row).data ?? row;
  const fields: { label: string; value: ReactNode }[] = [
    { label: t`Status`, value: <TicketStatusBadge status={ticket.status} /> },
    { label: t({ context: 'person', message: 'Customer' }), value: ticket.createdByName },
    { label: t`Shipment`, value: <TicketShipmentLink trackingNumber={ticket.trackingNumber} /> },
    { label: t`Assigned to`, value: dash(ticket.assignedToName) },
    { label: t`Opened`, value: formatDateTime(ticket.createdAt) },
    { label: t`Last update`, value: formatDateTime(ticket.updatedAt) },
    { label: t`Resolved`, value: when(ticket.resolvedAt) },
    { label: t`Closed`, value: when(ticket.closedAt) },
  ];
  const author = ticket.createdByName;
  return (
    <ViewModal open onOpenChange={(open) => (open ? undefined : onClose())} title={ticket.subject} size="lg" fields={fields}>
      <section aria-labelledby="ticket-message-title" className="flex flex-col gap-2 border-t border-slate-100 pt-4">
        <h3 id="ticket-message-title" className="text-sm font-semibold text-slate-900">
          <Trans>Message from {author}</Trans>
        </h3>
        <p className="text-sm break-words whitespace-pre-line text-slate-800">{ticket.description || t`No message.`}</p>
      </section>
      <div className="border-t border-slate-100 pt-4">
        <TicketThread ticket={ticket} viewer="support" />
      </div>
    </ViewModal>
  );
}
