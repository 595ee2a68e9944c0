import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { RouteTitle } from './layout/document-title';
import { GuardedRouteError, PageSpinner } from './layout/route-states';
import { accountRoutes } from './routes/account';
import { bookingRoutes } from './routes/booking';
import { consoleRoutes } from './routes/console';
import { customerRoutes } from './routes/customer';
import { packagesRoutes } from './routes/packages';
import { emailProofRoutes, publicRoutes } from './routes/public';
import { riderRoutes } from './routes/rider';
import { rootRoute } from './routes/root';
import { supportRoutes } from './routes/support';

// Code-based route tree; each page is its own lazily loaded chunk. The console (admin screens, /rider) has
// its own layout and chunks, loaded only by staff-side accounts.
const routeTree = rootRoute.addChildren([
  publicRoutes,
  emailProofRoutes,
  ...customerRoutes,
  ...bookingRoutes,
  ...packagesRoutes,
  ...supportRoutes,
  ...accountRoutes,
  ...consoleRoutes,
  ...riderRoutes,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loader data lives in TanStack Query; the router must not cache it a second time.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: GuardedRouteError,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** `console` (sidebar) or `rider` (the rider app's frame): the route draws its own shell, so the root layout steps aside. */
    shell?: 'console' | 'rider';
    /** The page's name in the document title ("Track a parcel" → "Track a parcel · Hatid"); see document-title.ts. */
    title?: RouteTitle;
  }
}
