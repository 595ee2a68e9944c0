import { normalizeTrackingNumber, TICKET_STATUSES, trackingNumberSchema, type TicketDto, type UpdateTicketInput } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { useTicketAssignees } from '../api/console-tickets';
import { useUpdateTicket } from '../api/update-ticket';
import { useFormSave } from '../../console/components/use-form-save';
import { TICKET_STATUS_NAMES } from '../lib/status-labels';
import { ticketFieldOf, type TicketEditValues } from '../lib/tickets-search';
import { TICKET_TOASTS } from './ticket-errors';

/** The domain's own checks (the server runs the same ones); an empty tracking number unlinks the shipment. */
const resolver: Resolver<TicketEditValues> = async (values) => {
  const errors: FieldErrors<TicketEditValues> = {};
  const tracking = values.trackingNumber.trim();
  if (tracking) {
    const parsed = trackingNumberSchema.safeParse(tracking);
    if (!parsed.success) errors.trackingNumber = { type: 'validate', message: parsed.error.issues[0]!.message };
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return {
    values: {
      ...values,
      trackingNumber: tracking ? normalizeTrackingNumber(tracking) : '',
    },
    errors: {},
  };
};

/**
 * What PATCH /tickets/{id} is sent: only the fields that changed (`null` unlinks the shipment or the assignee).
 * Never the subject or message: they are the customer's words (support answers in the thread).
 */
export function ticketChanges(ticket: TicketDto, values: TicketEditValues): UpdateTicketInput {
  const input: UpdateTicketInput = {};
  if (values.trackingNumber !== (ticket.trackingNumber ?? '')) input.trackingNumber = values.trackingNumber || null;
  if (values.status !== ticket.status) input.status = values.status;
  if (values.assignedToId !== (ticket.assignedToId ?? '')) input.assignedToId = values.assignedToId || null;
  return input;
}

/**
 * Edit a ticket as support staff: its status, who handles it and the shipment it is about. The subject and
 * message stay the customer's own words (issue 29 item 8): support answers in the thread (View). The
 * server's field refusals sit under their fields.
 */
export function TicketEditModal({ ticket, onClose }: { ticket: TicketDto; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const update = useUpdateTicket();
  const assignees = useTicketAssignees();
  const form = useForm<TicketEditValues>({
    resolver,
    defaultValues: {
      trackingNumber: ticket.trackingNumber ?? '',
      status: ticket.status,
      assignedToId: ticket.assignedToId ?? '',
    },
  });
  const errors = form.formState.errors;

  const { problem, save } = useFormSave({ setError: form.setError, fieldOf: ticketFieldOf, onSaved: onClose });

  const onSubmit = form.handleSubmit((values) => {
    const input = ticketChanges(ticket, values);
    return save(Object.keys(input).length === 0, async () => {
      await update.mutateAsync({ id: ticket.id, input });
      return { title: TICKET_TOASTS.updated, description: ticket.subject };
    });
  });

  const people = assignees.data ?? [];
  const subject = ticket.subject;
  const author = ticket.createdByName;
  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Edit ticket: ${subject}`}
      description={t`Opened by ${author}. The customer is told when the status changes.`}
      size="lg"
      submitLabel={t`Save changes`}
      pending={update.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={t`Status`} error={errors.status?.message}>
          {(control) => (
            <select {...control} {...form.register('status')} className={inputClasses}>
              {TICKET_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {i18n._(TICKET_STATUS_NAMES[s])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Assigned to`} error={errors.assignedToId?.message} hint={assignees.isError ? t`The support team could not be loaded.` : undefined}>
          {(control) => (
            <select {...control} {...form.register('assignedToId')} className={inputClasses}>
              <option value="">{t`Nobody`}</option>
              {/* The current assignee stays listed while the team loads, or if they left it. */}
              {ticket.assignedToId && !people.some((p) => p.id === ticket.assignedToId) ? (
                <option value={ticket.assignedToId}>{ticket.assignedToName ?? t`Someone else`}</option>
              ) : null}
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <section aria-label={t`The customer's message`} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        <p className="font-medium text-slate-900">
          <Trans>Message from {author}</Trans>
        </p>
        <p className="mt-1 break-words whitespace-pre-line">{ticket.description || t`No message.`}</p>
        <p className="mt-2 text-xs text-slate-600">
          <Trans>The customer's words stay as they wrote them: answer in the conversation (View).</Trans>
        </p>
      </section>
      <FormField label={t`Shipment tracking number`} optional hint={t`Empty: the ticket is not about a shipment.`} error={errors.trackingNumber?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('trackingNumber')}
            autoComplete="off"
            spellCheck={false}
            placeholder={t`e.g. ND123456785PH`}
            className="font-mono"
          />
        )}
      </FormField>
    </FormModal>
  );
}
