import type { AddressInput, addressInput } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Combobox } from '../../../components/ui/combobox';
import { FormField } from '../../../components/ui/form-field';
import { useBarangays, useCitiesMunicipalities, useCoveredProvinces } from '../../../lib/api/places';

type AddressFormValues = z.input<typeof addressInput>;

const toOptions = (places: { code: string; name: string }[] | undefined) => (places ?? []).map((p) => ({ value: p.code, label: p.name }));

/**
 * Province → city or municipality → barangay. Each list loads when the level above is chosen, and
 * changing a level clears the levels below it (a barangay belongs to exactly one city).
 */
export function PlaceFields({ form }: { form: UseFormReturn<AddressFormValues, unknown, AddressInput> }) {
  const { t } = useLingui();
  const [provinceCode, cityCode] = useWatch({ control: form.control, name: ['provinceCode', 'cityCode'] });
  const provinces = useCoveredProvinces();
  const cities = useCitiesMunicipalities(provinceCode || undefined);
  const barangays = useBarangays(cityCode || undefined);
  const { errors } = form.formState;

  const provinceOptions = (provinces.data ?? []).map((p) => ({ value: p.provinceCode, label: p.name }));

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField label={t`Province`} error={errors.provinceCode?.message ?? (provinces.isError ? t`Could not load provinces` : undefined)}>
        {(control) => (
          <Controller
            control={form.control}
            name="provinceCode"
            render={({ field }) => (
              <Combobox
                {...control}
                options={provinceOptions}
                value={field.value}
                loading={provinces.isPending}
                placeholder={t`Choose province`}
                searchPlaceholder={t`Search province...`}
                onChange={(value) => {
                  if (value === field.value) return;
                  field.onChange(value);
                  form.setValue('cityCode', '');
                  form.setValue('barangayCode', '');
                }}
              />
            )}
          />
        )}
      </FormField>
      <FormField label={t`City or municipality`} error={errors.cityCode?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="cityCode"
            render={({ field }) => (
              <Combobox
                {...control}
                options={toOptions(cities.data)}
                value={field.value}
                loading={cities.isFetching && !cities.data}
                disabled={!provinceCode}
                placeholder={provinceCode ? t`Choose city` : t`Province first`}
                searchPlaceholder={t`Search city or municipality...`}
                onChange={(value) => {
                  if (value === field.value) return;
                  field.onChange(value);
                  form.setValue('barangayCode', '');
                }}
              />
            )}
          />
        )}
      </FormField>
      <FormField label={t`Barangay`} error={errors.barangayCode?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="barangayCode"
            render={({ field }) => (
              <Combobox
                {...control}
                options={toOptions(barangays.data)}
                value={field.value}
                loading={barangays.isFetching && !barangays.data}
                disabled={!cityCode}
                placeholder={cityCode ? t`Choose barangay` : t`Choose a city first`}
                searchPlaceholder={t`Search barangay...`}
                onChange={field.onChange}
              />
            )}
          />
        )}
      </FormField>
    </div>
  );
}
