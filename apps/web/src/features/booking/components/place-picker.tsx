import { useLingui } from '@lingui/react/macro';
import { Combobox } from '../../../components/ui/combobox';
import { FormField } from '../../../components/ui/form-field';
import { useBarangays, useCitiesMunicipalities, useCoveredProvinces } from '../../../lib/api/places';

export interface PlaceValue {
  provinceCode: string;
  cityCode: string;
  barangayCode: string;
}

const toOptions = (places: { code: string; name: string }[] | undefined) => (places ?? []).map((p) => ({ value: p.code, label: p.name }));

/**
 * Province → city or municipality → barangay, limited to the provinces we serve. Each list loads when the
 * level above is chosen; changing a level clears the levels below it.
 */
export function PlacePicker({
  value,
  onChange,
  errors,
}: {
  value: PlaceValue;
  onChange: (patch: Partial<PlaceValue>) => void;
  errors: Partial<Record<keyof PlaceValue, string | undefined>>;
}) {
  const { t } = useLingui();
  const provinces = useCoveredProvinces();
  const cities = useCitiesMunicipalities(value.provinceCode || undefined);
  const barangays = useBarangays(value.cityCode || undefined);
  const provinceOptions = (provinces.data ?? []).map((p) => ({ value: p.provinceCode, label: p.name }));

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField label={t`Province`} error={errors.provinceCode ?? (provinces.isError ? t`Could not load provinces` : undefined)}>
        {(control) => (
          <Combobox
            {...control}
            options={provinceOptions}
            value={value.provinceCode}
            loading={provinces.isPending}
            placeholder={t`Choose province`}
            searchPlaceholder={t`Search province...`}
            onChange={(code) => {
              if (code !== value.provinceCode) onChange({ provinceCode: code, cityCode: '', barangayCode: '' });
            }}
          />
        )}
      </FormField>
      <FormField label={t`City or municipality`} error={errors.cityCode ?? (cities.isError ? t`Could not load cities` : undefined)}>
        {(control) => (
          <Combobox
            {...control}
            options={toOptions(cities.data)}
            value={value.cityCode}
            loading={cities.isFetching && !cities.data}
            disabled={!value.provinceCode}
            // Short: the disabled box is a third of the form's width at 1280 px, and a cut hint on a disabled box has no tooltip.
            placeholder={value.provinceCode ? t`Choose city` : t`Province first`}
            searchPlaceholder={t`Search city or municipality...`}
            onChange={(code) => {
              if (code !== value.cityCode) onChange({ cityCode: code, barangayCode: '' });
            }}
          />
        )}
      </FormField>
      <FormField label={t`Barangay`} error={errors.barangayCode ?? (barangays.isError ? t`Could not load barangays` : undefined)}>
        {(control) => (
          <Combobox
            {...control}
            options={toOptions(barangays.data)}
            value={value.barangayCode}
            loading={barangays.isFetching && !barangays.data}
            disabled={!value.cityCode}
            placeholder={value.cityCode ? t`Choose barangay` : t`Choose a city first`}
            searchPlaceholder={t`Search barangay...`}
            onChange={(code) => onChange({ barangayCode: code })}
          />
        )}
      </FormField>
    </div>
  );
}
