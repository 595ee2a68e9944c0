import { COLLECTION_SOURCES, createCollectionBody, shortfallText, type CollectionSource, type CreateCollectionInput } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { inputClasses, textareaClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useCoveredProvinces } from '../../../lib/api/places';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formProblemOf } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCreateCollection, useOutstandingCash } from '../api/collections';
import { shipmentCount, tickedTotal } from '../lib/collection-actions';
import { collectionFieldOf, type CollectionFormValues } from '../lib/collection-form';
import { COLLECTION_SOURCE_NAMES } from './collection-columns';
import { amountFrom } from './collection-row-menu';
import { firstSource } from './outstanding-cash-panel';

/** Who hands the cash over and from which leg, when the modal opens from their "Record hand-over". */
export interface CollectionPrefill {
  collectedFromId: string;
  name: string;
  source: CollectionSource;
}

/**
 * The spec's "add collection" modal: the rider or partner handing cash over (from those holding some), the
 * leg it was collected on, then their shipments with outstanding cash of that leg, all ticked at first,
 * with the running total; the hub's province and remarks are optional. The ticked tracking numbers are
 * sent (what was counted is what is recorded, even if more cash arrives meanwhile); the server's refusals
 * show on their fields.
 */
export function AddCollectionModal({ prefill, onClose }: { prefill: CollectionPrefill | null; onClose: () => void }) {
  const { t } = useLingui();
  const create = useCreateCollection();
  const people = useOutstandingCash();
  const provinces = useCoveredProvinces();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CollectionFormValues, unknown, CreateCollectionInput>({
    resolver: formResolver(createCollectionBody as never) as never,
    defaultValues: { collectedFromId: prefill?.collectedFromId ?? '', source: prefill?.source ?? '', trackingNumbers: [], location: '', remarks: '' },
  });
  const errors = form.formState.errors;
  const [collectedFromId, source, trackingNumbers] = useWatch({ control: form.control, name: ['collectedFromId', 'source', 'trackingNumbers'] });
  const chosen = Boolean(collectedFromId && source);
  const outstanding = useOutstandingCash({ collectedFromId: collectedFromId || undefined, source: source || undefined }, chosen);
  const shipments = (outstanding.data?.shipments ?? []).filter((s) => s.source === source);
  const ticked = new Set(trackingNumbers);
  const total = tickedTotal(shipments, ticked);
  const ids = { shipments: useId(), total: useId(), all: useId() };

  // Everyone holding cash, and whoever the modal was opened for (their cash may have been handed over meanwhile).
  const options = [...(people.data?.people ?? [])];
  if (prefill && !options.some((p) => p.userId === prefill.collectedFromId)) {
    options.unshift({ userId: prefill.collectedFromId, name: prefill.name, pickupInCents: 0, deliveryInCents: 0, shipments: 0 });
  }
  const person = options.find((p) => p.userId === collectedFromId);

  // A new person or leg: every one of their shipments is ticked once the list arrives. A later answer for
  // the same person and leg (a refetch after a refusal) only unticks what is no longer outstanding.
  const tickedFor = useRef<string | null>(null);
  const listKey = `${collectedFromId}|${source}`;
  const listData = outstanding.data;
  useEffect(() => {
    const current = form.getValues('trackingNumbers');
    if (!chosen || !listData) {
      if (tickedFor.current !== listKey && current.length > 0) form.setValue('trackingNumbers', []);
      return;
    }
    const listed = listData.shipments.filter((s) => s.source === source).map((s) => s.trackingNumber);
    if (tickedFor.current !== listKey) {
      tickedFor.current = listKey;
      form.setValue('trackingNumbers', listed);
      return;
    }
    const kept = current.filter((t) => listed.includes(t));
    if (kept.length !== current.length) form.setValue('trackingNumbers', kept);
  }, [listKey, chosen, listData, source, form]);

  const setTicked = (next: string[]) => form.setValue('trackingNumbers', next, { shouldValidate: form.formState.isSubmitted });
  const toggle = (trackingNumber: string, on: boolean) =>
    setTicked(
      on ? shipments.map((s) => s.trackingNumber).filter((t) => t === trackingNumber || ticked.has(t)) : trackingNumbers.filter((t) => t !== trackingNumber),
    );
  const allTicked = shipments.length > 0 && shipments.every((s) => ticked.has(s.trackingNumber));
  const someTicked = shipments.some((s) => ticked.has(s.trackingNumber));
  const listed = shipmentCount(shipments.length);
  const tickedCount = ticked.size;
  const personName = person?.name;
  const noCashText =
    source === 'pickup'
      ? personName
        ? t`No pick-up cash to hand over from ${personName}.`
        : t`No pick-up cash to hand over.`
      : personName
        ? t`No delivery cash to hand over from ${personName}.`
        : t`No delivery cash to hand over.`;
  const shipmentsError = errors.trackingNumbers?.message ?? errors.trackingNumbers?.find?.((e) => e?.message)?.message;

  const onSubmit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      const saved = await create.mutateAsync(input);
      toast.success(t`Collection recorded`, { description: amountFrom(saved) });
      onClose();
    } catch (error) {
      const line = formProblemOf(error, form.setError, (field) => collectionFieldOf(field) as Path<CollectionFormValues> | null);
      if (line) setProblem(line);
      // Each refused shipment is its own detail: all of them show with the shipments, not only the last.
      const refused = isApiError(error) ? (error.details ?? []).filter((d) => collectionFieldOf(d.field) === 'trackingNumbers').map((d) => d.message) : [];
      if (refused.length > 1) form.setError('trackingNumbers', { type: 'server', message: refused.join(' ') });
    }
  });

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t`Add collection`}
      description={t`Cash a rider or partner hands over at the hub, for the shipments ticked.`}
      size="lg"
      submitLabel={t`Add collection`}
      pending={create.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Handed over by`} error={errors.collectedFromId?.message ?? (people.isError ? errorMessage(people.error) : undefined)}>
          {(control) => (
            <select
              {...control}
              {...form.register('collectedFromId', {
                onChange: (event: { target: { value: string } }) => {
                  const next = options.find((p) => p.userId === event.target.value);
                  const leg = form.getValues('source');
                  // Keep the leg when this person holds cash of it; otherwise the leg they do hold.
                  if (next && (!leg || (leg === 'pickup' ? next.pickupInCents : next.deliveryInCents) === 0)) form.setValue('source', firstSource(next));
                },
              })}
              className={inputClasses}
            >
              <option value="">{people.isPending ? t`Loading…` : t`Choose a rider or partner`}</option>
              {options.map((p) => (
                <option key={p.userId} value={p.userId}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Source`} error={errors.source?.message}>
          {(control) => (
            <select {...control} {...form.register('source')} className={inputClasses}>
              <option value="">{t`Choose where it was collected`}</option>
              {COLLECTION_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {i18n._(COLLECTION_SOURCE_NAMES[s])}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>

      <fieldset aria-describedby={`${ids.total}${shipmentsError ? ` ${ids.shipments}-error` : ''}`} className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">
          <Trans>Shipments</Trans>
        </legend>
        {!chosen ? (
          <p className="text-sm text-slate-600">
            <Trans>Choose who hands the cash over and where it was collected to list their shipments.</Trans>
          </p>
        ) : outstanding.isPending ? (
          <Spinner label={t`Loading their shipments`} className="py-4" />
        ) : outstanding.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(outstanding.error)}
          </p>
        ) : shipments.length === 0 ? (
          <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-700">{noCashText}</p>
        ) : (
          <div className="rounded-lg border border-slate-200">
            <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-3 py-2">
              <input
                id={ids.all}
                type="checkbox"
                className="h-4 w-4 accent-teal-700"
                checked={allTicked}
                ref={(el) => {
                  if (el) el.indeterminate = someTicked && !allTicked;
                }}
                onChange={(event) => setTicked(event.target.checked ? shipments.map((s) => s.trackingNumber) : [])}
              />
              <label htmlFor={ids.all} className="text-sm font-medium text-slate-800">
                <Trans>Select all ({listed})</Trans>
              </label>
            </div>
            <ul aria-label={t`Shipments with outstanding cash`} className="max-h-72 divide-y divide-slate-100 overflow-y-auto">
              {shipments.map((s) => {
                const id = `${ids.shipments}-${s.trackingNumber}`;
                return (
                  <li key={s.trackingNumber} className="flex items-center gap-2 px-3 py-2 text-sm">
                    <input
                      id={id}
                      type="checkbox"
                      className="h-4 w-4 shrink-0 accent-teal-700"
                      checked={ticked.has(s.trackingNumber)}
                      onChange={(event) => toggle(s.trackingNumber, event.target.checked)}
                    />
                    <label htmlFor={id} className="min-w-0 flex-1 font-mono text-slate-900">
                      {s.trackingNumber}
                      {s.shortInCents ? (
                        <span className="block font-sans text-xs font-medium text-red-700">{shortfallText(s.shortInCents, s.shortReason)}</span>
                      ) : null}
                    </label>
                    <span className="hidden text-xs text-slate-500 sm:inline">{formatDateTime(s.receivedAt)}</span>
                    <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(s.amountInCents)}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        <p
          id={ids.total}
          aria-live="polite"
          className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-teal-50 px-3 py-2 text-sm text-teal-950"
        >
          <span>{chosen && shipments.length > 0 ? t`Total to hand over (${tickedCount} of ${listed})` : t`Total to hand over`}</span>
          <span className="text-base font-semibold tabular-nums" data-testid="collection-total">
            {formatMoney(total)}
          </span>
        </p>
        {shipmentsError ? (
          <p id={`${ids.shipments}-error`} role="alert" className="text-sm text-red-600">
            {shipmentsError}
          </p>
        ) : null}
      </fieldset>

      <FormField
        label={t`Location`}
        optional
        hint={t`The hub's province.`}
        error={errors.location?.message ?? (provinces.isError ? t`Could not load provinces` : undefined)}
      >
        {(control) => (
          <select {...control} {...form.register('location')} className={inputClasses}>
            <option value="">{t`No location`}</option>
            {(provinces.data ?? []).map((p) => (
              <option key={p.provinceCode} value={p.provinceCode}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t`Remarks`} optional error={errors.remarks?.message}>
        {(control) => <textarea {...control} {...form.register('remarks')} rows={2} maxLength={500} className={textareaClasses} />}
      </FormField>
    </FormModal>
  );
}
