import { cn } from '../../../lib/utils';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

/**
 * Vertical bars drawn with CSS (no chart library in the bundle): one per day or month, the value in each
 * bar's tooltip, a few labels under the axis, and the figures as a table for screen readers.
 */
export function BarChart({ title, bars, format, className }: { title: string; bars: readonly Bar[]; format: (value: number) => string; className?: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  // Label the first, the last and a few between, so the axis stays readable at 360 px.
  const step = Math.max(1, Math.ceil(bars.length / 5));
  const last = bars.length - 1;
  // Every step-th bar and the last one, unless a stepped label would crowd the last.
  const labelled = (index: number) => index === last || (index % step === 0 && last - index >= step / 2);
  return (
    <figure className={cn('relative flex min-w-0 flex-col gap-2 px-6', className)}>
      <figcaption className="-mx-6 text-sm font-medium text-slate-800">{title}</figcaption>
      <div className="flex h-40 items-end justify-center gap-px border-b border-slate-200 sm:gap-1" aria-hidden="true">
        {bars.map((bar) => (
          <div key={bar.key} className="group relative flex h-full max-w-12 min-w-0 flex-1 flex-col justify-end" title={`${bar.label}: ${format(bar.value)}`}>
            <div
              className="rounded-t-sm bg-teal-600 transition-colors group-hover:bg-teal-800"
              style={{ height: `${(bar.value / max) * 100}%`, minHeight: bar.value > 0 ? 2 : 0 }}
            />
          </div>
        ))}
      </div>
      {/* The labels sit under their bars (same columns), centred; the side padding leaves room for the last one. */}
      <div className="flex h-4 justify-center gap-px text-[11px] text-slate-500 sm:gap-1" aria-hidden="true">
        {bars.map((bar, index) => (
          <span key={bar.key} className="relative max-w-12 min-w-0 flex-1">
            {labelled(index) ? <span className="absolute left-1/2 -translate-x-1/2 whitespace-nowrap">{bar.label}</span> : null}
          </span>
        ))}
      </div>
      {/*
        The figures for screen readers. A table ignores the 1 px height of sr-only and stays as tall as its
        rows (a month is 31), which hung ~450 px of blank scroll under the dashboard and left the console's
        sidebar short; the block wrapper does clip, so the table is wrapped rather than hidden itself.
      */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row">{bar.label}</th>
                <td>{format(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Horizontal bars for a breakdown (shipments by status). */
export function BreakdownBars({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium text-slate-800">{title}</figcaption>
      <ul className="flex flex-col gap-1.5">
        {bars.map((bar) => (
          <li key={bar.key} className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-2 text-sm">
            {/* A long status name (Filipino ones are) wraps in its column rather than being cut off. */}
            <span className="leading-tight break-words text-slate-700" title={bar.label}>
              {bar.label}
            </span>
            <span className="h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <span className="block h-full rounded-full bg-teal-600" style={{ width: `${(bar.value / max) * 100}%` }} />
            </span>
            <span className="text-right font-medium text-slate-900 tabular-nums">{bar.value.toLocaleString('en-PH')}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
