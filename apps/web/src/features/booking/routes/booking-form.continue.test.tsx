import { BOXES, toBoxDisplay } from '@hatid/domain';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { resetDraft } from '../draft/booking-draft';
import { BookingForm } from './booking-form';
import { renderWithProviders } from '../../../testing/render';

// Its own file: the booking rules load once per module graph, and this is about the press before they have.

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  resetDraft();
  window.scrollTo = vi.fn() as never;
  Element.prototype.scrollIntoView = vi.fn();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/boxes')) return json(BOXES.map(toBoxDisplay));
    if (url.startsWith('/api/addresses/covered-provinces')) return json([]);
    return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: url }), { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

it('the first Continue on an untouched form shows every problem and moves to the first one', async () => {
  const rootRoute = createRootRoute();
  const home = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <BookingForm signedIn={false} deliveryType={undefined} onDeliveryTypeChange={() => undefined} />,
  });
  const router = createRouter({ routeTree: rootRoute.addChildren([home]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderWithProviders(<RouterProvider router={router as never} />);
  await userEvent.setup().click(await screen.findByRole('button', { name: /Continue/ }));

  // One press: the messages, the count and the focus on the first field that is wrong.
  expect(await screen.findByText('Add at least one package')).toBeTruthy();
  expect(await screen.findByText(/fields need your attention/)).toBeTruthy();
  const sender = screen.getByRole('group', { name: 'Sender' });
  expect(sender.querySelector('[aria-invalid="true"]')).toBeTruthy();
  await vi.waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
  expect(screen.queryByText('One moment: checking your booking.')).toBeNull();
});
