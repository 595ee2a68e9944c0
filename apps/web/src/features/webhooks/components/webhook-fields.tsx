import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Combobox } from '../../../components/ui/combobox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useWebhookBusinesses } from '../api/webhooks';
import type { WebhookFormValues } from '../lib/webhook-form';
import { WEBHOOK_EVENT_NAMES } from '../lib/webhook-labels';

/**
 * An endpoint's URL, the events it hears (one checkbox each, with its code) and a description; admins
 * also choose the business when adding one. The same fields to add an endpoint and to change one.
 */
// biome-ignore lint/suspicious/noExplicitAny: the add and edit forms send different shapes
export function WebhookFields({ form, pickBusiness = false }: { form: UseFormReturn<WebhookFormValues, unknown, any>; pickBusiness?: boolean }) {
  const { t, i18n } = useLingui();
  const errors = form.formState.errors;
  const events = useWatch({ control: form.control, name: 'events' });
  const ids = { events: useId() };
  const eventsError = errors.events?.message ?? errors.events?.find?.((e) => e?.message)?.message;
  const businesses = useWebhookBusinesses(pickBusiness);
  const toggle = (type: WebhookEventType, on: boolean) =>
    form.setValue(
      'events',
      WEBHOOK_EVENT_TYPES.filter((e) => (e === type ? on : events.includes(e))),
      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
    );

  return (
    <>
      {pickBusiness ? (
        <FormField label={t`Business`} hint={t`Whose shipments this endpoint hears about.`} error={errors.businessId?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="businessId"
              render={({ field }) => (
                <Combobox
                  {...control}
                  options={(businesses.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
                  loading={businesses.isPending}
                  value={field.value || undefined}
                  onChange={field.onChange}
                  placeholder={t`Choose the business`}
                  searchPlaceholder={t`Search businesses...`}
                />
              )}
            />
          )}
        </FormField>
      ) : null}

      <FormField label={t`Endpoint URL`} hint={t`Where Hatid POSTs each event, e.g. https://shop.example.com/hatid-webhooks.`} error={errors.url?.message}>
        {(control) => <Input {...control} {...form.register('url')} type="url" inputMode="url" maxLength={2000} autoComplete="off" spellCheck={false} />}
      </FormField>

      <fieldset aria-describedby={eventsError ? `${ids.events}-error` : undefined} className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">
          <Trans>Events</Trans>
        </legend>
        <p className="-mt-1 text-xs text-slate-500">
          <Trans>What this endpoint is told about; the other events are not sent to it.</Trans>
        </p>
        {WEBHOOK_EVENT_TYPES.map((type) => {
          const id = `${ids.events}-${type}`;
          return (
            <div key={type} className="flex items-start gap-2">
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none"
                checked={events.includes(type)}
                aria-invalid={eventsError ? true : undefined}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              <label htmlFor={id} className="flex flex-col text-sm text-slate-800">
                <span>{i18n._(WEBHOOK_EVENT_NAMES[type])}</span>
                <code className="font-mono text-xs text-slate-500">{type}</code>
              </label>
            </div>
          );
        })}
        {eventsError ? (
          <p id={`${ids.events}-error`} role="alert" className="text-sm text-red-600">
            {eventsError}
          </p>
        ) : null}
      </fieldset>

      <FormField label={t`Description`} optional hint={t`What receives it, e.g. “Order system”. Shown in the list.`} error={errors.description?.message}>
        {(control) => <Input {...control} {...form.register('description')} maxLength={200} autoComplete="off" />}
      </FormField>
    </>
  );
}
