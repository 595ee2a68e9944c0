import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import type { RoleName } from '@hatid/domain';
import { AccessProvider, accessFor } from '../lib/ability';
import { renderWithProviders } from './render';

/**
 * One console screen at `url`, as someone with `roles` sees it: the screen's route (its address state kept
 * as given) under a console layout, beside the shipment page its links open. Returns the address's
 * search parameters as the screen leaves them.
 */
export function renderConsoleScreen(url: string, path: string, screen: ReactElement, roles: RoleName[] = ['staff']) {
  const rootRoute = createRootRoute();
  const consoleRoute = createRoute({ getParentRoute: () => rootRoute, id: 'console' });
  const screenRoute = createRoute({
    getParentRoute: () => consoleRoute,
    path,
    validateSearch: (raw: Record<string, unknown>) => raw,
    component: () => <AccessProvider access={accessFor({ roles: roles.map((name, id) => ({ id, name })) })}>{screen}</AccessProvider>,
  });
  const shipmentRoute = createRoute({ getParentRoute: () => consoleRoute, path: '/shipments/$trackingNumber' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([consoleRoute.addChildren([screenRoute, shipmentRoute])]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  renderWithProviders(<RouterProvider router={router as never} />);
  return { location: () => new URLSearchParams(router.state.location.searchStr) };
}
