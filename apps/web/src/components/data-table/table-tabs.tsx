import { cn } from '../../lib/utils';

export interface TableTab {
  /** undefined: the "all" tab (nothing in the address). */
  value: string | undefined;
  label: string;
  /** Shown beside the label when known. */
  count?: number | undefined;
}

/** Tabs with counts above the table; the chosen one lives in the address (`?tab=`). */
export function TableTabs({ tabs, value, onChange, label }: { tabs: readonly TableTab[]; value: string | undefined; onChange: (value: string | undefined) => void; label: string }) {
  return (
    <div role="tablist" aria-label={label} className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1">
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value ?? '__all'}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(tab.value)}
            className={cn(
              '-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
              selected ? 'border-teal-700 text-teal-800' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
            {tab.count !== undefined ? (
              <span className={cn('rounded-full px-1.5 text-xs tabular-nums', selected ? 'bg-teal-100 text-teal-900' : 'bg-slate-100 text-slate-700')}>{tab.count.toLocaleString('en-PH')}</span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
