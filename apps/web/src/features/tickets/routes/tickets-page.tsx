import { TICKET_STATUSES, type TicketDto, type TicketStatus } from '@hatid/domain';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { RowActionMenu } from '../../../components/data-table/row-action-menu';
import { DEFAULT_LIMIT } from '../../../components/data-table/table-search';
import type { TableTab } from '../../../components/data-table/table-tabs';
import { useTableSearch } from '../../../components/data-table/use-table-search';
import { inputClasses } from '../../../components/ui/input';
import { ConfirmActionDialog } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useMe } from '../../auth';
import { screenById } from '../../console/screens';
import { useShipmentTickets, useTicketAssignees, useTicketCount, useTickets } from '../api/console-tickets';
import { useDeleteTicket } from '../api/delete-ticket';
import { TICKET_COLUMNS } from '../components/ticket-columns';
import { TicketEditModal } from '../components/ticket-edit-modal';
import { ticketFailureMessage, TICKET_TOASTS } from '../components/ticket-errors';
import { TicketViewModal } from '../components/ticket-view-modal';
import { TICKET_STATUS_NAMES } from '../lib/status-labels';
import {
  ASSIGNED_TO_ME,
  filterTickets,
  pageOfTickets,
  parseTicketsSearch,
  searchedTrackingNumber,
  ticketFilters,
  type TicketsSearch,
} from '../lib/tickets-search';

const route = getRouteApi('/console/tickets');
const TITLE = msg`Tickets`;

type Dialog = { kind: 'view' | 'edit' | 'delete'; ticket: TicketDto } | null;

/**
 * /tickets in the console: every support ticket (GET /tickets), newest first, with status tabs and their
 * counts and an "assigned to" filter (anyone, me, or a support team member), all in the address. The
 * search box takes a shipment's tracking number (GET /tickets/shipment/{trackingNumber}: the API has no
 * text search). Each row is viewed (with the conversation and a reply box), edited (status, assignee,
 * shipment: never the customer's subject or message) and, where
 * `delete Ticket` allows, deleted; the row menu follows row-actions.ts. Opens for `update Ticket`
 * (staff, ssp and admins).
 */
export function TicketsPage() {
  const { t, i18n } = useLingui();
  const raw = route.useSearch();
  const search = useMemo(() => parseTicketsSearch(raw), [raw]);
  const navigateSearch = route.useNavigate();
  const me = useMe();
  const meId = me.data?.id;
  const status = search.tab;
  const page = search.page ?? 1;
  const limit = search.limit ?? DEFAULT_LIMIT;
  const trackingNumber = searchedTrackingNumber(search);
  // "Assigned to me" waits for who "me" is rather than briefly listing everyone's tickets.
  const ready = search.assignee !== ASSIGNED_TO_ME || Boolean(meId);
  const paged = !search.search && ready;
  const filters = ticketFilters(search, status, meId);

  const list = useTickets({ ...filters, page, limit }, paged);
  // With a search, the tickets of that shipment (few), filtered and paged here.
  const ofShipment = useShipmentTickets(trackingNumber);
  const shipmentRows = useMemo(() => ofShipment.data ?? (search.search && !trackingNumber ? [] : undefined), [ofShipment.data, search.search, trackingNumber]);
  const query = search.search
    ? {
        data: shipmentRows ? pageOfTickets(filterTickets(shipmentRows, filters), page, limit) : undefined,
        isPending: trackingNumber ? ofShipment.isPending : false,
        isFetching: ofShipment.isFetching,
        isError: ofShipment.isError,
        error: ofShipment.error,
        refetch: ofShipment.refetch,
        isPlaceholderData: ofShipment.isPlaceholderData,
      }
    : list;

  const assignees = useTicketAssignees();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteTicket();
  const assigneeId = useId();
  const setSearch = useTableSearch(search, navigateSearch, query);

  // Each tab's count for the same filters: the open tab's is its own total, the others ask for one row.
  const counts = {
    all: useTicketCount(ticketFilters(search, undefined, meId), paged && status !== undefined),
    open: useTicketCount(ticketFilters(search, 'open', meId), paged && status !== 'open'),
    in_progress: useTicketCount(ticketFilters(search, 'in_progress', meId), paged && status !== 'in_progress'),
    resolved: useTicketCount(ticketFilters(search, 'resolved', meId), paged && status !== 'resolved'),
    closed: useTicketCount(ticketFilters(search, 'closed', meId), paged && status !== 'closed'),
  };
  const countOf = (tab: TicketStatus | undefined) => {
    if (search.search) return shipmentRows ? filterTickets(shipmentRows, ticketFilters(search, tab, meId)).length : undefined;
    return tab === status ? list.data?.total : counts[tab ?? 'all'].data;
  };
  const tabs: TableTab[] = [
    { value: undefined, label: t`All`, count: countOf(undefined) },
    ...TICKET_STATUSES.map((s) => ({ value: s, label: i18n._(TICKET_STATUS_NAMES[s]), count: countOf(s) })),
  ];

  const people = assignees.data ?? [];
  const deletedSubject = dialog?.ticket.subject;
  const deletedAuthor = dialog?.ticket.createdByName;
  const onDelete = (ticket: TicketDto) =>
    remove.mutate(ticket.id, {
      onSuccess: () => {
        toast.success(TICKET_TOASTS.deleted, { description: ticket.subject });
        setDialog(null);
      },
      onError: (error) => {
        toast.error(ticketFailureMessage(error, TICKET_TOASTS.deleteFailed));
        setDialog(null);
      },
    });

  return (
    <>
      <DataTable<TicketDto>
        title={i18n._(TITLE)}
        description={screenById('tickets').description}
        columns={TICKET_COLUMNS}
        query={query}
        getRowId={(t) => t.id}
        search={search}
        onSearchChange={(patch, options) => setSearch(patch as Partial<TicketsSearch>, options)}
        searchPlaceholder={t`Tracking number`}
        noun={(count) => t`${plural(count, { one: '# ticket', other: '# tickets' })}`}
        tabs={tabs}
        filtered={Boolean(search.assignee)}
        onClearFilters={() => setSearch({ assignee: undefined })}
        filters={
          <div className="flex flex-col gap-1.5 sm:w-64">
            <label htmlFor={assigneeId} className="text-sm font-medium text-slate-800">
              <Trans>Assigned to</Trans>
            </label>
            <select
              id={assigneeId}
              value={search.assignee ?? ''}
              onChange={(event) => setSearch({ assignee: event.target.value || undefined, page: undefined })}
              className={inputClasses}
            >
              <option value="">{t`Anyone`}</option>
              <option value={ASSIGNED_TO_ME}>{t`Assigned to me`}</option>
              {/* A link's person stays listed while the team loads (or if they left it). */}
              {search.assignee && search.assignee !== ASSIGNED_TO_ME && !people.some((p) => p.id === search.assignee) ? (
                <option value={search.assignee}>{assignees.isPending ? t`Loading…` : t`Someone else`}</option>
              ) : null}
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        }
        rowActions={(ticket) => (
          <RowActionMenu
            subject="Ticket"
            label={ticket.subject}
            onView={() => setDialog({ kind: 'view', ticket })}
            onUpdate={() => setDialog({ kind: 'edit', ticket })}
            onDelete={() => setDialog({ kind: 'delete', ticket })}
          />
        )}
      />
      {dialog?.kind === 'view' ? <TicketViewModal ticket={dialog.ticket} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <TicketEditModal key={dialog.ticket.id} ticket={dialog.ticket} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmActionDialog
          kind="delete"
          what={t`ticket "${deletedSubject}"`}
          description={t`Opened by ${deletedAuthor}. The ticket and its message are removed for good.`}
          open
          onOpenChange={(open) => (open ? undefined : setDialog(null))}
          pending={remove.isPending}
          onConfirm={() => onDelete(dialog.ticket)}
        />
      ) : null}
    </>
  );
}
