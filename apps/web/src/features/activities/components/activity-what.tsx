import type { ActivityLogDto } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { StickyNote } from 'lucide-react';
import { ACTION_NAMES, categoryName, entityName } from '../lib/activity-labels';

type Entry = Pick<ActivityLogDto, 'action' | 'entity' | 'entityId' | 'category' | 'summary' | 'createdByName'> & Partial<Pick<ActivityLogDto, 'entityName'>>;

/**
 * The "What" cell of the activity log. An event the server recorded reads as its summary over "Updated ·
 * Shipment … · Category". A note a person wrote (action NOTE) never reads like one: it is headed "Note by
 * <name>", its words are quoted as theirs, and it is set apart, so "Invoice INV-000001 voided" typed by
 * someone cannot pass for the server voiding an invoice. The summary is the server's record, shown as stored.
 */
export function ActivityWhat({ entry }: { entry: Entry }) {
  const { t, i18n } = useLingui();
  // The record by what people call it (a name, a tracking number) when the server could tell; else its id.
  const called = entry.entityName ?? entry.entityId;
  const about = entry.entity ? `${entityName(i18n, entry.entity)}${called ? ` ${called}` : ''}` : null;
  if (entry.action === 'NOTE') {
    const author = entry.createdByName ?? t`a former user`;
    return (
      <div className="min-w-0 border-l-4 border-amber-300 pl-2">
        <p className="flex items-center gap-1 font-medium text-amber-900">
          <StickyNote className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t`Note by ${author}`}
        </p>
        <blockquote className="whitespace-pre-wrap break-words text-slate-700">“{entry.summary ?? ''}”</blockquote>
        {about ? <p className="text-xs text-slate-500">{t`About ${about}`}</p> : null}
      </div>
    );
  }
  const action = i18n._(ACTION_NAMES[entry.action]);
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{entry.summary ?? (entry.entity ? `${action} · ${entityName(i18n, entry.entity)}` : action)}</p>
      <p className="text-xs text-slate-500">
        {action}
        {about ? ` · ${about}` : ''} · {categoryName(i18n, entry.category)}
      </p>
    </div>
  );
}
