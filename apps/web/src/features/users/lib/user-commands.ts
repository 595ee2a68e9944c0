import type { AdminUserDto, AppAbility } from '@hatid/domain';
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
  if (user.status === 'INACTIVE' && ability.can('activate', 'User')) items.push({ command: 'activate', label: 'Activate' });
  if (user.status !== 'INACTIVE' && !self && ability.can('deactivate', 'User')) items.push({ command: 'deactivate', label: 'Deactivate', destructive: true });
  if (ability.can('update', 'User')) {
    items.push(user.isEmployee ? { command: 'unset-employee', label: 'Unmark as employee' } : { command: 'set-employee', label: 'Mark as employee' });
  }
  const holdsSuperAdmin = user.roles.some((role) => role.name === 'super_admin');
  if (!self && !holdsSuperAdmin && user.status === 'ACTIVE' && ability.can('super_admin_transfer', 'User')) {
    items.push({ command: 'transfer', label: 'Transfer super admin', destructive: true });
  }
  return items;
}

/** What each confirmation says. */
export function commandConfirmation(command: UserCommand, user: AdminUserDto): { title: string; description: string; confirm: string; destructive: boolean } {
  switch (command) {
    case 'activate':
      return { title: `Activate ${user.name}?`, description: 'They can sign in again with their roles as they were.', confirm: 'Activate', destructive: false };
    case 'deactivate':
      return {
        title: `Deactivate ${user.name}?`,
        description: 'They are signed out everywhere and cannot sign in. Their account and history stay; you can activate them again.',
        confirm: 'Deactivate',
        destructive: true,
      };
    case 'set-employee':
      return {
        title: `Mark ${user.name} as an employee?`,
        description: 'Employees are listed with the company staff.',
        confirm: 'Mark as employee',
        destructive: false,
      };
    case 'unset-employee':
      return { title: `Unmark ${user.name} as an employee?`, description: 'They keep their account and roles.', confirm: 'Unmark', destructive: false };
    case 'transfer':
      return {
        title: `Transfer super admin to ${user.name}?`,
        description: 'They become the super admin; you stay an admin and cannot take the rights back yourself.',
        confirm: 'Transfer',
        destructive: true,
      };
  }
}
