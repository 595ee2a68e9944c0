import type { PricingConfig } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useForm, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { NumberInput } from '../../../components/ui/number-input';
import { errorMessage } from '../../../lib/api-client';
import { placeFieldErrors } from '../../../lib/form-errors';
import { useUpdatePricingConfig } from '../api/update-pricing-config';
import { formValuesOf, PRICED_BOXES, pricingPatch, readPricingForm, SINGLE_FIELDS, type PricingFormValues, type SingleField } from '../lib/pricing-form';

/** Nested react-hook-form errors from "boxes.small-box.price" style paths. */
function nestedErrors(flat: Record<string, string>): FieldErrors<PricingFormValues> {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = out;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys.at(-1)!] = { type: 'validate', message };
  }
  return out as FieldErrors<PricingFormValues>;
}

const resolverFor =
  (base: () => PricingConfig): Resolver<PricingFormValues, unknown, PricingConfig> =>
  async (values) => {
    const read = readPricingForm(values, base());
    return read.ok ? { values: read.config, errors: {} } : { values: {}, errors: nestedErrors(read.errors) };
  };

/** The API names fields in its own units; a refusal it explains lands on the field it is about. */
function formPathOf(field: string): string | null {
  const box = /^(?:body\.)?boxes\.(.+)\.(basePriceInCents|maxWeightInGrams)$/.exec(field);
  const rate = /^(?:body\.)?boxRatesInCents\.(.+)$/.exec(field);
  const name = box?.[1] ?? rate?.[1];
  if (name) {
    const id = PRICED_BOXES.find((b) => b.name === name)?.id;
    if (!id) return null;
    return `boxes.${id}.${rate ? 'boxRate' : box![2] === 'basePriceInCents' ? 'price' : 'maxWeightKg'}`;
  }
  return SINGLE_FIELDS.find((f) => f.wire === field.replace(/^body\./, ''))?.name ?? null;
}

const UNIT_SUFFIX: Record<SingleField['unit'], string> = { pesos: ' (₱)', wholeKg: ' (kg)', count: '' };

/**
 * The pricing configuration editor: the config in force as the starting values, pesos and kilograms in
 * the boxes, centavos and grams on the wire. Saving sends only what changed from the config the form
 * started from (`base`: a refetch in the background never resets what is being typed) and hands the config
 * now in force back to the page (which shows the "Pricing updated" summary).
 */
export function PricingConfigForm({ config, onSaved }: { config: PricingConfig; onSaved: (before: PricingConfig, after: PricingConfig) => void }) {
  const { t, i18n } = useLingui();
  const update = useUpdatePricingConfig();
  const [problem, setProblem] = useState<string | null>(null);
  const [base, setBase] = useState(config);
  const baseRef = useRef(base);
  baseRef.current = base;
  const form = useForm<PricingFormValues, unknown, PricingConfig>({ resolver: resolverFor(() => baseRef.current), defaultValues: formValuesOf(config) });
  const { register, formState } = form;
  const errors = formState.errors;

  const onSubmit = form.handleSubmit(async (edited) => {
    setProblem(null);
    const patch = pricingPatch(base, edited);
    if (Object.keys(patch).length === 0) {
      setProblem(t`Nothing has changed: edit a figure first.`);
      return;
    }
    try {
      const saved = await update.mutateAsync(patch);
      setBase(saved);
      form.reset(formValuesOf(saved));
      onSaved(base, saved);
    } catch (error) {
      const unplaced = placeFieldErrors(error, form.setError, (field) => formPathOf(field) as Path<PricingFormValues> | null, { focus: false });
      if (unplaced === null) toast.error(errorMessage(error));
      else if (unplaced.length) setProblem(unplaced.join(' '));
    }
  });

  const singleField = (field: SingleField) => (
    <FormField
      key={field.name}
      label={`${i18n._(field.label)}${UNIT_SUFFIX[field.unit]}`}
      hint={'hint' in field ? i18n._(field.hint) : undefined}
      error={errors[field.name]?.message}
    >
      {(control) => (
        <NumberInput
          {...control}
          {...register(field.name)}
          min={field.min}
          step={field.unit === 'pesos' ? '0.01' : '1'}
          inputMode={field.unit === 'pesos' ? 'decimal' : 'numeric'}
        />
      )}
    </FormField>
  );
  const section = (name: SingleField['section']) => SINGLE_FIELDS.filter((f) => f.section === name).map(singleField);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Pricing configuration`} className="flex flex-col gap-5">
      <Card className="flex flex-col gap-4">
        <div>
          <CardTitle>
            <Trans>Box prices</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>
              What one box costs anywhere we deliver, and the most it may weigh (empty: no limit). A box rate, when set, is charged instead of the price.
            </Trans>
          </CardDescription>
        </div>
        <ul className="flex flex-col divide-y divide-slate-100">
          {PRICED_BOXES.map(({ id, name }) => {
            const boxErrors = errors.boxes?.[id];
            const labelled = (text: string) => (
              <>
                <span className="sr-only">{name} </span>
                {text}
              </>
            );
            return (
              <li key={id} className="grid gap-3 py-3 first:pt-0 last:pb-0 sm:grid-cols-[8rem_1fr_1fr_1fr] sm:items-start">
                <h3 className="font-medium text-slate-900 sm:pt-8">{name}</h3>
                <FormField label={labelled(t`Price (₱)`)} error={boxErrors?.price?.message}>
                  {(control) => <NumberInput {...control} {...register(`boxes.${id}.price`)} />}
                </FormField>
                <FormField label={labelled(t`Weight limit (kg)`)} error={boxErrors?.maxWeightKg?.message}>
                  {(control) => <NumberInput {...control} {...register(`boxes.${id}.maxWeightKg`)} step="0.001" />}
                </FormField>
                <FormField label={labelled(t`Box rate (₱)`)} optional error={boxErrors?.boxRate?.message}>
                  {(control) => <NumberInput {...control} {...register(`boxes.${id}.boxRate`)} />}
                </FormField>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card className="flex flex-col gap-4">
        <CardTitle>
          <Trans>Delivery type surcharges</Trans>
        </CardTitle>
        <div className="grid gap-4 sm:grid-cols-2">{section('delivery')}</div>
      </Card>

      <Card className="flex flex-col gap-4">
        <div>
          <CardTitle>
            <Trans>Your Box and Cargo</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>Own boxes are charged by the larger of actual and volumetric weight, rounded up to a whole kg.</Trans>
          </CardDescription>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">{section('ownBox')}</div>
      </Card>

      <Card className="flex flex-col gap-4">
        <div>
          <CardTitle>
            <Trans>Insurance</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>The fee for a declared value: the base fee up to the base value, then a step fee per step above it.</Trans>
          </CardDescription>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">{section('insurance')}</div>
      </Card>

      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          disabled={!formState.isDirty || update.isPending}
          onClick={() => {
            setProblem(null);
            form.reset(formValuesOf(base));
          }}
        >
          <Trans>Undo changes</Trans>
        </Button>
        <Button type="submit" loading={update.isPending}>
          <Trans>Save pricing</Trans>
        </Button>
      </div>
    </form>
  );
}
