import type { Action, SubjectName } from '@hatid/domain';
import type { Access } from '../../lib/ability';

/**
 * The console's screens and the ability each needs: the one list the navigation and the route guards
 * both read. A screen opens when the person may do any one of its (action, subject) pairs, checked
 * against the domain's CASL rules (product.md §2 "Admin screens, each gated by an ability", §6 roles).
 *
 * The admin screens are gated by `admin_view` on their subject, as the role table grants it. Where the
 * table gives a role working rights on a subject without the admin view, the second pair says so:
 * - dashboard: staff hold `admin_view Shipment` but not `admin_view Dashboard`; the server's dashboard
 *   calls accept either (stats.routes.ts), so the screen does too;
 * - users: staff "create, update and view users" (§6) without the admin view; the pair is `update User`
 *   rather than `view User`, because riders and consolidators view the users on the shipments they handle
 *   but are refused the user lists (the server's users.scope.ts `mayListUsers`: admin view, or staff and
 *   admins) — `update User` is held, among staff-side roles, by exactly staff and admins;
 * - consolidations: consolidators and partners work consolidations (`update`) without the admin view;
 * - couriers: consolidators and service partners read the list (`view`: the carriers they seal
 *   consolidations with and hand parcels to) without keeping it;
 * - shipments: ssp move any shipment's delivery status (`update_delivery_status`) without the admin view;
 *   the server lists shipments for them too (lists.service.ts mayListShipments);
 * - pricing: whoever manages pricing configs; tickets: whoever may update tickets (staff, ssp);
 * - partners: a service partner views its own record there (its shipments, hand-offs, export);
 * - API keys: `manage ApiKey`, held by business admins (their business's keys; the server keeps them to it)
 *   and admins (every key); nobody else (docs/decisions.md "API keys").
 * - webhooks: `view Webhook`, held by business admins and admins (who manage them) and staff (read-only).
 */
export interface Screen {
  id: string;
  path: string;
  label: string;
  /** One line under the title. */
  description: string;
  can: readonly (readonly [Action, SubjectName])[];
}

export const SCREENS = [
  {
    id: 'dashboard',
    path: '/dashboard',
    label: 'Dashboard',
    description: 'Shipments and sales at a glance.',
    can: [
      ['admin_view', 'Dashboard'],
      ['admin_view', 'Shipment'],
    ],
  },
  {
    id: 'shipments',
    path: '/shipments',
    label: 'Shipments',
    description: 'Every shipment you may see, with its status and payment.',
    can: [
      ['admin_view', 'Shipment'],
      ['update_delivery_status', 'Shipment'],
    ],
  },
  { id: 'transactions', path: '/transactions', label: 'Transactions', description: 'Payments received for shipments.', can: [['admin_view', 'Transaction']] },
  {
    id: 'users',
    path: '/users',
    label: 'Users',
    description: 'Accounts, their roles and status.',
    can: [
      ['admin_view', 'User'],
      ['update', 'User'],
    ],
  },
  { id: 'clients', path: '/clients', label: 'Clients', description: 'Customers and businesses we serve.', can: [['admin_view', 'Client']] },
  {
    id: 'partners',
    path: '/partners',
    label: 'Partners',
    description: 'Service partners and the provinces they cover.',
    can: [
      ['admin_view', 'Partner'],
      ['view', 'Partner'],
    ],
  },
  {
    id: 'couriers',
    path: '/couriers',
    label: 'Couriers',
    description: 'Carriers and partners we hand parcels to.',
    can: [
      ['admin_view', 'Courier'],
      ['view', 'Courier'],
    ],
  },
  {
    id: 'consolidations',
    path: '/consolidations',
    label: 'Consolidations',
    description: 'Air cargo groups between airports.',
    can: [
      ['admin_view', 'Consolidation'],
      ['update', 'Consolidation'],
    ],
  },
  { id: 'billings', path: '/billings', label: 'Billings', description: 'Invoice accounts, billings and their payments.', can: [['admin_view', 'Billing']] },
  {
    id: 'cash-collections',
    path: '/cash-collections',
    label: 'Cash collections',
    description: 'Cash riders and partners collected and remitted.',
    can: [['admin_view', 'Collection']],
  },
  { id: 'promo-codes', path: '/promo-codes', label: 'Promo codes', description: 'Discount codes and their usage.', can: [['admin_view', 'PromoCode']] },
  { id: 'pricing', path: '/pricing', label: 'Pricing', description: 'Rates, fees and configuration.', can: [['manage', 'PricingConfig']] },
  { id: 'activity-logs', path: '/activity-logs', label: 'Activity log', description: 'Who changed what, and when.', can: [['admin_view', 'ActivityLog']] },
  { id: 'reports', path: '/reports', label: 'Reports', description: 'Operations and finance reports.', can: [['admin_view', 'Report']] },
  {
    id: 'agent-reports',
    path: '/agent-reports',
    label: 'Agent reports',
    description: 'Sales agents, their customers and commissions.',
    can: [['admin_view', 'AgentReport']],
  },
  {
    id: 'payments',
    path: '/payments',
    label: 'Payments',
    description: 'Payments held for a wrong amount, and the payment options switched on.',
    can: [['manage', 'Shipment']],
  },
  { id: 'tickets', path: '/tickets', label: 'Tickets', description: 'Support tickets from customers.', can: [['update', 'Ticket']] },
  {
    id: 'bulk-bookings',
    path: '/bulk-bookings',
    label: 'Bulk booking',
    description: "Book a customer's spreadsheet of up to 5,000 parcels.",
    can: [['book_for_other_user', 'Shipment']],
  },
  { id: 'api-keys', path: '/api-keys', label: 'API keys', description: 'Keys your systems use to book and track shipments.', can: [['manage', 'ApiKey']] },
  {
    id: 'webhooks',
    path: '/webhooks',
    label: 'Webhooks',
    description: "Where your systems hear your shipments' events, and how each delivery went.",
    can: [['view', 'Webhook']],
  },
] as const satisfies readonly Screen[];

export type ScreenId = (typeof SCREENS)[number]['id'];
export type ScreenPath = (typeof SCREENS)[number]['path'];

export const screenById = (id: ScreenId): (typeof SCREENS)[number] => SCREENS.find((screen) => screen.id === id)!;

/**
 * The console is for staff-side accounts only, and opens by their staff-side roles alone: a customer's table
 * row grants view, create and update on consolidations and update on users (their own), which must open
 * neither operations screen, also for a business owner who is a customer as well.
 */
export function canOpenScreen(access: Access, id: ScreenId): boolean {
  const ability = access.consoleAbility;
  return ability !== null && screenById(id).can.some(([action, subject]) => ability.can(action, subject));
}

/** The screens someone may open, in navigation order. */
export function allowedScreens(access: Access): (typeof SCREENS)[number][] {
  return SCREENS.filter((screen) => canOpenScreen(access, screen.id));
}

/** The rider app (its own issue); riders work there rather than in the admin screens. */
export const RIDER_APP = { path: '/rider', label: 'Rider app' } as const;
export const canUseRiderApp = (access: Access): boolean => access.roles.includes('rider');

/** Screens someone only looks things up on (consolidators read the couriers): never where their day starts. */
const REFERENCE_SCREENS: readonly ScreenId[] = ['couriers'];

/**
 * Where someone lands after signing in: the dashboard for staff and admins, /rider for riders, otherwise
 * the first screen their abilities allow that they work on (a consolidator: consolidations, not the
 * couriers list); a customer (no screen) goes home.
 */
export function landingPath(access: Access): ScreenPath | typeof RIDER_APP.path | '/' {
  const screens = allowedScreens(access);
  if (screens[0]?.id === 'dashboard') return screens[0].path;
  if (canUseRiderApp(access)) return RIDER_APP.path;
  return (screens.find((screen) => !REFERENCE_SCREENS.includes(screen.id)) ?? screens[0])?.path ?? '/';
}

export function canOpenPath(access: Access, path: ScreenPath): boolean {
  const screen = SCREENS.find((s) => s.path === path);
  return screen ? canOpenScreen(access, screen.id) : false;
}
