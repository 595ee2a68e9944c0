import { PH_AIRPORTS } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { inputClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

/** A Philippine airport by IATA code (the generated list), "MNL · Manila". */
export function AirportSelect({ className, placeholder, ...props }: ComponentProps<'select'> & { placeholder?: string }) {
  const { t } = useLingui();
  return (
    <select {...props} className={cn(inputClasses, className)}>
      <option value="">{placeholder ?? t`Choose an airport`}</option>
      {PH_AIRPORTS.map((airport) => (
        <option key={airport.iata} value={airport.iata}>
          {airport.iata} · {airport.city}
        </option>
      ))}
    </select>
  );
}
