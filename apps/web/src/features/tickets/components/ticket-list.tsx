import type { TicketDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, MessageSquareDashed } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteTicket } from '../api/delete-ticket';
import { useMyTickets } from '../api/get-my-tickets';
import { useUpdateTicket } from '../api/update-ticket';
import { EditTicketDialog } from './edit-ticket-dialog';
import { TicketCard } from './ticket-card';
import { TICKET_TOASTS, ticketFailureMessage } from './ticket-errors';

const PAGE_SIZE = 10;

/** My tickets, newest first, with edit (dialog), delete (confirmation) and close. */
export function TicketList() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const tickets = useMyTickets({ page, limit: PAGE_SIZE });
  const remove = useDeleteTicket();
  const update = useUpdateTicket();
  const [editing, setEditing] = useState<TicketDto | null>(null);
  const [toDelete, setToDelete] = useState<TicketDto | null>(null);
  const lastPage = Math.max(tickets.data?.totalPages ?? 1, 1);
  // Deleting the last ticket of the last page: step back to a page that still has tickets.
  useEffect(() => {
    if (tickets.data && !tickets.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [tickets.data, tickets.isPlaceholderData, page, lastPage]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success(TICKET_TOASTS.deleted);
    } catch (error) {
      toast.error(ticketFailureMessage(error, TICKET_TOASTS.deleteFailed));
    } finally {
      // A failed delete also closes the confirmation (product.md §8); the toast says why.
      setToDelete(null);
    }
  };

  const close = async (ticket: TicketDto) => {
    try {
      await update.mutateAsync({ id: ticket.id, input: { status: 'closed' } });
      toast.success(TICKET_TOASTS.updated);
    } catch (error) {
      toast.error(ticketFailureMessage(error, TICKET_TOASTS.updateFailed));
    }
  };

  if (tickets.isPending) return <Spinner label={t`Loading your tickets`} />;
  if (tickets.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
        <p>{errorMessage(tickets.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void tickets.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  const { data, totalPages, total } = tickets.data;
  const deletingSubject = toDelete?.subject ?? '';
  if (total === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <MessageSquareDashed className="h-8 w-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-800">
          <Trans>No tickets yet</Trans>
        </p>
        <p className="text-sm text-slate-600">
          <Trans>Messages you send us appear here, with their status.</Trans>
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={t`My tickets`} aria-busy={tickets.isPlaceholderData || undefined}>
        {data.map((ticket) => (
          <TicketCard
            key={ticket.id}
            ticket={ticket}
            onEdit={() => setEditing(ticket)}
            onDelete={() => setToDelete(ticket)}
            onClose={() => void close(ticket)}
            closing={update.isPending && update.variables?.id === ticket.id}
          />
        ))}
      </ul>
      {totalPages > 1 ? (
        <nav aria-label={t`Pagination`} className="flex items-center justify-between gap-2 text-sm text-slate-700">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" /> <Trans>Previous</Trans>
          </Button>
          <span aria-current="page">
            <Trans>
              Page {page} of {totalPages}
            </Trans>
          </span>
          <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            <Trans>Next</Trans> <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
      <EditTicketDialog ticket={editing} onOpenChange={(open) => (open ? undefined : setEditing(null))} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={t`Delete this ticket?`}
        description={toDelete ? t`"${deletingSubject}" will be removed. This cannot be undone.` : ''}
        confirmLabel={t`Delete`}
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
