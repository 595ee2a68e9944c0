import { useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/utils';
import { SideScroller } from '../ui/side-scroller';

export interface TableTab {
  /** undefined: the "all" tab (nothing in the address). */
  value: string | undefined;
  label: string;
  /** Shown beside the label when known. */
  count?: number | undefined;
}

/**
 * Tabs with counts above the table; the chosen one lives in the address (`?tab=`). The shipments' eleven
 * statuses do not fit a phone, so the row scrolls sideways with a cue on the cut edge, and the chosen tab
 * is brought into view (a link to `?tab=Delivered` would otherwise open with its tab out of sight).
 */
export function TableTabs({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: readonly TableTab[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  label: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const selectedIndex = tabs.findIndex((tab) => tab.value === value);
  // Counts arrive after the first paint and widen every tab before the chosen one: look again then.
  const counts = tabs.map((tab) => tab.count ?? '').join();
  // biome-ignore lint/correctness/useExhaustiveDependencies(selectedIndex): another chosen tab is what to bring into view
  // biome-ignore lint/correctness/useExhaustiveDependencies(counts): counts that widen the tabs are a reason to look again
  useLayoutEffect(() => {
    const el = scroller.current;
    const tab = el?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!el || !tab) return;
    // Only the row scrolls: scrollIntoView would also scroll the page to a tab row below the fold.
    const left = tab.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
    const visible = left >= el.scrollLeft && left + tab.offsetWidth <= el.scrollLeft + el.clientWidth;
    if (!visible) el.scrollLeft = left - (el.clientWidth - tab.offsetWidth) / 2;
  }, [selectedIndex, counts]);

  return (
    <SideScroller className="-mx-1" scrollerRef={scroller}>
      <div role="tablist" aria-label={label} className="flex w-max min-w-full gap-1 border-b border-slate-200 px-1">
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
                '-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset',
                selected ? 'border-teal-700 text-teal-800' : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {tab.label}
              {tab.count !== undefined ? (
                <span className={cn('rounded-full px-1.5 text-xs tabular-nums', selected ? 'bg-teal-100 text-teal-900' : 'bg-slate-100 text-slate-700')}>
                  {tab.count.toLocaleString('en-PH')}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </SideScroller>
  );
}
