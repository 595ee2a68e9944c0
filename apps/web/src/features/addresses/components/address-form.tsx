import { useEffect } from 'react';
import { addressInput, type AddressDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PhoneInput, preloadPhoneInput } from '../../../components/ui/phone-input';
import { showFormError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useCreateAddress } from '../../../lib/api/saved-addresses';
import { useUpdateAddress } from '../api/update-address';
import { PlaceFields } from './place-fields';

const FIELDS = ['label', 'name', 'mobileNumber', 'email', 'provinceCode', 'cityCode', 'barangayCode', 'streetName', 'isDefault'] as const;

function defaultsOf(address: AddressDto | undefined) {
  return {
    label: address?.label ?? '',
    name: address?.name ?? '',
    mobileNumber: address?.mobileNumber ?? '',
    email: address?.email ?? '',
    provinceCode: address?.provinceCode ?? '',
    cityCode: address?.cityCode ?? '',
    barangayCode: address?.barangayCode ?? '',
    streetName: address?.streetName ?? '',
    isDefault: address?.isDefault ?? false,
  };
}

/** Adds a saved address, or edits `address` when given. */
export function AddressForm({ address, onSaved, onCancel }: { address?: AddressDto; onSaved: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const form = useForm({ resolver: formResolver(addressInput), defaultValues: defaultsOf(address) });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;
  // This page is all about the address: load the full phone field now rather than on first touch.
  useEffect(() => void preloadPhoneInput(), []);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      if (address) {
        await update.mutateAsync({ id: address.id, input });
        toast.success(t`Address updated`);
      } else {
        await create.mutateAsync(input);
        toast.success(t`Address saved`);
      }
      onSaved();
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={address ? t`Edit address` : t`Add address`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Contact name`} error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
        </FormField>
        <FormField label={t`Mobile number`} error={errors.mobileNumber?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="mobileNumber"
              render={({ field }) => <PhoneInput {...control} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
            />
          )}
        </FormField>
      </div>
      <FormField label={t`Email`} optional error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <PlaceFields form={form} />
      <FormField label={t`Street, building, house number`} error={errors.streetName?.message}>
        {(control) => <Input {...control} autoComplete="street-address" {...form.register('streetName')} />}
      </FormField>
      <FormField label={t`Label`} optional error={errors.label?.message} hint={t`For example "Home" or "Office".`}>
        {(control) => <Input {...control} {...form.register('label')} />}
      </FormField>
      <Checkbox label={t`Use as my default address`} {...form.register('isDefault')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          {address ? <Trans>Save changes</Trans> : <Trans>Save address</Trans>}
        </Button>
      </div>
    </form>
  );
}
