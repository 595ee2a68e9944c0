import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { inputClasses } from '../../../components/ui/input';
import { useCitiesMunicipalities, useCoveredProvinces } from '../../../lib/api/places';

export interface ServiceArea {
  code: string;
  name: string;
}

/**
 * A rider's service areas: the cities and municipalities whose pick-ups and deliveries they are offered for
 * ("Assign riders" lists the riders serving a shipment's city). Pick a province, then a city: it is added to
 * the list at once; each can be removed. Plain selects, so it works the same with a keyboard and on a phone.
 */
export function ServiceAreasField({ value, onChange, error }: { value: ServiceArea[]; onChange: (next: ServiceArea[]) => void; error?: string | undefined }) {
  const { t } = useLingui();
  const id = useId();
  const [province, setProvince] = useState('');
  const provinces = useCoveredProvinces();
  const cities = useCitiesMunicipalities(province || undefined);
  const chosen = new Set(value.map((area) => area.code));

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-medium text-slate-800">
        <Trans>Service areas</Trans>
      </legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        <Trans>The cities and municipalities this rider picks up from and delivers to. "Assign riders" offers them for shipments there.</Trans>
      </p>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t`Chosen service areas`}>
          {value.map((area) => (
            <li key={area.code} className="flex items-center gap-1 rounded-full bg-teal-50 py-0.5 pr-1 pl-3 text-sm text-teal-900">
              {area.name}
              <button
                type="button"
                aria-label={t`Remove ${area.name}`}
                className="rounded-full p-0.5 hover:bg-teal-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                onClick={() => onChange(value.filter((a) => a.code !== area.code))}
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>None yet: this rider is offered for no shipment.</Trans>
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-province`} className="text-xs font-medium text-slate-700">
            <Trans>Province</Trans>
          </label>
          <select id={`${id}-province`} className={inputClasses} value={province} onChange={(event) => setProvince(event.target.value)}>
            <option value="">{provinces.isPending ? t`Loading provinces…` : t`Choose a province`}</option>
            {provinces.data?.map((p) => (
              <option key={p.provinceCode} value={p.provinceCode}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-city`} className="text-xs font-medium text-slate-700">
            <Trans>Add a city or municipality</Trans>
          </label>
          <select
            id={`${id}-city`}
            className={inputClasses}
            value=""
            disabled={!province}
            onChange={(event) => {
              const city = cities.data?.find((c) => c.code === event.target.value);
              if (city && !chosen.has(city.code)) onChange([...value, { code: city.code, name: city.name }]);
            }}
          >
            <option value="">{!province ? t`Choose a province first` : cities.isPending ? t`Loading…` : t`Choose to add`}</option>
            {cities.data?.map((c) => (
              <option key={c.code} value={c.code} disabled={chosen.has(c.code)}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
