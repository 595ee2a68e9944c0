import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { PageSpinner } from './layout/route-states';
import { accountRoutes } from './routes/account';
import { bookingRoutes } from './routes/booking';
import { customerRoutes } from './routes/customer';
import { packagesRoutes } from './routes/packages';
import { publicRoutes } from './routes/public';
import { rootRoute } from './routes/root';
import { supportRoutes } from './routes/support';

// Code-based route tree; each page is its own lazily loaded chunk. Admin and rider trees join here later.
const routeTree = rootRoute.addChildren([
  publicRoutes,
  ...customerRoutes,
  ...bookingRoutes,
  ...packagesRoutes,
  ...supportRoutes,
  ...accountRoutes,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loader data lives in TanStack Query; the router must not cache it a second time.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
