import type { Action, SubjectName } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
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
  /** The screen's name in the navigation and its title: say it with `i18n._(screen.label)`. */
  label: MessageDescriptor;
  /**
   * One line under the title, ready to render in the reader's language (the `console` catalogue, loaded with the
   * console's layout): a node rather than a message, so every screen can pass it to its header as it is.
   */
  description: ReactNode;
  can: readonly (readonly [Action, SubjectName])[];
}

export const SCREENS = [
  {
    id: 'dashboard',
    path: '/dashboard',
    label: msg`Dashboard`,
    description: <Trans>Shipments and sales at a glance.</Trans>,
    can: [
      ['admin_view', 'Dashboard'],
      ['admin_view', 'Shipment'],
    ],
  },
  {
    id: 'shipments',
    path: '/shipments',
    label: msg`Shipments`,
    description: <Trans>Every shipment you may see, with its status and payment.</Trans>,
    can: [
      ['admin_view', 'Shipment'],
      ['update_delivery_status', 'Shipment'],
    ],
  },
  {
    id: 'transactions',
    path: '/transactions',
    label: msg`Transactions`,
    description: <Trans>Payments received for shipments.</Trans>,
    can: [['admin_view', 'Transaction']],
  },
  {
    id: 'users',
    path: '/users',
    label: msg`Users`,
    description: <Trans>Accounts, their roles and status.</Trans>,
    can: [
      ['admin_view', 'User'],
      ['update', 'User'],
    ],
  },
  { id: 'clients', path: '/clients', label: msg`Clients`, description: <Trans>Customers and businesses we serve.</Trans>, can: [['admin_view', 'Client']] },
  {
    id: 'partners',
    path: '/partners',
    label: msg`Partners`,
    description: <Trans>Service partners and the provinces they cover.</Trans>,
    can: [
      ['admin_view', 'Partner'],
      ['view', 'Partner'],
    ],
  },
  {
    id: 'couriers',
    path: '/couriers',
    label: msg`Couriers`,
    description: <Trans>Carriers and partners we hand parcels to.</Trans>,
    can: [
      ['admin_view', 'Courier'],
      ['view', 'Courier'],
    ],
  },
  {
    id: 'consolidations',
    path: '/consolidations',
    label: msg`Consolidations`,
    description: <Trans>Air cargo groups between airports.</Trans>,
    can: [
      ['admin_view', 'Consolidation'],
      ['update', 'Consolidation'],
    ],
  },
  {
    id: 'billings',
    path: '/billings',
    label: msg`Billings`,
    description: <Trans>Invoice accounts, billings and their payments.</Trans>,
    can: [['admin_view', 'Billing']],
  },
  {
    id: 'cash-collections',
    path: '/cash-collections',
    label: msg`Cash collections`,
    description: <Trans>Cash riders and partners collected and remitted.</Trans>,
    can: [['admin_view', 'Collection']],
  },
  {
    id: 'promo-codes',
    path: '/promo-codes',
    label: msg`Promo codes`,
    description: <Trans>Discount codes and their usage.</Trans>,
    can: [['admin_view', 'PromoCode']],
  },
  { id: 'pricing', path: '/pricing', label: msg`Pricing`, description: <Trans>Rates, fees and configuration.</Trans>, can: [['manage', 'PricingConfig']] },
  {
    id: 'activity-logs',
    path: '/activity-logs',
    label: msg`Activity log`,
    description: <Trans>Who changed what, and when.</Trans>,
    can: [['admin_view', 'ActivityLog']],
  },
  { id: 'reports', path: '/reports', label: msg`Reports`, description: <Trans>Operations and finance reports.</Trans>, can: [['admin_view', 'Report']] },
  {
    id: 'agent-reports',
    path: '/agent-reports',
    label: msg`Agent reports`,
    description: <Trans>Sales agents, their customers and commissions.</Trans>,
    can: [['admin_view', 'AgentReport']],
  },
  {
    id: 'payments',
    path: '/payments',
    label: msg`Payments`,
    description: <Trans>Payments held for a wrong amount, and the payment options switched on.</Trans>,
    can: [['manage', 'Shipment']],
  },
  { id: 'tickets', path: '/tickets', label: msg`Tickets`, description: <Trans>Support tickets from customers.</Trans>, can: [['update', 'Ticket']] },
  {
    id: 'bulk-bookings',
    path: '/bulk-bookings',
    label: msg`Bulk booking`,
    description: <Trans>Book a customer's spreadsheet of up to 5,000 parcels.</Trans>,
    can: [['book_for_other_user', 'Shipment']],
  },
  {
    id: 'api-keys',
    path: '/api-keys',
    label: msg`API keys`,
    description: <Trans>Keys your systems use to book and track shipments.</Trans>,
    can: [['manage', 'ApiKey']],
  },
  {
    id: 'webhooks',
    path: '/webhooks',
    label: msg`Webhooks`,
    description: <Trans>Where your systems hear your shipments' events, and how each delivery went.</Trans>,
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
export const RIDER_APP = { path: '/rider', label: msg`Rider app` } as const;
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
