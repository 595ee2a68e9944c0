import { subject } from '@casl/ability';
import { ROLE_NAMES, type RoleName } from '../api/users.js';
import type { AppAbility } from './define.js';

/** `canCreateSalesAgentRole` for `sales_agent`, and so on. */
type RoleFlag = `canCreate${string}Role`;
const roleFlagName = (role: RoleName): RoleFlag =>
  `canCreate${role
    .split('_')
    .map((w) => (w === 'ssp' ? 'Ssp' : w[0]!.toUpperCase() + w.slice(1)))
    .join('')}Role`;

export const canCreateRole = (ability: AppAbility, role: RoleName): boolean => ability.can('create_role', subject('Role', { name: role }));

export interface AbilityFlags extends Record<RoleFlag, boolean> {
  canApproveUsers: boolean;
  canDeactivateUsers: boolean;
  canTransferSuperAdmin: boolean;
  canManagePricingConfigs: boolean;
  canManagePromoCodes: boolean;
  canUpdateShipments: boolean;
  canUpdateDeliveryStatus: boolean;
  canAssignPickupRider: boolean;
  canAssignDeliveryRider: boolean;
  canBookForOtherUser: boolean;
  canCancelAnyShipment: boolean;
  canViewAdminShipments: boolean;
  canViewDashboard: boolean;
}

/** Named booleans the screens read instead of repeating action/subject pairs. */
export function deriveFlags(ability: AppAbility): AbilityFlags {
  const roleFlags = Object.fromEntries(ROLE_NAMES.map((r) => [roleFlagName(r), canCreateRole(ability, r)])) as Record<RoleFlag, boolean>;
  return {
    ...roleFlags,
    canApproveUsers: ability.can('activate', 'User'),
    canDeactivateUsers: ability.can('deactivate', 'User'),
    canTransferSuperAdmin: ability.can('super_admin_transfer', 'User'),
    canManagePricingConfigs: ability.can('manage', 'PricingConfig'),
    canManagePromoCodes: ability.can('manage', 'PromoCode'),
    canUpdateShipments: ability.can('update', 'Shipment'),
    canUpdateDeliveryStatus: ability.can('update_delivery_status', 'Shipment'),
    canAssignPickupRider: ability.can('pickup_rider', 'Shipment'),
    canAssignDeliveryRider: ability.can('delivery_rider', 'Shipment'),
    canBookForOtherUser: ability.can('book_for_other_user', 'Shipment'),
    // Staff-level cancellation (DECISIONS.md): anyone who may update every shipment's delivery status.
    canCancelAnyShipment: ability.can('update_delivery_status', 'Shipment'),
    canViewAdminShipments: ability.can('admin_view', 'Shipment'),
    canViewDashboard: ability.can('admin_view', 'Dashboard'),
  };
}
