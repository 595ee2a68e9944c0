import type { AdminUserDto } from '@hatid/domain';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Eye, MoreHorizontal, Pencil, Trash2, Copy, Ban, type LucideIcon } from 'lucide-react';
import { rowActionItems, type RowActionKey } from '../../../components/data-table/row-actions';
import { useAccess } from '../../../lib/ability';
import { cn } from '../../../lib/utils';
import type { UserCommand } from '../api/users';
import { userCommandItems } from '../lib/user-commands';

const ICONS: Record<RowActionKey, LucideIcon> = { view: Eye, edit: Pencil, duplicate: Copy, cancel: Ban, delete: Trash2 };

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100';

/**
 * A user's "⋯" menu: the spec's items for an update handler (View, Edit; Delete never, since users are
 * deactivated rather than deleted, and Edit disabled for ssp), then activate/deactivate, the employee
 * flag and the super admin transfer where allowed.
 */
export function UserRowMenu({
  user,
  selfId,
  onView,
  onUpdate,
  onCommand,
}: {
  user: AdminUserDto;
  selfId: string | undefined;
  onView: () => void;
  onUpdate: () => void;
  onCommand: (command: UserCommand) => void;
}) {
  const { ability, roles } = useAccess();
  const items = rowActionItems({ onView, onUpdate }, { subject: 'User', ability, roles });
  const commands = userCommandItems(user, { ability, selfId });
  if (items.length === 0 && commands.length === 0) return null;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-[state=open]:bg-slate-100"
        aria-label={`Actions for ${user.name}`}
      >
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={4} className="z-50 min-w-[12rem] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {items.map((item) => {
            const Icon = ICONS[item.key];
            return (
              <Menu.Item key={item.key} disabled={item.disabled} onSelect={() => item.run?.()} className={itemClasses}>
                <Icon className="h-4 w-4" aria-hidden="true" />
                {item.label}
              </Menu.Item>
            );
          })}
          {items.length > 0 && commands.length > 0 ? <Menu.Separator className="my-1 h-px bg-slate-100" /> : null}
          {commands.map((item) => (
            <Menu.Item key={item.command} onSelect={() => onCommand(item.command)} className={cn(itemClasses, item.destructive && 'text-red-700')}>
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
