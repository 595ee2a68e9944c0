import { ticketOwnerActions, type TicketDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CircleCheck, MessageSquare, Package, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { TicketStatusBadge } from './ticket-status-badge';
import { TicketThread } from './ticket-thread';

/** One of my tickets: what I wrote, its status, the conversation with support, and what I may still do with it. */
export function TicketCard({
  ticket,
  onEdit,
  onDelete,
  onClose,
  closing,
}: {
  ticket: TicketDto;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
  closing: boolean;
}) {
  const { t } = useLingui();
  const can = ticketOwnerActions(ticket.status);
  const subject = ticket.subject;
  const assignee = ticket.assignedToName;
  const [talking, setTalking] = useState(false);
  const threadId = useId();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={ticket.subject}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{ticket.subject}</h3>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <p className="text-xs text-slate-500">
        <Trans>
          Opened <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt)}</time>
        </Trans>
        {assignee && ticket.status !== 'closed' ? (
          <>
            {' · '}
            <Trans>{assignee} is looking into it</Trans>
          </>
        ) : null}
      </p>
      {ticket.description ? <p className="text-sm break-words whitespace-pre-line text-slate-700">{ticket.description}</p> : null}
      {ticket.trackingNumber ? (
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Package className="h-4 w-4 shrink-0 text-teal-700" aria-hidden="true" />
          <Trans>About shipment</Trans>{' '}
          <Link
            to="/packages/$trackingNumber"
            params={{ trackingNumber: ticket.trackingNumber }}
            className="font-medium text-teal-800 underline-offset-4 hover:underline"
          >
            {ticket.trackingNumber}
          </Link>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setTalking(!talking)}
          aria-expanded={talking}
          aria-controls={threadId}
          aria-label={t`Conversation about ${subject}`}
        >
          <MessageSquare className="h-4 w-4" aria-hidden="true" /> {talking ? t`Hide conversation` : t`Conversation`}
        </Button>
        {can.edit ? (
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t`Edit ${subject}`}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> <Trans>Edit</Trans>
          </Button>
        ) : null}
        {can.delete ? (
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={t`Delete ${subject}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" /> <Trans>Delete</Trans>
          </Button>
        ) : null}
        {/* An open ticket is simply deleted; once support has it, the customer closes it instead. */}
        {can.close && !can.delete ? (
          <Button variant="secondary" size="sm" onClick={onClose} loading={closing} aria-label={t`Close ${subject}`}>
            <CircleCheck className="h-4 w-4" aria-hidden="true" /> <Trans>Close ticket</Trans>
          </Button>
        ) : null}
      </div>
      {talking ? (
        <div id={threadId} className="border-t border-slate-100 pt-3">
          <TicketThread ticket={ticket} viewer="customer" />
        </div>
      ) : null}
    </li>
  );
}
