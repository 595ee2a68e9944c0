import type { RoleName, UserDto } from '@hatid/domain';

/** How roles read on screen (the console header shows the person's name and role). */
export const ROLE_LABELS: Record<RoleName, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  staff: 'Staff',
  ssp: 'SSP',
  business_admin: 'Business admin',
  business_member: 'Business member',
  service_partner: 'Service partner',
  sales_agent: 'Sales agent',
  consolidator: 'Consolidator',
  rider: 'Rider',
  customer: 'Customer',
};

/** "Staff" for one role, "Rider, Sales agent" for several. */
export function roleLabel(user: Pick<UserDto, 'roles'>): string {
  return user.roles.map((role) => ROLE_LABELS[role.name] ?? role.name).join(', ');
}
