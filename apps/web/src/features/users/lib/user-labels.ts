import type { AdminUserDto, RoleName } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UserTab } from './users-search';

/**
 * The roles, an account's status and the list's tabs in the reader's language (issue 32). The stored values
 * and the domain's English labels (ROLE_NAME_LABELS, for the server's messages) stay as they are.
 * A role's name has the context "role": "Customer" elsewhere is the customer being booked for.
 */
export const ROLE_NAMES_SHOWN: Record<RoleName, MessageDescriptor> = {
  super_admin: msg({ message: 'Super admin', context: 'role' }),
  admin: msg({ message: 'Admin', context: 'role' }),
  staff: msg({ message: 'Staff', context: 'role' }),
  ssp: msg({ message: 'SSP', context: 'role' }),
  business_admin: msg({ message: 'Business admin', context: 'role' }),
  business_member: msg({ message: 'Business member', context: 'role' }),
  service_partner: msg({ message: 'Service partner', context: 'role' }),
  sales_agent: msg({ message: 'Sales agent', context: 'role' }),
  consolidator: msg({ message: 'Consolidator', context: 'role' }),
  rider: msg({ message: 'Rider', context: 'role' }),
  customer: msg({ message: 'Customer', context: 'role' }),
};

export const USER_STATUS_NAMES: Record<AdminUserDto['status'], MessageDescriptor> = {
  ACTIVE: msg`Active`,
  INACTIVE: msg`Inactive`,
  INVITED: msg`Invited`,
};

export const USER_TAB_NAMES: Record<UserTab, MessageDescriptor> = { ...USER_STATUS_NAMES, ALL: msg`All` };

/** The row menu's View and Edit (row-actions.ts keeps the English names its callers compare). */
export const ROW_ITEM_NAMES: Record<'view' | 'edit', MessageDescriptor> = { view: msg`View`, edit: msg`Edit` };
