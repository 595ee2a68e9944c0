import { msg, t } from '@lingui/core/macro';
import { withMessages } from '../../i18n/catalogues';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { meQueryKey, meQueryOptions } from '../../features/auth';
import { NoAccessError } from '../../lib/no-access';
import { rootRoute, type RouterContext } from './root';

// The rider app (DECISIONS "Console and field routes": /rider, its sign-in at /rider/login): its own full-screen
// frame and its own lazily loaded chunks, made for a phone held in one hand outdoors.

const isRider = (user: { roles: { name: string }[] } | null | undefined) => Boolean(user?.roles.some((r) => r.name === 'rider'));
const currentUser = (context: RouterContext) => context.queryClient.ensureQueryData(meQueryOptions());

const riderLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/rider/login',
  staticData: { title: 'Rider sign-in', shell: 'rider' },
  beforeLoad: async ({ context }) => {
    if (isRider(await currentUser(context))) throw redirect({ to: '/rider', replace: true });
  },
  component: lazyRouteComponent(
    withMessages('riders', () => import('../../features/riders/routes/rider-login-page')),
    'RiderLoginPage',
  ),
});

const riderAppRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'rider-app',
  staticData: { shell: 'rider' },
  beforeLoad: async ({ context }) => {
    // Opened with no signal: the day as last seen on this phone (features/riders/lib/offline-cache.ts).
    if (!navigator.onLine) {
      const { restoreRiderCache } = await import('../../features/riders/lib/offline-cache');
      await restoreRiderCache(context.queryClient);
      if (context.queryClient.getQueryData(meQueryKey) === undefined) throw new Error(t`No signal. Open the rider app again when the signal is back.`);
    }
    const user = await currentUser(context);
    if (!user) throw redirect({ to: '/rider/login' });
    if (!isRider(user)) throw new NoAccessError();
    return { user };
  },
  // The frame's words (shift, outbox, job alerts) are the riders area's, as are its pages'.
  component: lazyRouteComponent(
    withMessages('riders', () => import('../../features/riders/routes/rider-layout')),
    'RiderLayout',
  ),
});

const riderHomeRoute = createRoute({
  getParentRoute: () => riderAppRoute,
  path: '/rider',
  staticData: { title: msg`My pickups and deliveries` },
  component: lazyRouteComponent(
    withMessages('riders', () => import('../../features/riders/routes/rider-home-page')),
    'RiderHomePage',
  ),
});

const riderShipmentRoute = createRoute({
  getParentRoute: () => riderAppRoute,
  path: '/rider/shipments/$trackingNumber',
  staticData: {
    title: ({ params }) => {
      const trackingNumber = params.trackingNumber ?? '';
      return t`Shipment ${trackingNumber}`;
    },
  },
  component: lazyRouteComponent(
    withMessages('riders', () => import('../../features/riders/routes/rider-shipment-page')),
    'RiderShipmentPage',
  ),
});

export const riderRoutes = [riderLoginRoute, riderAppRoute.addChildren([riderHomeRoute, riderShipmentRoute])];
