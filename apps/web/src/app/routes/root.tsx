import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { GuardedRouteError, NotFound } from '../layout/route-states';
import { RootLayout } from '../layout/root-layout';

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  // Also the default of every route: a guard's refusal shows the no-access page, anything else the error.
  errorComponent: GuardedRouteError,
});
