import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, relativeTime } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { activityTitle } from '../lib/activity-labels';

export interface TimelineEntry {
  id: string;
  name: string;
  customStatusName: string | null;
  reason: string | null;
  createdAt: string;
  /** Where it happened (the signed-in detail only; public tracking shows statuses and times). */
  location?: string | null;
  note?: string | null;
  hideFromTimeline?: boolean;
}

/** Newest first; activities hidden from the timeline are never shown to customers. */
export function visibleTimeline<T extends TimelineEntry>(entries: readonly T[]): T[] {
  return entries.filter((entry) => !entry.hideFromTimeline).sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
}

/** A custom activity reads by its own name; a failed attempt names its reason; both in the reader's language. */
export function entryTitle(i18n: I18n, entry: Pick<TimelineEntry, 'name' | 'customStatusName' | 'reason'>): string {
  return activityTitle(i18n, entry);
}

export function StatusTimeline({ entries, label }: { entries: readonly TimelineEntry[]; label?: string }) {
  const { t, i18n } = useLingui();
  const shown = visibleTimeline(entries);
  if (shown.length === 0)
    return (
      <p className="text-sm text-slate-600">
        <Trans>No updates yet.</Trans>
      </p>
    );
  return (
    <ol aria-label={label ?? t`Status timeline`} className="flex flex-col">
      {shown.map((entry, index) => {
        const latest = index === 0;
        return (
          <li key={entry.id} className="relative flex gap-3 pb-5 last:pb-0">
            {index < shown.length - 1 ? <span className="absolute top-4 left-[7px] h-full w-0.5 bg-slate-200" aria-hidden="true" /> : null}
            <span
              className={cn('relative mt-1 h-4 w-4 shrink-0 rounded-full border-2', latest ? 'border-teal-700 bg-teal-700' : 'border-slate-300 bg-white')}
              aria-hidden="true"
            />
            <div className="min-w-0 flex-1">
              <p className={cn('text-sm break-words', latest ? 'font-semibold text-slate-900' : 'font-medium text-slate-800')}>
                {entryTitle(i18n, entry)}
                {latest ? (
                  <span className="sr-only">
                    {' '}
                    <Trans>(latest)</Trans>
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={entry.createdAt} title={relativeTime(entry.createdAt)}>
                  {formatDateTime(entry.createdAt)}
                </time>
                {entry.location ? <span> · {entry.location}</span> : null}
              </p>
              {entry.note ? <p className="mt-1 text-sm break-words text-slate-700">{entry.note}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
