import type { SubjectName } from '@hatid/domain';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Ban, Copy, Eye, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { useAccess } from '../../lib/ability';
import { ActionMenu } from './action-menu';
import { rowActionItems, VOID_LABEL, type RowActionHandlers, type RowActionKey } from './row-actions';

/** The spec's row actions' icons (a void reads Ban, as a cancel). */
export const ROW_ACTION_ICONS: Record<RowActionKey, LucideIcon> = { view: Eye, edit: Pencil, duplicate: Copy, cancel: Ban, delete: Trash2 };

/** The items' names in the reader's language (row-actions.ts keeps the English ones its callers compare). */
export const ROW_ACTION_NAMES: Record<RowActionKey, MessageDescriptor> = {
  view: msg`View`,
  edit: msg`Edit`,
  duplicate: msg`Duplicate`,
  cancel: msg`Cancel`,
  delete: msg`Delete`,
};
const VOID_NAME = msg`Void`;

/**
 * The "⋯" menu at the end of a row. Its items follow the spec's rules (row-actions.ts) for the signed-in
 * person's abilities; with no item allowed, there is no menu at all.
 */
export function RowActionMenu({ subject, label, ...handlers }: RowActionHandlers & { subject: SubjectName; label: string }) {
  const { ability, roles } = useAccess();
  const items = rowActionItems(handlers, { subject, ability, roles });
  return (
    <ActionMenu
      label={label}
      items={items.map((item) => ({
        key: item.key,
        label: i18n._(item.label === VOID_LABEL ? VOID_NAME : ROW_ACTION_NAMES[item.key]),
        icon: item.label === VOID_LABEL ? Ban : ROW_ACTION_ICONS[item.key],
        disabled: item.disabled,
        destructive: item.key === 'delete' || item.key === 'cancel',
        onSelect: () => item.run?.(),
      }))}
    />
  );
}
