import type { TicketDto } from '@hatid/domain';
import { RouterProvider, createMemoryHistory, createRootRouteWithContext, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { fakeApi, json } from '../../../testing/fake-api';
import { parseTalkToUsSearch } from '../lib/search';
import { TalkToUsPage } from './talk-to-us-page';
import { renderWithProviders } from '../../../testing/render';

vi.mock('../../../lib/realtime', () => ({ useRealtimeChannel: () => undefined }));

beforeAll(() => {
  window.scrollTo = vi.fn() as never;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as never;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const TICKET: TicketDto = {
  id: '5b0e1c2d-0000-4000-8000-000000000002',
  subject: 'Sirang box',
  description: 'Basa ang box pagdating.',
  status: 'in_progress',
  shipmentId: '7a1f2c3d-0000-4000-8000-000000000001',
  trackingNumber: 'ND123456785PH',
  createdById: 'u1',
  createdByName: 'Ana Cruz',
  assignedToId: 'u9',
  assignedToName: 'Sam Staff',
  resolvedAt: null,
  closedAt: null,
  createdAt: '2026-03-02T02:00:00.000Z',
  updatedAt: '2026-03-02T02:00:00.000Z',
};

const REPLY = {
  id: 'r1',
  ticketId: TICKET.id,
  kind: 'message',
  authorId: 'u9',
  authorName: 'Sam Staff',
  fromSupport: true,
  message: 'Nakita namin ang box sa hub.',
  status: null,
  createdAt: '2026-03-02T03:00:00.000Z',
};

function renderTalkToUs() {
  const rootRoute = createRootRouteWithContext<{ user: { id: string } }>()();
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/talk-to-us', validateSearch: parseTalkToUsSearch, component: TalkToUsPage });
  const shipment = createRoute({ getParentRoute: () => rootRoute, path: '/packages/$trackingNumber' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, shipment]),
    history: createMemoryHistory({ initialEntries: ['/talk-to-us'] }),
    context: { user: { id: 'u1' } },
  });
  renderWithProviders(<RouterProvider router={router as never} />);
}

describe('/talk-to-us in Filipino', () => {
  it('the form, my tickets with their status, and the conversation read in Filipino, with no English sentence left', async () => {
    fakeApi((call) => {
      if (call.path.endsWith('/replies')) return json({ data: [REPLY, { ...REPLY, id: 'r2', kind: 'status', status: 'in_progress', message: null }] });
      if (call.path === '/api/tickets') return json({ data: [TICKET], page: 1, limit: 10, total: 1, totalPages: 1, hasNextPage: false });
      if (call.path === '/api/shipments/me') return json({ data: [], page: 1, limit: 50, total: 0, totalPages: 0 });
      return json({ statusCode: 404, code: 'NOT_FOUND', message: call.path }, 404);
    });
    await activateLanguage('fil');
    renderTalkToUs();

    expect(await screen.findByRole('heading', { name: 'Kausapin kami' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Gumawa ng support ticket' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ipadala ang mensahe' })).toBeTruthy();
    const card = await screen.findByRole('listitem', { name: 'Sirang box' });
    expect(within(card).getByText('Inaasikaso na')).toBeTruthy();
    expect(within(card).getByText(/Inaasikaso ito ni Sam Staff/)).toBeTruthy();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Usapan tungkol sa Sirang box' }));
    expect(await within(card).findByText('Sam Staff · Support team')).toBeTruthy();
    expect(within(card).getByText('Minarkahan ito ni Sam Staff bilang Inaasikaso na')).toBeTruthy();
    expect(within(card).getByText('Sumagot sa aming support team')).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'tickets')).toEqual([]);
  });
});
