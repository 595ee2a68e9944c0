import { COURIER_CATEGORIES, COURIER_TYPES, courierInput, type CourierDto, type CourierInput } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { useForm, type Path } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input, inputClasses } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { formResolver } from '../../../lib/form-resolver';
import { useSaveCourier } from '../api/couriers';
import { useFormSave } from '../../console/components/use-form-save';
import { COURIER_CATEGORY_NAMES, COURIER_TYPE_NAMES } from '../lib/courier-labels';

type Values = { name: string; type: string; category: string; code: string; contactName: string; contactNumber: string; contactEmail: string };
const FIELDS: readonly (keyof Values)[] = ['name', 'type', 'category', 'code', 'contactName', 'contactNumber', 'contactEmail'];

const valuesOf = (c: CourierDto | null): Values => ({
  name: c?.name ?? '',
  type: c?.type ?? 'carrier',
  category: c?.category ?? 'air',
  code: c?.code ?? '',
  contactName: c?.contactName ?? '',
  contactNumber: c?.contactNumber ?? '',
  contactEmail: c?.contactEmail ?? '',
});

/** Add and edit a courier (name, type, category, code, contact); editing sends only what changed. */
export function CourierFormModal({ courier, onClose }: { courier: CourierDto | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const save = useSaveCourier();
  const initial = valuesOf(courier);
  const form = useForm<Values, unknown, CourierInput>({
    resolver: formResolver(courierInput as never, { blankAs: courier ? null : undefined }) as never,
    defaultValues: initial,
  });
  const errors = form.formState.errors;
  const { problem, save: saveForm } = useFormSave({
    setError: form.setError,
    fieldOf: (field) => (FIELDS.includes(field as keyof Values) ? (field as Path<Values>) : null),
    onSaved: onClose,
  });

  const onSubmit = form.handleSubmit(async (input) => {
    const body = courier
      ? Object.fromEntries(Object.entries(input).filter(([key, value]) => (initial[key as keyof Values] || null) !== (value ?? null)))
      : input;
    await saveForm(Boolean(courier) && Object.keys(body).length === 0, async () => {
      const saved = await save.mutateAsync({ id: courier?.id ?? null, input: body as CourierInput });
      return { title: courier ? t`Courier updated` : t`Courier added`, description: saved.name };
    });
  });

  return (
    <FormModal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={courier ? t`Edit ${courier.name}` : t`Add courier`}
      description={t`Carriers move parcels between hubs; partners deliver for us.`}
      size="lg"
      submitLabel={courier ? t`Save changes` : t`Add courier`}
      pending={save.isPending}
      problem={problem}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Name`} error={errors.name?.message} className="sm:col-span-2">
          {(control) => <Input {...control} {...form.register('name')} autoComplete="off" />}
        </FormField>
        <FormField label={t`Type`} error={errors.type?.message}>
          {(control) => (
            <select {...control} {...form.register('type')} className={inputClasses}>
              {COURIER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {i18n._(COURIER_TYPE_NAMES[type])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Category`} error={errors.category?.message}>
          {(control) => (
            <select {...control} {...form.register('category')} className={inputClasses}>
              {COURIER_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {i18n._(COURIER_CATEGORY_NAMES[category])}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t`Code`} optional hint={t`IATA airline code (PR, 5J) or the partner's short code.`} error={errors.code?.message}>
          {(control) => <Input {...control} {...form.register('code')} autoComplete="off" className="uppercase" />}
        </FormField>
        <FormField label={t`Contact name`} optional error={errors.contactName?.message}>
          {(control) => <Input {...control} {...form.register('contactName')} autoComplete="off" />}
        </FormField>
        <FormField label={t`Contact number`} optional error={errors.contactNumber?.message}>
          {(control) => <Input {...control} {...form.register('contactNumber')} type="tel" autoComplete="off" />}
        </FormField>
        <FormField label={t`Contact email`} optional error={errors.contactEmail?.message}>
          {(control) => <Input {...control} {...form.register('contactEmail')} type="email" autoComplete="off" />}
        </FormField>
      </div>
    </FormModal>
  );
}
