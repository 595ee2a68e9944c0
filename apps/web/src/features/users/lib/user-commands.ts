import type { AdminUserDto, AppAbility } from '@hatid/domain';
import { t } from '@lingui/core/macro';
import type { UserCommand } from '../api/users';

/**
 * The users screen's own row items, beside the spec's View and Edit: each only where the person's
 * abilities allow it and the account's state makes it meaningful (the server checks both again).
 */
export interface UserCommandItem {
  command: UserCommand;
  label: string;
  destructive?: boolean;
}

export function userCommandItems(user: AdminUserDto, context: { ability: AppAbility; selfId: string | undefined }): UserCommandItem[] {
  const { ability, selfId } = context;
  const self = user.id === selfId;
  const items: UserCommandItem[] = [];
  if (user.status === 'INACTIVE' && ability.can('activate', 'User')) items.push({ command: 'activate', label: t`Activate` });
  if (user.status !== 'INACTIVE' && !self && ability.can('deactivate', 'User')) items.push({ command: 'deactivate', label: t`Deactivate`, destructive: true });
  if (ability.can('update', 'User')) {
    items.push(user.isEmployee ? { command: 'unset-employee', label: t`Unmark as employee` } : { command: 'set-employee', label: t`Mark as employee` });
  }
  const holdsSuperAdmin = user.roles.some((role) => role.name === 'super_admin');
  if (!self && !holdsSuperAdmin && user.status === 'ACTIVE' && ability.can('super_admin_transfer', 'User')) {
    items.push({ command: 'transfer', label: t`Transfer super admin`, destructive: true });
  }
  return items;
}

/** What each confirmation says, in the reader's language. */
export function commandConfirmation(command: UserCommand, user: AdminUserDto): { title: string; description: string; confirm: string; destructive: boolean } {
  const name = user.name;
  switch (command) {
    case 'activate':
      return { title: t`Activate ${name}?`, description: t`They can sign in again with their roles as they were.`, confirm: t`Activate`, destructive: false };
    case 'deactivate':
      return {
        title: t`Deactivate ${name}?`,
        description: t`They are signed out everywhere and cannot sign in. Their account and history stay; you can activate them again.`,
        confirm: t`Deactivate`,
        destructive: true,
      };
    case 'set-employee':
      return {
        title: t`Mark ${name} as an employee?`,
        description: t`Employees are listed with the company staff.`,
        confirm: t`Mark as employee`,
        destructive: false,
      };
    case 'unset-employee':
      return { title: t`Unmark ${name} as an employee?`, description: t`They keep their account and roles.`, confirm: t`Unmark`, destructive: false };
    case 'transfer':
      return {
        title: t`Transfer super admin to ${name}?`,
        description: t`They become the super admin; you stay an admin and cannot take the rights back yourself.`,
        confirm: t`Transfer`,
        destructive: true,
      };
  }
}
