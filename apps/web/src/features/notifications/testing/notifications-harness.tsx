import type { NotificationDto, NotificationType } from '@hatid/domain';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';

export const USER_ID = 'user-1';

/** Each test starts on a page that can scroll and ends unmounted, with no mock and no last-seen time left over. */
export function resetAroundEachTest() {
  beforeEach(() => {
    window.scrollTo = vi.fn() as never;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
  });
}
const MINUTE = 60_000;

let serial = 0;
/** A notification as GET /notifications/me returns it, `minutesAgo` old. */
export function notification(type: NotificationType, metadata: Record<string, unknown>, minutesAgo: number): NotificationDto {
  serial += 1;
  return {
    id: `n${serial}`,
    type,
    metadata,
    title: 'server title',
    message: 'server message',
    link: null,
    readAt: null,
    createdAt: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
  };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The API as the bell and the list meet it: /users/me is USER_ID, and /notifications/me pages through
 * `all()` (read on every call, so a test can add a notification and fire an event).
 */
export function fakeNotificationsApi(all: () => NotificationDto[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/users/me') {
      return json({ data: { id: USER_ID, name: 'Juan Dela Cruz', firstName: 'Juan', lastName: 'Dela Cruz', roles: [] } });
    }
    if (url.pathname === '/api/notifications/me') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const items = all();
      const totalPages = Math.ceil(items.length / limit);
      return json({
        data: items.slice((page - 1) * limit, page * limit),
        page,
        limit,
        total: items.length,
        totalPages,
        hasNextPage: page < totalPages,
      });
    }
    return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: url.pathname }), { status: 404 });
  });
}

/** Renders `ui` as the page at `/` of a memory router (links need one) with a fresh query cache. */
export function renderInRouter(ui: () => ReactElement) {
  const rootRoute = createRootRoute();
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/', component: ui });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const queryClient = createQueryClient();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { queryClient, router };
}
