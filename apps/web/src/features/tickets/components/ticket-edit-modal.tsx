import {
  MAX_TEXT_LENGTH,
  normalizeTrackingNumber,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX_LENGTH,
  ticketDescriptionSchema,
  ticketSubjectSchema,
  trackingNumberSchema,
  type TicketDto,
  type UpdateTicketInput,
} from '@hatid/domain';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses, textareaClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { formProblemOf } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useTicketAssignees } from '../api/console-tickets';
import { useUpdateTicket } from '../api/update-ticket';
import { ticketFieldOf, type TicketEditValues } from '../lib/tickets-search';
import { TICKET_TOASTS } from './ticket-errors';

/** The domain's own checks (the server runs the same ones); an empty tracking number unlinks the shipment. */
const resolver: Resolver<TicketEditValues> = async (values) => {
  const errors: FieldErrors<TicketEditValues> = {};
  const subject = ticketSubjectSchema.safeParse(values.subject);
  if (!subject.success) errors.subject = { type: 'validate', message: subject.error.issues[0]!.message };
  const description = ticketDescriptionSchema.safeParse(values.description);
  if (!description.success) errors.description = { type: 'validate', message: description.error.issues[0]!.message };
  const tracking = values.trackingNumber.trim();
  if (tracking) {
    const parsed = trackingNumberSchema.safeParse(tracking);
    if (!parsed.success) errors.trackingNumber = { type: 'validate', message: parsed.error.issues[0]!.message };
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return {
    values: {
      ...values,
      subject: subject.data!,
      description: description.data!,
      trackingNumber: tracking ? normalizeTrackingNumber(tracking) : '',
    },
    errors: {},
  };
};

/** What PATCH /tickets/{id} is sent: only the fields that changed (`null` unlinks the shipment or the assignee). */
export function ticketChanges(ticket: TicketDto, values: TicketEditValues): UpdateTicketInput {
  const input: UpdateTicketInput = {};
  if (values.subject !== ticket.subject) input.subject = values.subject;
  if (values.description !== (ticket.description ?? '')) input.description = values.description;
  if (values.trackingNumber !== (ticket.trackingNumber ?? '')) input.trackingNumber = values.trackingNumber || null;
  if (values.status !== ticket.status) input.status = values.status;
  if (values.assignedToId !== (ticket.assignedToId ?? '')) input.assignedToId = values.assignedToId || null;
  return input;
}

/**
 * Edit a ticket as support staff: its status and who handles it, and what PATCH /tickets/{id} also takes
 * (subject, message, the shipment it is about). The server's field refusals sit under their fields.
 */
export function TicketEditModal({ ticket, onClose }: { ticket: TicketDto; onClose: () => void }) {
  const update = useUpdateTicket();
  const assignees = useTicketAssignees();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TicketEditValues>({
    resolver,
    defaultValues: {
      subject: ticket.subject,
      description: ticket.description ?? '',
      trackingNumber: ticket.trackingNumber ?? '',
      status: ticket.status,
      assignedToId: ticket.assignedToId ?? '',
    },
  });
  const errors = form.formState.errors;
  const description = form.watch('description');

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const input = ticketChanges(ticket, values);
    if (Object.keys(input).length === 0) {
      setProblem('Nothing has changed.');
      return;
    }
    try {
      await update.mutateAsync({ id: ticket.id, input });
      toast.success(TICKET_TOASTS.updated, { description: ticket.subject });
      onClose();
    } catch (error) {
      const line = formProblemOf(error, form.setError, ticketFieldOf);
      if (line) setProblem(line);
    }
  });

  const people = assignees.data ?? [];
  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Edit ticket: ${ticket.subject}`}
      description={`Opened by ${ticket.createdByName}. The customer is told when the status changes.`}
      size="lg"
      submitLabel="Save changes"
      pending={update.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Status" error={errors.status?.message}>
          {(control) => (
            <select {...control} {...form.register('status')} className={inputClasses}>
              {TICKET_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TICKET_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Assigned to" error={errors.assignedToId?.message} hint={assignees.isError ? 'The support team could not be loaded.' : undefined}>
          {(control) => (
            <select {...control} {...form.register('assignedToId')} className={inputClasses}>
              <option value="">Nobody</option>
              {/* The current assignee stays listed while the team loads, or if they left it. */}
              {ticket.assignedToId && !people.some((p) => p.id === ticket.assignedToId) ? <option value={ticket.assignedToId}>{ticket.assignedToName ?? 'Someone else'}</option> : null}
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label="Subject" error={errors.subject?.message}>
        {(control) => <Input {...control} {...form.register('subject')} maxLength={TICKET_SUBJECT_MAX_LENGTH} autoComplete="off" />}
      </FormField>
      <FormField label="Message" error={errors.description?.message} hint={`${description.length} / ${MAX_TEXT_LENGTH} characters`}>
        {(control) => <textarea {...control} {...form.register('description')} rows={5} maxLength={MAX_TEXT_LENGTH} className={textareaClasses} />}
      </FormField>
      <FormField label="Shipment tracking number" optional hint="Empty: the ticket is not about a shipment." error={errors.trackingNumber?.message}>
        {(control) => <Input {...control} {...form.register('trackingNumber')} autoComplete="off" spellCheck={false} placeholder="e.g. ND123456785PH" className="font-mono" />}
      </FormField>
    </FormModal>
  );
}
