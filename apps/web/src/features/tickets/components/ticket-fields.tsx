import { MAX_TEXT_LENGTH, TICKET_SUBJECT_MAX_LENGTH, type CreateTicketInput, type createTicketBody } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useShipmentOptions } from '../api/get-shipment-options';

export const TICKET_FORM_FIELDS = ['subject', 'description', 'trackingNumber'] as const;

/** A ticket form: what the fields hold, and what the domain schema makes of it. */
export type TicketFormApi = UseFormReturn<CreateTicketInput, unknown, z.output<typeof createTicketBody>>;

/** The picker's "none" choice; cmdk needs a non-empty value. */
const NO_SHIPMENT = 'none';

const textareaClasses =
  'min-h-28 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 ' +
  'focus-visible:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none aria-invalid:border-red-500 sm:text-sm';

/** Subject, message and the shipment it is about: the same fields when opening and when editing a ticket. */
export function TicketFields({ form }: { form: TicketFormApi }) {
  const { t } = useLingui();
  const { errors } = form.formState;
  const shipments = useShipmentOptions();
  const description = form.watch('description') ?? '';
  const picked = form.watch('trackingNumber');

  const options: ComboboxOption[] = [{ value: NO_SHIPMENT, label: t`Not about a shipment` }];
  for (const s of shipments.data ?? []) {
    const trackingNumber = s.trackingNumber;
    const city = s.receiverAddress.cityLabel;
    options.push({ value: trackingNumber, label: t`${trackingNumber} · to ${city}` });
  }
  const length = description.length;
  // A shipment named in the link (or on an older ticket) may be beyond the recent ones loaded here.
  if (picked && !options.some((o) => o.value === picked.toUpperCase())) options.push({ value: picked, label: picked });

  return (
    <>
      <FormField label={t`Subject`} error={errors.subject?.message}>
        {(control) => (
          <Input {...control} maxLength={TICKET_SUBJECT_MAX_LENGTH} placeholder={t`e.g. My parcel has not been picked up`} {...form.register('subject')} />
        )}
      </FormField>
      <FormField label={t`Message`} error={errors.description?.message} hint={t`${length} / ${MAX_TEXT_LENGTH} characters`}>
        {(control) => (
          <textarea
            {...control}
            rows={5}
            maxLength={MAX_TEXT_LENGTH}
            placeholder={t`Tell us what happened and how we can help.`}
            className={textareaClasses}
            {...form.register('description')}
          />
        )}
      </FormField>
      <FormField
        label={t`Shipment`}
        optional
        error={errors.trackingNumber?.message}
        hint={shipments.isError ? t`Your shipments could not be loaded; you can still send your message.` : undefined}
      >
        {(control) => (
          <Controller
            control={form.control}
            name="trackingNumber"
            render={({ field }) => (
              <Combobox
                {...control}
                options={options}
                value={field.value ? field.value.toUpperCase() : NO_SHIPMENT}
                onChange={(value) => field.onChange(value === NO_SHIPMENT ? '' : value)}
                loading={shipments.isPending}
                searchPlaceholder={t`Search by tracking number or city`}
                emptyText={t`No shipments found.`}
              />
            )}
          />
        )}
      </FormField>
    </>
  );
}
