import { useId } from 'react';
import { cn } from '../../lib/utils';

export const filterFieldClass =
  'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

interface DateRangeFilterProps {
  /** yyyy-MM-dd, or undefined when not set. */
  startDate: string | undefined;
  endDate: string | undefined;
  /** One end changed (undefined: cleared); the screen puts it in the address and goes back to page 1. */
  onChange: (change: { startDate?: string | undefined; endDate?: string | undefined }) => void;
  fromLabel?: string;
  toLabel?: string;
  /** Full width fields (inside a grid of filters). */
  wide?: boolean;
}

/** A list's "from … to" filter: two date fields that cannot cross (each limits the other). */
export function DateRangeFilter({ startDate, endDate, onChange, fromLabel = 'From', toLabel = 'To', wide = false }: DateRangeFilterProps) {
  const ids = { from: useId(), to: useId() };
  const className = cn(filterFieldClass, wide && 'w-full');
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.from} className="text-sm font-medium text-slate-800">
          {fromLabel}
        </label>
        <input
          id={ids.from}
          type="date"
          value={startDate ?? ''}
          max={endDate}
          onChange={(event) => onChange({ startDate: event.target.value || undefined })}
          className={className}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.to} className="text-sm font-medium text-slate-800">
          {toLabel}
        </label>
        <input
          id={ids.to}
          type="date"
          value={endDate ?? ''}
          min={startDate}
          onChange={(event) => onChange({ endDate: event.target.value || undefined })}
          className={className}
        />
      </div>
    </>
  );
}
