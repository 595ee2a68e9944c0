import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { ROLE_NAMES, type RoleName } from '../api/users.js';
import { ACTIONS, SUBJECTS, canUseRowEditAndDuplicate, defineAbilityFor, type Action, type SubjectName } from './define.js';
import { deriveFlags } from './flags.js';

type Grants = Partial<Record<SubjectName, readonly Action[] | 'all'>>;

/** product.md §6, row by row. 'all' = every action on that subject (manage). */
const TABLE: Record<Exclude<RoleName, 'admin' | 'super_admin'>, Grants> = {
  customer: {
    Shipment: ['view', 'create'],
    User: ['view', 'create', 'update'],
    Address: ['view', 'create', 'update'],
    Consolidation: ['view', 'create', 'update'],
    Business: ['view', 'create', 'update'],
  },
  business_admin: {
    Shipment: ['view', 'create', 'admin_view'],
    Dashboard: ['admin_view'],
    ApiKey: 'all',
    Webhook: 'all',
    Billing: ['view', 'admin_view'],
    Invoice: ['view'],
  },
  business_member: { Shipment: ['view', 'create', 'admin_view'], Dashboard: ['admin_view'] },
  consolidator: {
    Box: ['view'],
    Shipment: ['view', 'update', 'create'],
    User: ['view'],
    Address: ['view'],
    Consolidation: ['view', 'update', 'create'],
    ShipmentPackage: ['view', 'update'],
    Courier: ['view'],
    Activity: ['view', 'create'],
  },
  rider: { Shipment: ['view', 'update'], User: ['view'], Address: ['view'], Transaction: ['create'] },
  sales_agent: { Shipment: ['view'], Client: ['view', 'admin_view'], AgentReport: ['admin_view'], Address: ['view'] },
  service_partner: {
    Shipment: ['view', 'create', 'admin_view'],
    User: ['view', 'create', 'admin_view'],
    Consolidation: ['view', 'create', 'update'],
    Courier: ['view'],
    Partner: ['view'],
    Dashboard: ['admin_view'],
    Client: ['admin_view'],
    Role: ['create_role'],
  },
  ssp: {
    Shipment: ['view', 'create', 'update', 'update_delivery_status'],
    Transaction: ['view', 'create'],
    Client: ['view', 'create', 'update'],
    Address: ['view', 'create', 'update'],
    Billing: ['admin_view'],
    Partner: ['admin_view'],
    User: ['admin_view', 'create'],
    Courier: ['admin_view'],
    Role: ['admin_view', 'view', 'create_role'],
    Consolidation: ['admin_view'],
    Ticket: ['view', 'create', 'update', 'delete'],
  },
  staff: {
    Shipment: 'all',
    PricingConfig: 'all',
    Courier: 'all',
    User: ['view', 'create', 'update'],
    Client: ['view', 'create', 'update', 'admin_view'],
    Consolidation: ['view', 'create', 'update', 'admin_view'],
    Transaction: ['view', 'create', 'update', 'admin_view'],
    Role: ['view'],
    // product.md §1: staff manage cash collections, tickets and reviews.
    Ticket: 'all',
    Review: 'all',
    Collection: 'all',
    // §1 "billings"; invoices are issued from them.
    Billing: 'all',
    Invoice: 'all',
    // Drop-off hubs, kept by staff.
    Hub: 'all',
    // Issue 33: businesses' webhooks, read-only.
    Webhook: ['view', 'admin_view'],
  },
};

const expected = (grants: Grants, action: Action, s: SubjectName) => {
  const g = grants[s];
  return g === 'all' || (g?.includes(action) ?? false);
};

describe('role table', () => {
  for (const [role, grants] of Object.entries(TABLE) as [keyof typeof TABLE, Grants][]) {
    it(`${role} gets exactly its row`, () => {
      const ability = defineAbilityFor({ roles: [role] });
      for (const s of SUBJECTS)
        for (const action of ACTIONS) {
          expect([action, s, ability.can(action, s)]).toEqual([action, s, expected(grants, action, s)]);
        }
    });
  }

  it.each(['admin', 'super_admin'] as const)('%s manages everything but never hard-deletes users', (role) => {
    const ability = defineAbilityFor({ roles: [role] });
    for (const s of SUBJECTS)
      for (const action of ACTIONS) {
        const denied = s === 'User' && (action === 'delete' || (action === 'super_admin_transfer' && role === 'admin'));
        expect([action, s, ability.can(action, s)]).toEqual([action, s, !denied]);
      }
  });
});

describe('role creation', () => {
  const creatable = (roles: RoleName[]) => ROLE_NAMES.filter((name) => defineAbilityFor({ roles }).can('create_role', subject('Role', { name })));

  it('lets a service partner create rider, consolidator, sales agent and customer roles only', () => {
    expect(creatable(['service_partner']).sort()).toEqual(['consolidator', 'customer', 'rider', 'sales_agent']);
  });

  it('lets ssp view and create the customer role only', () => {
    const ssp = defineAbilityFor({ roles: ['ssp'] });
    expect(creatable(['ssp'])).toEqual(['customer']);
    expect(ssp.can('view', subject('Role', { name: 'customer' }))).toBe(true);
    expect(ssp.can('view', subject('Role', { name: 'admin' }))).toBe(false);
  });

  it('lets admins create any role', () => {
    expect(creatable(['admin'])).toEqual([...ROLE_NAMES]);
  });
});

describe('sessions and unions', () => {
  it('gives nothing without a session or without roles', () => {
    for (const ability of [defineAbilityFor(null), defineAbilityFor({ roles: [] })]) {
      for (const s of SUBJECTS) for (const action of ACTIONS) expect(ability.can(action, s)).toBe(false);
    }
  });

  it('unites the rows of several roles', () => {
    const both = defineAbilityFor({ roles: ['rider', 'sales_agent'] });
    expect(both.can('create', 'Transaction')).toBe(true); // rider
    expect(both.can('admin_view', 'AgentReport')).toBe(true); // sales agent
    expect(both.can('create', 'Shipment')).toBe(false); // neither
  });

  it('lets only a super admin transfer super-admin rights, even when combined with admin', () => {
    expect(defineAbilityFor({ roles: ['admin'] }).can('super_admin_transfer', 'User')).toBe(false);
    expect(defineAbilityFor({ roles: ['admin', 'super_admin'] }).can('super_admin_transfer', 'User')).toBe(true);
    expect(defineAbilityFor({ roles: ['super_admin'] }).can('delete', 'User')).toBe(false);
    expect(defineAbilityFor({ roles: ['super_admin'] }).can('deactivate', 'User')).toBe(true);
  });

  it('disables row Edit and Duplicate for anyone with the ssp role', () => {
    expect(canUseRowEditAndDuplicate(['ssp', 'staff'])).toBe(false);
    expect(canUseRowEditAndDuplicate(['staff'])).toBe(true);
  });
});

describe('derived flags', () => {
  it('reads the flags screens use from the ability', () => {
    const staff = deriveFlags(defineAbilityFor({ roles: ['staff'] }));
    expect(staff).toMatchObject({
      canManagePricingConfigs: true,
      canUpdateShipments: true,
      canBookForOtherUser: true,
      canUpdateDeliveryStatus: true,
      canAssignPickupRider: true,
      canApproveUsers: false,
      canCreateAdminRole: false,
    });
    const partner = deriveFlags(defineAbilityFor({ roles: ['service_partner'] }));
    expect(partner).toMatchObject({ canCreateRiderRole: true, canCreateSalesAgentRole: true, canCreateAdminRole: false, canManagePricingConfigs: false });
    const admin = deriveFlags(defineAbilityFor({ roles: ['admin'] }));
    expect(admin).toMatchObject({
      canApproveUsers: true,
      canCreateAdminRole: true,
      canCreateSuperAdminRole: true,
      canCreateSspRole: true,
      canTransferSuperAdmin: false,
    });
    expect(Object.values(deriveFlags(defineAbilityFor(null))).every((v) => v === false)).toBe(true);
  });
});
