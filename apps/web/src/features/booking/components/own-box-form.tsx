import { ITEM_CATEGORIES, VOLUMETRIC_DIVISOR, YOUR_BOX_MINIMUM_KG, kgToGrams, type CalculationInput, type DeliveryType } from '@hatid/domain';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Scale } from 'lucide-react';
import { Fragment, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Combobox } from '../../../components/ui/combobox';
import { FormField } from '../../../components/ui/form-field';
import { formatMoney } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { itemCategoryOptions } from '../lib/labels';
import { ownBoxWeightField, quantityField, sideField } from '../draft/check-draft';
import { useLivePricing } from '../hooks/use-live-pricing';
import { NumericInput } from './numeric-input';

// A blank box is "" for the domain's numeric rules, which then say "Enter the size" rather than a type error.
const typed = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? '', schema);

/** Said when the form shows it (a message in the schema would be fixed in the language of the first render). */
export const CHOOSE_WHAT_IS_INSIDE = msg`Choose what is inside`;

export const ownBoxSchema = z.object({
  lengthInCm: typed(sideField),
  widthInCm: typed(sideField),
  heightInCm: typed(sideField),
  weightKg: typed(ownBoxWeightField),
  quantity: typed(quantityField),
  itemCategory: z.enum(ITEM_CATEGORIES, CHOOSE_WHAT_IS_INSIDE.id),
});

export interface OwnBoxValues {
  lengthInCm: string;
  widthInCm: string;
  heightInCm: string;
  weightKg: string;
  quantity: string;
  itemCategory: string;
}

const SIDES = [
  ['lengthInCm', msg`Length (cm)`],
  ['widthInCm', msg`Width (cm)`],
  ['heightInCm', msg`Height (cm)`],
] as const;

/** Only what the weight maths needs: what's inside does not change the chargeable weight. */
const measuresSchema = ownBoxSchema.pick({ lengthInCm: true, widthInCm: true, heightInCm: true, weightKg: true, quantity: true });
const sidesSchema = ownBoxSchema.pick({ lengthInCm: true, widthInCm: true, heightInCm: true });

const isBlank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * The price request of the box as typed, or null while a measure is missing or not valid. Only values that
 * pass the domain's numeric rules feed the maths ("1e2" is refused, so it is never read as 100).
 */
function requestOf(values: OwnBoxValues, deliveryType: DeliveryType): CalculationInput | null {
  const parsed = measuresSchema.safeParse(values);
  if (!parsed.success) return null;
  const { lengthInCm, widthInCm, heightInCm, weightKg, quantity } = parsed.data;
  return {
    deliveryType,
    packages: [{ boxName: 'Your Box', quantity, weightInGrams: kgToGrams(weightKg), lengthInCm, widthInCm, heightInCm }],
  };
}

/** L × W × H ÷ divisor from valid sides only; null while any side is missing or invalid. */
function volumetricOf(values: OwnBoxValues): number | null {
  const sides = sidesSchema.safeParse(values);
  return sides.success ? (sides.data.lengthInCm * sides.data.widthInCm * sides.data.heightInCm) / VOLUMETRIC_DIVISOR : null;
}

/** Why there is no chargeable weight yet: something still to type, or something typed that is not valid. */
function waitingFor(i18n: I18n, values: OwnBoxValues): string {
  const measures = [values.lengthInCm, values.widthInCm, values.heightInCm, values.weightKg, values.quantity];
  if (measures.some(isBlank)) return i18n._(msg`Enter the size and weight to see the chargeable weight.`);
  return i18n._(msg`A size, weight or quantity is not valid: correct it to see the chargeable weight.`);
}

function ChargeableWeight({ values, deliveryType }: { values: OwnBoxValues; deliveryType: DeliveryType }) {
  const { i18n } = useLingui();
  const request = useMemo(() => requestOf(values, deliveryType), [values, deliveryType]);
  const pricing = useLivePricing(request);
  const line = request === null ? undefined : pricing.result?.packages[0];
  const volumetric = volumetricOf(values);
  const divisor = VOLUMETRIC_DIVISOR;
  const minimumKg = YOUR_BOX_MINIMUM_KG;
  return (
    <section
      aria-labelledby="chargeable-title"
      aria-busy={pricing.updating || undefined}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="chargeable-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Scale className="h-4 w-4" aria-hidden="true" /> <Trans>Chargeable weight</Trans>
      </h2>
      <p className="text-xs text-slate-600">
        <Trans>
          We charge the larger of the actual weight and the volumetric weight (length × width × height ÷ {divisor}), rounded up to a whole kilogram, at least{' '}
          {minimumKg} kg.
        </Trans>
      </p>
      <dl
        data-testid="chargeable-weight"
        data-current={pricing.current}
        className={cn('flex flex-col gap-1 text-sm text-slate-700 transition-colors', !pricing.current && 'text-slate-500! [&_*]:text-slate-500!')}
      >
        <div className="flex justify-between gap-3">
          <dt>
            <Trans>Volumetric weight</Trans>
          </dt>
          <dd className="tabular-nums">{volumetric === null ? '–' : `${volumetric.toFixed(2)} kg`}</dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-semibold text-slate-900">
          <dt>
            <Trans>Chargeable weight</Trans>
          </dt>
          {/* i18n-ignore: kg is the unit in both languages */}
          <dd className="tabular-nums">{line?.chargeableWeightKg ?? '–'} kg</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>
            <Trans>Fee per box</Trans>
          </dt>
          <dd className="tabular-nums">{line ? formatMoney(line.unitPriceInCents) : '–'}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>
            <Trans>Own-box surcharge per box</Trans>
          </dt>
          <dd className="tabular-nums">{line ? formatMoney(line.surchargeInCents / Math.max(1, line.quantity)) : '–'}</dd>
        </div>
        {line?.category === 'Cargo' ? (
          <p className="text-xs text-slate-600">
            <Trans>From 10 kg your box travels as Cargo, priced the same way.</Trans>
          </p>
        ) : null}
      </dl>
      <p aria-live="polite" className="min-h-5 text-xs text-slate-500">
        {request === null ? waitingFor(i18n, values) : pricing.updating ? <Trans>Updating…</Trans> : ''}
        {pricing.query.isError && !pricing.updating ? <Trans>Could not compute the price right now.</Trans> : ''}
      </p>
    </section>
  );
}

/** Your Box: sides in cm, weight in kg, quantity and contents; the server's chargeable weight shows as you type. */
export function OwnBoxForm({
  defaults,
  deliveryType,
  editing,
  onSubmit,
  onCancel,
}: {
  defaults: OwnBoxValues;
  deliveryType: DeliveryType;
  editing: boolean;
  onSubmit: (values: OwnBoxValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useForm<OwnBoxValues>({ resolver: zodResolver(ownBoxSchema) as never, defaultValues: defaults, mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as OwnBoxValues;
  const { errors } = form.formState;
  // The typed text is what the draft keeps; the schema only vets it.
  const submit = form.handleSubmit(() => onSubmit(form.getValues()));

  // The schema's own message (what is inside) is a catalogue id: said here, in the reader's language.
  const errorOf = (name: keyof OwnBoxValues) => {
    const message = errors[name]?.message;
    return message === CHOOSE_WHAT_IS_INSIDE.id ? i18n._(CHOOSE_WHAT_IS_INSIDE) : message;
  };
  const numeric = (name: keyof OwnBoxValues, label: string, extra: { min?: number; step?: string } = {}) => (
    <FormField label={label} error={errorOf(name)}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <NumericInput {...control} {...extra} name={field.name} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} />
          )}
        />
      )}
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t`Your box`} className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="flex flex-col gap-4">
        <div className="grid grid-cols-3 gap-3 sm:gap-4">
          {SIDES.map(([name, label]) => (
            <Fragment key={name}>{numeric(name, i18n._(label))}</Fragment>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          {numeric('weightKg', t`Weight per box (kg)`)}
          {numeric('quantity', t`Quantity`, { min: 1, step: '1' })}
        </div>
        <FormField label={t`What's inside`} error={errorOf('itemCategory')}>
          {(control) => (
            <Controller
              control={form.control}
              name="itemCategory"
              render={({ field }) => (
                <Combobox
                  {...control}
                  options={itemCategoryOptions(i18n)}
                  value={field.value}
                  placeholder={t`Choose item category`}
                  searchPlaceholder={t`Search category...`}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-col gap-4">
        <ChargeableWeight values={values} deliveryType={deliveryType} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">{editing ? <Trans>Save box</Trans> : <Trans>Add box</Trans>}</Button>
        </div>
      </div>
    </form>
  );
}
