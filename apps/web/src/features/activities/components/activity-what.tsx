import { ACTIVITY_CATEGORY_LABELS, type ActivityCategory, type ActivityLogDto } from '@hatid/domain';
import { StickyNote } from 'lucide-react';

const ACTION_LABELS: Record<Exclude<ActivityLogDto['action'], 'NOTE'>, string> = {
  ACTIVATED: 'Activated',
  CREATED: 'Created',
  DEACTIVATED: 'Deactivated',
  DELETED: 'Deleted',
  TIME_IN: 'Timed in',
  TIME_OUT: 'Timed out',
  UPDATED: 'Updated',
};

const categoryLabel = (category: string) => ACTIVITY_CATEGORY_LABELS[category as ActivityCategory] ?? category;
/** "PromoCode" → "Promo code". */
const entityLabel = (entity: string) => {
  const words = entity.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
};

type Entry = Pick<ActivityLogDto, 'action' | 'entity' | 'entityId' | 'category' | 'summary' | 'createdByName'> & Partial<Pick<ActivityLogDto, 'entityName'>>;

/**
 * The "What" cell of the activity log. An event the server recorded reads as its summary over "Updated ·
 * Shipment … · Category". A note a person wrote (action NOTE) never reads like one: it is headed "Note by
 * <name>", its words are quoted as theirs, and it is set apart, so "Invoice INV-000001 voided" typed by
 * someone cannot pass for the server voiding an invoice.
 */
export function ActivityWhat({ entry }: { entry: Entry }) {
  // The record by what people call it (a name, a tracking number) when the server could tell; else its id.
  const called = entry.entityName ?? entry.entityId;
  const about = entry.entity ? `${entityLabel(entry.entity)}${called ? ` ${called}` : ''}` : null;
  if (entry.action === 'NOTE') {
    return (
      <div className="min-w-0 border-l-4 border-amber-300 pl-2">
        <p className="flex items-center gap-1 font-medium text-amber-900">
          <StickyNote className="h-4 w-4 shrink-0" aria-hidden="true" />
          Note by {entry.createdByName ?? 'a former user'}
        </p>
        <blockquote className="whitespace-pre-wrap break-words text-slate-700">“{entry.summary ?? ''}”</blockquote>
        {about ? <p className="text-xs text-slate-500">About {about}</p> : null}
      </div>
    );
  }
  const action = ACTION_LABELS[entry.action];
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{entry.summary ?? `${action} ${entry.entity ? entityLabel(entry.entity).toLowerCase() : ''}`.trim()}</p>
      <p className="text-xs text-slate-500">
        {action}
        {about ? ` · ${about}` : ''} · {categoryLabel(entry.category)}
      </p>
    </div>
  );
}
