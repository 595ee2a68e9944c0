import { PH_AIRPORTS } from '@hatid/domain';
import type { ComponentProps } from 'react';
import { inputClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

/** A Philippine airport by IATA code (the generated list), "MNL · Manila". */
export function AirportSelect({ className, placeholder = 'Choose an airport', ...props }: ComponentProps<'select'> & { placeholder?: string }) {
  return (
    <select {...props} className={cn(inputClasses, className)}>
      <option value="">{placeholder}</option>
      {PH_AIRPORTS.map((airport) => (
        <option key={airport.iata} value={airport.iata}>
          {airport.iata} · {airport.city}
        </option>
      ))}
    </select>
  );
}
