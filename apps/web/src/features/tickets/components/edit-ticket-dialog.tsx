import { createTicketBody, type CreateTicketInput, type TicketDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { formResolver } from '../../../lib/form-resolver';
import { useUpdateTicket } from '../api/update-ticket';
import { showTicketFailure, TICKET_TOASTS } from './ticket-errors';
import { TICKET_FORM_FIELDS, TicketFields } from './ticket-fields';

/** Edits the subject, message and shipment of an open ticket, with the same rules as opening one. */
export function EditTicketDialog({
  ticket,
  onOpenChange,
}: {
  /** The ticket being edited; null = closed. */
  ticket: TicketDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogPrimitive.Root open={ticket !== null} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            <Trans>Edit ticket</Trans>
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            <Trans>You can change your ticket until our support team starts working on it.</Trans>
          </DialogPrimitive.Description>
          {/* Mounted per opening, so the form always starts from the ticket as it is now. */}
          {ticket ? <EditTicketForm ticket={ticket} onDone={() => onOpenChange(false)} /> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function EditTicketForm({ ticket, onDone }: { ticket: TicketDto; onDone: () => void }) {
  const { t } = useLingui();
  const update = useUpdateTicket();
  const form = useForm<CreateTicketInput, unknown, z.output<typeof createTicketBody>>({
    resolver: formResolver(createTicketBody),
    defaultValues: { subject: ticket.subject, description: ticket.description ?? '', trackingNumber: ticket.trackingNumber ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: ticket.id,
        // No shipment picked = the ticket is no longer about one.
        input: { subject: values.subject, description: values.description, trackingNumber: values.trackingNumber ?? null },
      });
      toast.success(TICKET_TOASTS.updated);
      onDone();
    } catch (error) {
      showTicketFailure(error, TICKET_TOASTS.updateFailed, { setError: form.setError, fields: TICKET_FORM_FIELDS });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4" aria-label={t`Edit ticket`}>
      <TicketFields form={form} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogPrimitive.Close asChild>
          <Button variant="secondary">
            <Trans>Cancel</Trans>
          </Button>
        </DialogPrimitive.Close>
        <Button type="submit" loading={update.isPending}>
          <Trans>Save changes</Trans>
        </Button>
      </div>
    </form>
  );
}
