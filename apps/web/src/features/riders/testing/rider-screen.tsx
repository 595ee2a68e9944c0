import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '../../../app/query-client';

/** A rider-app screen at `url` (route `path`), beside the pages its links open (/rider, a shipment), in the active language. */
export function renderRiderScreen(url: string, path: string, screen: () => ReactElement) {
  const rootRoute = createRootRoute();
  const screenRoute = createRoute({ getParentRoute: () => rootRoute, path, component: screen });
  const others = ['/rider', '/rider/shipments/$trackingNumber'].filter((p) => p !== path).map((p) => createRoute({ getParentRoute: () => rootRoute, path: p }));
  const router = createRouter({ routeTree: rootRoute.addChildren([screenRoute, ...others]), history: createMemoryHistory({ initialEntries: [url] }) });
  const queryClient = createQueryClient();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { router, queryClient };
}
