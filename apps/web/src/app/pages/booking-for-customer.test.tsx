import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { renderWithProviders } from '../../testing/render';
import { BookingForCustomer } from './booking-for-customer';

afterEach(cleanup);

/** The booking page's banner while staff book in a customer's name, with the console's list its links lead to. */
function renderBanner() {
  const rootRoute = createRootRoute();
  const home = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <BookingForCustomer customer={{ id: 'c1', name: 'Rosa Mendoza', businessId: null, invoiceAccountName: null }} />,
  });
  const shipments = createRoute({ getParentRoute: () => rootRoute, path: '/shipments' });
  const router = createRouter({ routeTree: rootRoute.addChildren([home, shipments]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderWithProviders(<RouterProvider router={router as never} />);
}

describe('booking for a customer in Filipino', () => {
  it('says whose booking it is and the ways out in Filipino, with no English sentence left', async () => {
    await activateLanguage('fil');
    renderBanner();
    expect(await screen.findByRole('heading', { name: 'Nagbu-book para kay Rosa Mendoza' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pumili ng ibang customer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Itigil ang pag-book' })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'app')).toEqual([]);
  });
});
