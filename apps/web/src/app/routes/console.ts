import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { withMessages } from '../../i18n/catalogues';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { ConsoleAccess } from '../../features/console/access';
import type { TableSearch } from '../../components/data-table/table-search';
import type { ScreenPath } from '../../features/console/screens';
import type { AdminShipmentsSearch } from '../../features/shipments/lib/admin-list-search';
import { NoAccessError } from '../../lib/no-access';
import { isStaffSide } from '../../lib/roles';
import { requireSignedIn } from './guards';
import { rootRoute, type RouterContext } from './root';

// The back-office console: its own layout (sidebar, drawer on phones) and its own lazily loaded chunks,
// opened only by staff-side accounts. The CASL rules load here too, never on a customer's first visit.

const loadAccess = async (context: RouterContext) => {
  const { user } = await requireSignedIn({ context });
  const { consoleAccess } = await import('../../features/console/access');
  return { user, ...consoleAccess(user) };
};

/** After signing in (and on /login when signed in): the screen where this person works. */
const startRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/start',
  staticData: { title: 'Opening your home page' },
  beforeLoad: async ({ context }) => {
    const { user } = await requireSignedIn({ context });
    if (!isStaffSide(user)) throw redirect({ to: '/', replace: true });
    const { landing } = await loadAccess(context);
    throw redirect({ to: landing, replace: true });
  },
});

const consoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  staticData: { shell: 'console' },
  beforeLoad: async ({ context }) => {
    const { user } = await requireSignedIn({ context });
    // A customer never gets the console, whatever the URL: the no-access page in the customer layout.
    if (!isStaffSide(user)) throw new NoAccessError();
    return loadAccess(context);
  },
  // The `console` catalogue (the navigation, every screen's description, the shared save messages) loads with the shell.
  component: lazyRouteComponent(
    withMessages('console', () => import('../layout/console-layout')),
    'ConsoleLayout',
  ),
});

/** Opens only for someone whose abilities allow the screen (screens.ts); others see the no-access page. */
const guardScreen =
  (path: ScreenPath) =>
  ({ context }: { context: Pick<ConsoleAccess, 'canOpen'> }) => {
    if (!context.canOpen(path)) throw new NoAccessError();
  };

export interface DashboardSearch {
  /** The sales figures' time range (product.md §3); absent: this month. */
  range?: string;
}

/**
 * The address's values as they came (strings and numbers only): each page reads them strictly with its
 * own parser (e.g. admin-list-search.ts), which loads with the page instead of with every first visit.
 */
const plainSearch = <T>(search: Record<string, unknown>): T =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => typeof value === 'string' || typeof value === 'number')) as T;

const dashboardRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/dashboard',
  staticData: { title: msg`Dashboard` },
  beforeLoad: guardScreen('/dashboard'),
  validateSearch: plainSearch<DashboardSearch>,
  component: lazyRouteComponent(
    withMessages('dashboard', () => import('../../features/dashboard/routes/dashboard-page')),
    'DashboardPage',
  ),
});

/** Every shipment the person may see; page, size, search, filters and tab live in the address. */
const shipmentsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/shipments',
  staticData: { title: msg`Shipments` },
  beforeLoad: guardScreen('/shipments'),
  validateSearch: plainSearch<AdminShipmentsSearch>,
  component: lazyRouteComponent(
    // The book-for-customer dialog's customer picker is the users area's.
    withMessages(['shipments', 'users'], () => import('../../features/shipments/routes/admin-shipments-page')),
    'AdminShipmentsPage',
  ),
});

const shipmentDetailRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/shipments/$trackingNumber',
  staticData: { title: ({ params }) => i18n._(msg`Shipment ${params.trackingNumber ?? ''}`) },
  beforeLoad: guardScreen('/shipments'),
  component: lazyRouteComponent(
    withMessages('shipments', () => import('../../features/shipments/routes/admin-shipment-detail-page')),
    'AdminShipmentDetailPage',
  ),
});

/** Promo codes: the data table over GET /promo-codes (page, size and search in the address), add, edit, view. */
/** Payments: flagged payments (staff) and the remote payment flags (admins switch them). */
const paymentsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/payments',
  staticData: { title: msg`Payments` },
  beforeLoad: guardScreen('/payments'),
  component: lazyRouteComponent(
    withMessages('wallet', () => import('../../features/wallet/routes/payments-console-page')),
    'PaymentsConsolePage',
  ),
});

const promoCodesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/promo-codes',
  staticData: { title: 'Promo codes' },
  beforeLoad: guardScreen('/promo-codes'),
  validateSearch: plainSearch<TableSearch>,
  component: lazyRouteComponent(
    withMessages(['promo-codes', 'shipments'], () => import('../../features/promo-codes/routes/promo-codes-page')),
    'PromoCodesPage',
  ),
});

/**
 * Transactions: the payments desk over GET /transaction (every payment, or the shipments without one),
 * with page, size, search, payment type, status, dates and tab in the address.
 */
const transactionsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/transactions',
  staticData: { title: msg`Transactions` },
  beforeLoad: guardScreen('/transactions'),
  validateSearch: plainSearch<TableSearch & { paymentType?: string; transactionStatus?: string; startDate?: string; endDate?: string }>,
  component: lazyRouteComponent(
    withMessages(['transactions', 'shipments'], () => import('../../features/transactions/routes/transactions-page')),
    'TransactionsPage',
  ),
});

/**
 * Cash collections: the hand-overs of cash riders and partners collected (GET /collections) with the cash
 * still outstanding above them; page, size, search, status tab, source, who, province and dates in the address.
 */
const cashCollectionsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/cash-collections',
  staticData: { title: 'Cash collections' },
  beforeLoad: guardScreen('/cash-collections'),
  validateSearch: plainSearch<TableSearch & { source?: string; partner?: string; location?: string; startDate?: string; endDate?: string }>,
  component: lazyRouteComponent(
    withMessages(['collections', 'shipments'], () => import('../../features/collections/routes/collections-page')),
    'CashCollectionsPage',
  ),
});

/**
 * Billings: receivable and payable billings (GET /billings) with status tabs and counts; page, size, search,
 * status tab, type, biller, customer and province in the address.
 */
const billingsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/billings',
  staticData: { title: 'Billings' },
  beforeLoad: guardScreen('/billings'),
  validateSearch: plainSearch<TableSearch & { type?: string; biller?: string; customer?: string; location?: string }>,
  // The status badges and tabs are the collections area's (one table for both); payment statuses the shipments'.
  component: lazyRouteComponent(
    withMessages(['billings', 'collections', 'shipments'], () => import('../../features/billings/routes/billings-page')),
    'BillingsPage',
  ),
});

/**
 * Tickets: the support tickets (GET /tickets) with status tabs and counts, the assignee filter and paging
 * in the address; view, edit (status, assignee) and delete.
 */
const ticketsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/tickets',
  staticData: { title: msg`Tickets` },
  beforeLoad: guardScreen('/tickets'),
  validateSearch: plainSearch<TableSearch & { assignee?: string }>,
  component: lazyRouteComponent(
    withMessages(['tickets', 'shipments'], () => import('../../features/tickets/routes/tickets-page')),
    'TicketsPage',
  ),
});

/**
 * API keys: a business's keys for its own systems (GET /api-keys) with status tabs and counts; page, size,
 * search and tab in the address. Business admins make, change and revoke their business's keys; admins
 * change and revoke every key.
 */
const apiKeysRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/api-keys',
  staticData: { title: msg`API keys` },
  beforeLoad: guardScreen('/api-keys'),
  validateSearch: plainSearch<TableSearch>,
  component: lazyRouteComponent(
    withMessages(['api-keys', 'shipments'], () => import('../../features/api-keys/routes/api-keys-page')),
    'ApiKeysPage',
  ),
});

/** Bulk booking (issue 33): staff book a customer's spreadsheet of up to 5,000 parcels. */
const bulkBookingsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/bulk-bookings',
  staticData: { title: msg`Bulk booking` },
  beforeLoad: guardScreen('/bulk-bookings'),
  // The customer picker is the users area's.
  component: lazyRouteComponent(
    withMessages(['bulk-bookings', 'users'], () => import('../../features/bulk-bookings/routes/bulk-booking-page')),
    'ConsoleBulkBookingPage',
  ),
});

/**
 * Webhooks: a business's endpoints (GET /webhooks/endpoints) with status tabs and counts, and each one's
 * deliveries. Business admins and admins manage them; staff look.
 */
const webhooksRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/webhooks',
  staticData: { title: msg`Webhooks` },
  beforeLoad: guardScreen('/webhooks'),
  validateSearch: plainSearch<TableSearch>,
  component: lazyRouteComponent(
    withMessages(['webhooks', 'shipments'], () => import('../../features/webhooks/routes/webhooks-page')),
    'WebhooksPage',
  ),
});

/** The pricing configuration in force, and its editor. */
const pricingRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/pricing',
  staticData: { title: msg`Pricing` },
  beforeLoad: guardScreen('/pricing'),
  component: lazyRouteComponent(
    withMessages('pricing', () => import('../../features/pricing/routes/pricing-page')),
    'PricingPage',
  ),
});

/** Users: GET /users with status tabs and counts, search, role filter and paging in the address. */
const usersRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/users',
  staticData: { title: msg`Users` },
  beforeLoad: guardScreen('/users'),
  validateSearch: plainSearch<TableSearch & { roleId?: number; role?: string }>,
  component: lazyRouteComponent(
    withMessages(['users', 'shipments'], () => import('../../features/users/routes/users-page')),
    'UsersPage',
  ),
});

/** Clients: the businesses list, add, view and edit (account manager, invoice settings, members). */
const clientsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/clients',
  staticData: { title: 'Clients' },
  beforeLoad: guardScreen('/clients'),
  validateSearch: plainSearch<TableSearch>,
  component: lazyRouteComponent(
    // The owner and member pickers' customer search is the users area's.
    withMessages(['businesses', 'shipments', 'users'], () => import('../../features/businesses/routes/businesses-page')),
    'ClientsPage',
  ),
});

/** The activity log: GET /activities/global with search, category, date range and paging in the address. */
const activityLogsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/activity-logs',
  staticData: { title: msg`Activity log` },
  beforeLoad: guardScreen('/activity-logs'),
  validateSearch: plainSearch<TableSearch & { category?: string; startDate?: string; endDate?: string }>,
  component: lazyRouteComponent(
    withMessages(['activities', 'shipments'], () => import('../../features/activities/routes/activities-page')),
    'ActivityLogPage',
  ),
});

/** Reports: sales by period, delivery type and province (period and dates in the address), with a CSV. */
const reportsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/reports',
  staticData: { title: msg`Reports` },
  beforeLoad: guardScreen('/reports'),
  validateSearch: plainSearch<{ period?: string; startDate?: string; endDate?: string }>,
  component: lazyRouteComponent(
    withMessages(['reports', 'shipments'], () => import('../../features/reports/routes/reports-page')),
    'ReportsPage',
  ),
});

/** Agent reports: a sales agent's customers, deliveries and commission (agent, period and dates in the address). */
const agentReportsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/agent-reports',
  staticData: { title: msg`Agent reports` },
  beforeLoad: guardScreen('/agent-reports'),
  validateSearch: plainSearch<{ agentCode?: string; period?: string; startDate?: string; endDate?: string }>,
  component: lazyRouteComponent(
    withMessages(['agent-reports', 'shipments'], () => import('../../features/agent-reports/routes/agent-reports-page')),
    'AgentReportsPage',
  ),
});

/** Partners: the service partners (search and paging in the address). */
const partnersRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/partners',
  staticData: { title: 'Partners' },
  beforeLoad: guardScreen('/partners'),
  validateSearch: plainSearch<TableSearch>,
  component: lazyRouteComponent(
    withMessages(['partners', 'shipments'], () => import('../../features/partners/routes/partners-page')),
    'PartnersPage',
  ),
});

/** One partner: its provinces (retrieval fee, intra-city) and its shipments (paging in the address). */
const partnerDetailRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/partners/$partnerId',
  staticData: { title: 'Partner' },
  beforeLoad: guardScreen('/partners'),
  validateSearch: plainSearch<TableSearch>,
  component: lazyRouteComponent(
    withMessages(['partners', 'shipments'], () => import('../../features/partners/routes/partner-detail-page')),
    'PartnerDetailPage',
  ),
});

/** Couriers: GET /couriers with status tabs, type and category filters; add, edit, view, delete, (de)activate. */
const couriersRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/couriers',
  staticData: { title: msg`Couriers` },
  beforeLoad: guardScreen('/couriers'),
  validateSearch: plainSearch<TableSearch & { type?: string; category?: string }>,
  component: lazyRouteComponent(
    withMessages(['couriers', 'shipments'], () => import('../../features/couriers/routes/couriers-page')),
    'CouriersPage',
  ),
});

/** Consolidations (air cargo): the list with status tabs, new and automated consolidation. */
const consolidationsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/consolidations',
  staticData: { title: msg`Consolidations` },
  beforeLoad: guardScreen('/consolidations'),
  validateSearch: plainSearch<TableSearch>,
  component: lazyRouteComponent(
    withMessages(['consolidations', 'shipments'], () => import('../../features/consolidations/routes/consolidations-page')),
    'ConsolidationsPage',
  ),
});

/** One consolidation by its tag: scan shipments in, carrier and MAWB, transport details, life cycle, manifest. */
const consolidationDetailRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/consolidations/$tag',
  staticData: { title: ({ params }) => i18n._(msg`Consolidation ${params.tag ?? ''}`) },
  beforeLoad: guardScreen('/consolidations'),
  component: lazyRouteComponent(
    withMessages(['consolidations', 'shipments'], () => import('../../features/consolidations/routes/consolidation-detail-page')),
    'ConsolidationDetailPage',
  ),
});

export const consoleRoutes = [
  startRoute,
  consoleRoute.addChildren([
    dashboardRoute,
    shipmentsRoute,
    shipmentDetailRoute,
    promoCodesRoute,
    paymentsRoute,
    transactionsRoute,
    cashCollectionsRoute,
    billingsRoute,
    ticketsRoute,
    apiKeysRoute,
    bulkBookingsRoute,
    webhooksRoute,
    pricingRoute,
    usersRoute,
    clientsRoute,
    activityLogsRoute,
    reportsRoute,
    agentReportsRoute,
    partnersRoute,
    partnerDetailRoute,
    couriersRoute,
    consolidationsRoute,
    consolidationDetailRoute,
  ]),
];
