import { createTicketBody, type CreateTicketInput } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { formResolver } from '../../../lib/form-resolver';
import { useCreateTicket } from '../api/create-ticket';
import { showTicketFailure, TICKET_TOASTS } from './ticket-errors';
import { TICKET_FORM_FIELDS, TicketFields } from './ticket-fields';

const empty = (trackingNumber = ''): CreateTicketInput => ({ subject: '', description: '', trackingNumber });

/** Opens a support ticket; `trackingNumber` preselects the shipment it is about (e.g. from a package page). */
export function TicketForm({ trackingNumber }: { trackingNumber?: string | undefined }) {
  const { t } = useLingui();
  const create = useCreateTicket();
  const form = useForm<CreateTicketInput, unknown, z.output<typeof createTicketBody>>({
    resolver: formResolver(createTicketBody),
    defaultValues: empty(trackingNumber),
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      toast.success(TICKET_TOASTS.created);
      form.reset(empty());
    } catch (error) {
      showTicketFailure(error, TICKET_TOASTS.createFailed, { setError: form.setError, fields: TICKET_FORM_FIELDS });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Open a support ticket`}>
      <TicketFields form={form} />
      <div className="flex flex-col sm:flex-row sm:justify-end">
        <Button type="submit" loading={create.isPending}>
          <Send className="h-4 w-4" aria-hidden="true" />
          <Trans>Send message</Trans>
        </Button>
      </div>
    </form>
  );
}
