import type { SubjectName } from '@hatid/domain';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Ban, Copy, Eye, MoreHorizontal, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { useAccess } from '../../lib/ability';
import { cn } from '../../lib/utils';
import { rowActionItems, VOID_LABEL, type RowActionHandlers, type RowActionKey } from './row-actions';

const ICONS: Record<RowActionKey, LucideIcon> = { view: Eye, edit: Pencil, duplicate: Copy, cancel: Ban, delete: Trash2 };

/**
 * The "⋯" menu at the end of a row. Its items follow the spec's rules (row-actions.ts) for the signed-in
 * person's abilities; with no item allowed, there is no menu at all.
 */
export function RowActionMenu({ subject, label, ...handlers }: RowActionHandlers & { subject: SubjectName; label: string }) {
  const { ability, roles } = useAccess();
  const items = rowActionItems(handlers, { subject, ability, roles });
  if (items.length === 0) return null;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-[state=open]:bg-slate-100"
        aria-label={`Actions for ${label}`}
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-[10rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item) => {
            const Icon = item.label === VOID_LABEL ? Ban : ICONS[item.key];
            return (
              <Menu.Item
                key={item.key}
                disabled={item.disabled}
                onSelect={() => item.run?.()}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100',
                  (item.key === 'delete' || item.key === 'cancel') && 'text-red-700',
                )}
              >
                <Icon className="h-4 w-4" aria-hidden="true" />
                {item.label}
              </Menu.Item>
            );
          })}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
