import { useId } from 'react';
import { cn } from '../../lib/utils';
import { filterFieldClass } from './date-range-filter';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps<T extends string> {
  label: string;
  /** The value in the address; undefined: the filter is off. */
  value: T | undefined;
  /** The first choice, which turns the filter off ("All types", "Anyone"). */
  anyLabel: string;
  options: readonly FilterOption[];
  /** The choice changed (undefined: off); the screen puts it in the address and goes back to page 1. */
  onChange: (value: T | undefined) => void;
  /**
   * A value from a shared link that is not among the options stays listed: as "Loading…" while they load,
   * else as this label (default: the value itself), so the field never silently shows "All".
   */
  unknownLabel?: string;
  loading?: boolean;
  /** Full width (inside a grid of filters). */
  wide?: boolean;
}

/** A list's choice filter: a labelled select whose first option turns the filter off. */
export function FilterSelect<T extends string>({
  label,
  value,
  anyLabel,
  options,
  onChange,
  unknownLabel,
  loading = false,
  wide = true,
}: FilterSelectProps<T>) {
  const id = useId();
  const unknown = value !== undefined && value !== '' && !options.some((o) => o.value === value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
        className={cn(filterFieldClass, wide && 'w-full')}
      >
        <option value="">{anyLabel}</option>
        {unknown ? <option value={value}>{loading ? 'Loading…' : (unknownLabel ?? value)}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Options from a record of labels, in the order of `values`. */
export const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>): FilterOption[] =>
  values.map((value) => ({ value, label: labels[value] }));
