import { msg } from '@lingui/core/macro';
import { withMessages } from '../../i18n/catalogues';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

// Account and information pages: /notifications, /profile, /referrals, /rates, /prohibited-items, /terms-and-conditions.

/** My notifications (infinite list, live); opening it clears the header bell's badge. */
const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  staticData: { title: msg`Notifications` },
  beforeLoad: requireSignedIn,
  // Reasons of failed and cancelled deliveries are said with the shipments' words.
  component: lazyRouteComponent(
    withMessages(['notifications', 'shipments'], () => import('../../features/notifications/routes/notifications-page')),
    'NotificationsPage',
  ),
});

/** The same profile page as /settings (one component, two addresses). */
const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  staticData: { title: msg`Profile` },
  beforeLoad: requireSignedIn,
  // ?connected=google or ?connectError=<reason> when a "Connect Google" came back (SOCIAL_LOGIN_ERRORS).
  validateSearch: (search: Record<string, unknown>): { connected?: 'google'; connectError?: string } => ({
    ...(search.connected === 'google' ? { connected: 'google' as const } : {}),
    ...(typeof search.connectError === 'string' && /^[a-z_]{1,40}$/.test(search.connectError) ? { connectError: search.connectError } : {}),
  }),
  component: lazyRouteComponent(
    withMessages('auth', () => import('../../features/auth/routes/profile-page')),
    'StandaloneProfilePage',
  ),
});

/** My agent (referral) code and the code I signed up with. */
const referralsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/referrals',
  staticData: { title: msg`Referrals` },
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(
    withMessages('referrals', () => import('../../features/referrals/routes/referrals-page')),
    'ReferralsPage',
  ),
});

// Public information: prices, what we do not carry, the terms. Anyone may read them before signing up.

const ratesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/rates',
  staticData: { title: msg`Rates` },
  component: lazyRouteComponent(
    withMessages('info', () => import('../../features/info/routes/rates-page')),
    'RatesPage',
  ),
});

const prohibitedItemsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/prohibited-items',
  staticData: { title: msg`Prohibited items` },
  component: lazyRouteComponent(
    withMessages('info', () => import('../../features/info/routes/prohibited-items-page')),
    'ProhibitedItemsPage',
  ),
});

const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms-and-conditions',
  staticData: { title: msg`Terms and conditions` },
  component: lazyRouteComponent(
    withMessages('info', () => import('../../features/info/routes/terms-page')),
    'TermsPage',
  ),
});

export const accountRoutes = [notificationsRoute, profileRoute, referralsRoute, ratesRoute, prohibitedItemsRoute, termsRoute];
