import type { ActivityLogDto } from '@hatid/domain';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { activityChanges } from '../lib/activity-changes';

/** The expandable before → after summary of one entry (changed fields only); nothing when none changed. */
export function ActivityChanges({ entry }: { entry: Pick<ActivityLogDto, 'before' | 'after'> }) {
  const { t } = useLingui();
  const changes = activityChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <details className="group text-sm">
      <summary className="cursor-pointer text-teal-800 hover:underline">{t`${plural(changes.length, { one: '# change', other: '# changes' })}`}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {changes.map((change) => (
          <div key={change.field} className="contents">
            <dt className="font-medium text-slate-700">{change.label}</dt>
            <dd className="text-slate-700">
              <span className="text-slate-500 line-through decoration-slate-300">{change.before}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only">
                {' '}
                <Trans>changed to</Trans>{' '}
              </span>
              <span className="font-medium text-slate-900">{change.after}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
