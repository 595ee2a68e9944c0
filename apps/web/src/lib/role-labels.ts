import { ROLE_NAME_LABELS, type UserDto } from '@hatid/domain';

/** "Staff" for one role, "Rider, Sales agent" for several (the console header shows the person's name and role). */
export function roleLabel(user: Pick<UserDto, 'roles'>): string {
  return user.roles.map((role) => ROLE_NAME_LABELS[role.name] ?? role.name).join(', ');
}
