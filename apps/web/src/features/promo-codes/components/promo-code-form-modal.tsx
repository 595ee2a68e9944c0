import { BOX_NAMES, type PromoCodeDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm, type Resolver } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input, textareaClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { NumberInput } from '../../../components/ui/number-input';
import { fieldErrorsOf } from '../../../lib/form-resolver';
import { useSavePromoCode } from '../api/promo-codes';
import { useFormSave } from '../../console/components/use-form-save';
import { EMPTY_PROMO_FORM, promoFormFieldOf, promoFormValuesOf, promoPatch, readPromoForm, type PromoFormValues, type PromoWireInput } from '../lib/promo-form';

const resolver: Resolver<PromoFormValues, unknown, PromoWireInput> = async (values) => {
  const read = readPromoForm(values);
  if (read.ok) return { values: read.input, errors: {} };
  return { values: {}, errors: fieldErrorsOf<PromoFormValues>(read.errors) };
};

/**
 * Add and edit a promo code (the spec's add and edit modal kinds). A flat discount is typed in pesos and
 * sent as centavos (`amountInCents`); a percentage as whole percent (`percentOff`). Editing sends only the
 * fields that changed.
 */
export function PromoCodeFormModal({ promo, open, onOpenChange }: { promo: PromoCodeDto | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const save = useSavePromoCode();
  const initial = promo ? promoFormValuesOf(promo) : EMPTY_PROMO_FORM;
  const form = useForm<PromoFormValues, unknown, PromoWireInput>({ resolver, defaultValues: initial });
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const type = watch('type');
  const { problem, save: saveForm } = useFormSave({ setError: form.setError, fieldOf: promoFormFieldOf, onSaved: () => onOpenChange(false) });

  const onSubmit = form.handleSubmit(async (input) => {
    const body = promo ? promoPatch(initial, input) : input;
    await saveForm(Boolean(promo) && Object.keys(body).length === 0, async () => {
      const saved = await save.mutateAsync({ id: promo?.id ?? null, input: body });
      return { title: promo ? t`Promo code updated` : t`Promo code created`, description: saved.code };
    });
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={promo ? t`Edit ${promo.code}` : t`Add promo code`}
      description={promo ? t`Only what you change is saved.` : t`Customers type the code when they book.`}
      size="lg"
      submitLabel={promo ? t`Save changes` : t`Add promo code`}
      pending={save.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Code`} hint={t`3 to 32 letters, digits, hyphens or underscores.`} error={errors.code?.message}>
          {(control) => <Input {...control} {...register('code')} autoComplete="off" className="uppercase" />}
        </FormField>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="text-sm font-medium text-slate-800">
            <Trans>Discount type</Trans>
          </legend>
          <div className="flex h-10 items-center gap-4">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" value="percentage" className="h-4 w-4 accent-teal-700" {...register('type')} />
              <Trans>Percentage</Trans>
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" value="flat" className="h-4 w-4 accent-teal-700" {...register('type')} />
              <Trans>Flat amount</Trans>
            </label>
          </div>
        </fieldset>
        {type === 'percentage' ? (
          <FormField key="percentOff" label={t`Percentage off (%)`} hint={t`A whole number from 1 to 100.`} error={errors.percentOff?.message}>
            {(control) => <NumberInput {...control} {...register('percentOff')} min={1} max={100} step="1" inputMode="numeric" />}
          </FormField>
        ) : (
          <FormField
            key="amountPesos"
            label={t`Amount off (₱)`}
            hint={t`In pesos, e.g. 50.00. Never more than the boxes' total.`}
            error={errors.amountPesos?.message}
          >
            {(control) => <NumberInput {...control} {...register('amountPesos')} min={0.01} />}
          </FormField>
        )}
        <FormField label={t`Description`} optional error={errors.description?.message} className="sm:col-span-2">
          {(control) => <textarea {...control} {...register('description')} rows={2} maxLength={1024} className={textareaClasses} />}
        </FormField>
        <FormField label={t`First day`} hint={t`From 00:00, Philippine time.`} error={errors.startDate?.message}>
          {(control) => <Input {...control} {...register('startDate')} type="date" />}
        </FormField>
        <FormField label={t`Last day`} hint={t`Until 23:59, Philippine time.`} error={errors.endDate?.message}>
          {(control) => <Input {...control} {...register('endDate')} type="date" />}
        </FormField>
        <FormField label={t`Total uses`} optional hint={t`Empty: unlimited.`} error={errors.maxUsage?.message}>
          {(control) => <NumberInput {...control} {...register('maxUsage')} min={1} step="1" inputMode="numeric" />}
        </FormField>
        <FormField label={t`Uses per customer`} optional hint={t`Empty: unlimited.`} error={errors.maxUsagePerUser?.message}>
          {(control) => <NumberInput {...control} {...register('maxUsagePerUser')} min={1} step="1" inputMode="numeric" />}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-800">
          <Trans>Boxes it applies to</Trans>
        </legend>
        <p className="text-xs text-slate-500">
          <Trans>None ticked: every box.</Trans>
        </p>
        <div className="grid gap-2 sm:grid-cols-3">
          {BOX_NAMES.map((name) => (
            <Checkbox key={name} label={name} value={name} {...register('applicableBoxTypes')} />
          ))}
        </div>
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
    </FormModal>
  );
}
