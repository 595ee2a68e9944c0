import { AbilityBuilder, createMongoAbility, type ForcedSubject, type MongoAbility } from '@casl/ability';
import type { RoleName } from '../api/users.js';

export const ACTIONS = [
  'activate',
  'admin_view',
  'book_for_other_user',
  'create',
  'deactivate',
  'delete',
  'manage',
  'super_admin_transfer',
  'update',
  'view',
  'update_delivery_status',
  'delivery_rider',
  'pickup_rider',
  'create_role',
] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'Shipment',
  'ShipmentPackage',
  'Activity',
  'User',
  'Address',
  'Consolidation',
  'Business',
  'Box',
  'Client',
  'Dashboard',
  'AgentReport',
  'Courier',
  'Transaction',
  'Billing',
  'Partner',
  'Role',
  'Ticket',
  'PricingConfig',
  'PromoCode',
  'Review',
  'Notification',
  'Wallet',
  'Collection',
  'ActivityLog',
  'ApiKey',
  'Invoice',
  'Report',
  'Hub',
  'Webhook',
] as const;
export type SubjectName = (typeof SUBJECTS)[number];
/** A role record, so rules can say which role names someone may create or see. */
export type RoleRecord = ForcedSubject<'Role'> & { name: string };
export type Subject = SubjectName | 'all' | RoleRecord;
export type AppAbility = MongoAbility<[Action, Subject]>;

type Builder = AbilityBuilder<AppAbility>;

const CRUD_LITE: Action[] = ['view', 'create', 'update'];

/** One entry per role of product.md §6, written in the table's own order of words. */
const ROLE_RULES: Record<RoleName, (b: Builder) => void> = {
  admin: ({ can }) => can('manage', 'all'),
  super_admin: ({ can }) => can('manage', 'all'),
  customer: ({ can }) => {
    can(['view', 'create'], 'Shipment');
    can(CRUD_LITE, ['User', 'Address', 'Consolidation']);
    can(CRUD_LITE, 'Business');
  },
  business_admin: ({ can }) => {
    can(['view', 'create'], 'Shipment');
    can('admin_view', ['Shipment', 'Dashboard']);
    // DECISIONS "API keys and external sources": a business makes its own keys (the server keeps them to it).
    can('manage', 'ApiKey');
    // Issue 33: a business registers its own webhook endpoints (the server keeps them to it).
    can('manage', 'Webhook');
    // DECISIONS "Billings and invoices": a business on an invoice account reads its own statements
    // and invoices (the server keeps them to its business); staff prepare and settle them.
    can(['view', 'admin_view'], 'Billing');
    can('view', 'Invoice');
  },
  business_member: ({ can }) => {
    can(['view', 'create'], 'Shipment');
    can('admin_view', ['Shipment', 'Dashboard']);
  },
  consolidator: ({ can }) => {
    can('view', ['Box', 'Shipment', 'User', 'Address']);
    can(['update', 'create'], 'Shipment');
    can(CRUD_LITE, 'Consolidation');
    can(['view', 'update'], 'ShipmentPackage');
    // The carriers a consolidation is sealed with (issue 29, item 4): read the list (contacts, codes), never keep it.
    can('view', 'Courier');
    // The table says only "activities": a consolidator records and reads them, never edits history.
    can(['view', 'create'], 'Activity');
  },
  rider: ({ can }) => {
    can(['view', 'update'], 'Shipment');
    can('view', ['User', 'Address']);
    can('create', 'Transaction');
  },
  sales_agent: ({ can }) => {
    can('view', 'Shipment');
    can(['view', 'admin_view'], 'Client');
    can('admin_view', 'AgentReport');
    can('view', 'Address');
  },
  service_partner: ({ can }) => {
    can(['view', 'create'], ['Shipment', 'User']);
    // "consolidations" with no verb: the same working set as the consolidator's, without delete.
    can(CRUD_LITE, 'Consolidation');
    can('view', 'Courier');
    // Its own partner record (provinces, shipments, hand-offs) on the partners screen; the server keeps it to itself.
    can('view', 'Partner');
    can('admin_view', ['Shipment', 'User', 'Dashboard', 'Client']);
    can('create_role', 'Role', { name: { $in: ['rider', 'consolidator', 'sales_agent', 'customer'] } });
  },
  ssp: ({ can }) => {
    can(CRUD_LITE, 'Shipment');
    can(['view', 'create'], 'Transaction');
    can(CRUD_LITE, 'Client');
    // "addresses" with no verb: what is needed to book for someone, without delete.
    can(CRUD_LITE, 'Address');
    can('update_delivery_status', 'Shipment');
    can('admin_view', ['Billing', 'Partner', 'User', 'Courier', 'Role', 'Consolidation']);
    can(['view', 'create', 'update', 'delete'], 'Ticket');
    can('view', 'Role', { name: 'customer' });
    can('create_role', 'Role', { name: { $in: ['customer'] } });
    can('create', 'User');
  },
  staff: ({ can }) => {
    can('manage', 'Shipment');
    can(['update_delivery_status', 'delivery_rider', 'pickup_rider', 'book_for_other_user'], 'Shipment');
    can('manage', 'PricingConfig');
    can(CRUD_LITE, ['User', 'Client', 'Consolidation', 'Transaction']);
    can('view', 'Role');
    can('manage', 'Courier');
    // Drop-off hubs are operations data like couriers: staff keep the list (create, update, deactivate).
    can('manage', 'Hub');
    can('admin_view', ['Shipment', 'Client', 'Consolidation', 'Transaction']);
    // §1: "Staff and administrators manage ... cash collections, tickets, reviews" (the §6 row does not repeat it).
    // §1 also names billings; an invoice is the numbered document issued from one.
    can('manage', ['Ticket', 'Review', 'Collection', 'Billing', 'Invoice']);
    // Issue 33: staff look at businesses' webhooks and their deliveries (to help), read-only.
    can(['view', 'admin_view'], 'Webhook');
  },
};

/**
 * Abilities of a signed-in person: the union of their roles' rows; nobody signed in has none.
 *
 * "Everyone is denied managing and transferring users" cannot be `cannot('manage', 'User')`: in CASL that
 * would also take away viewing and creating users, which the table grants. It is read as: users are
 * never hard-deleted (deactivate instead), and only a super_admin may transfer super-admin rights.
 * The denials are added after every role's grants, so they win over `manage all`.
 */
export function defineAbilityFor(user: { roles: readonly RoleName[] } | null | undefined): AppAbility {
  const builder = new AbilityBuilder<AppAbility>(createMongoAbility);
  const roles = new Set(user?.roles ?? []);
  for (const role of roles) ROLE_RULES[role]?.(builder);
  if (roles.size > 0) {
    builder.cannot('delete', 'User');
    if (!roles.has('super_admin')) builder.cannot('super_admin_transfer', 'User');
  }
  return builder.build();
}

/** Row menus disable Edit and Duplicate for anyone holding the ssp role (product.md §2). */
export function canUseRowEditAndDuplicate(roles: readonly RoleName[]): boolean {
  return !roles.includes('ssp');
}
