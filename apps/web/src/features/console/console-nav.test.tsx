import { ROLE_NAMES, type RoleName, type UserDto } from '@hatid/domain';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithI18n as render } from '../../testing/render';
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { accessFor } from '../../lib/ability';
import { ConsoleNav } from './components/console-nav';
import { canOpenScreen, landingPath, SCREENS } from './screens';
import { userDto } from '../../testing/users';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';

afterEach(cleanup);

const ALL = SCREENS.map((s) => i18n._(s.label));

/** What each role's navigation shows: the screens product.md §6 gives it (see screens.ts for the pairs). */
const EXPECTED: Record<RoleName, string[]> = {
  super_admin: ALL,
  admin: ALL,
  staff: [
    'Dashboard',
    'Shipments',
    'Transactions',
    'Users',
    'Clients',
    'Couriers',
    'Consolidations',
    'Billings',
    'Cash collections',
    'Pricing',
    'Payments',
    'Tickets',
    'Bulk booking',
    'Webhooks',
  ],
  ssp: ['Shipments', 'Users', 'Partners', 'Couriers', 'Consolidations', 'Billings', 'Tickets'],
  business_admin: ['Dashboard', 'Shipments', 'Billings', 'API keys', 'Webhooks'],
  business_member: ['Dashboard', 'Shipments'],
  service_partner: ['Dashboard', 'Shipments', 'Users', 'Clients', 'Partners', 'Couriers', 'Consolidations'],
  sales_agent: ['Clients', 'Agent reports'],
  consolidator: ['Couriers', 'Consolidations'],
  rider: ['Rider app'],
  customer: [],
};

const LANDING: Record<RoleName, string> = {
  super_admin: '/dashboard',
  admin: '/dashboard',
  staff: '/dashboard',
  business_admin: '/dashboard',
  business_member: '/dashboard',
  service_partner: '/dashboard',
  ssp: '/shipments',
  sales_agent: '/clients',
  consolidator: '/consolidations',
  rider: '/rider',
  customer: '/',
};

const userWith = (roles: RoleName[]): UserDto =>
  userDto({
    firstName: 'Ana',
    lastName: 'Cruz',
    name: 'Ana Cruz',
    mobileNumber: null,
    isEmployee: true,
    roles: roles.map((name, id) => ({ id, name })),
    createdAt: '2026-01-01T00:00:00.000Z',
  });

function renderNav(roles: RoleName[]) {
  const user = userWith(roles);
  const rootRoute = createRootRoute({ component: () => <ConsoleNav access={accessFor(user)} user={user} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router as never} />);
}

describe('console navigation by role', () => {
  it.each(ROLE_NAMES)('%s sees exactly the screens its abilities allow', async (role) => {
    renderNav([role]);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .queryAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(EXPECTED[role]);
  });

  it.each(ROLE_NAMES)('%s lands where it works after signing in', (role) => {
    expect(landingPath(accessFor(userWith([role])))).toBe(LANDING[role]);
  });

  it('unites the screens of several roles', async () => {
    renderNav(['sales_agent', 'consolidator']);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .queryAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Clients', 'Couriers', 'Consolidations', 'Agent reports']);
  });

  it('shows a business owner who is also a customer (Add business, business sign-up) the business admin screens only', async () => {
    renderNav(['business_admin', 'customer']);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .queryAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(EXPECTED.business_admin);
    const access = accessFor(userWith(['business_admin', 'customer']));
    expect(canOpenScreen(access, 'users')).toBe(false);
    expect(canOpenScreen(access, 'consolidations')).toBe(false);
    expect(landingPath(access)).toBe('/dashboard');
  });

  it('offers the customer booking form and the wallet only to those who book for themselves', async () => {
    for (const role of ['business_admin', 'business_member'] as const) {
      renderNav([role]);
      const account = await screen.findByRole('navigation', { name: 'My account' });
      expect(within(account).getByRole('link', { name: 'Book a shipment' })).toBeTruthy();
      expect(within(account).getByRole('link', { name: 'Wallet' }).getAttribute('href')).toBe('/wallet');
      cleanup();
    }
    for (const role of ['rider', 'consolidator', 'sales_agent', 'staff', 'ssp', 'service_partner'] as const) {
      renderNav([role]);
      const nav = await screen.findByRole('navigation', { name: 'My account' });
      expect(within(nav).queryByRole('link', { name: 'Book a shipment' })).toBeNull();
      expect(within(nav).queryByRole('link', { name: 'Wallet' })).toBeNull();
      cleanup();
    }
  });

  it('gates the route guards with the same list the navigation reads', () => {
    for (const role of ROLE_NAMES) {
      const access = accessFor(userWith([role]));
      const open = SCREENS.filter((s) => canOpenScreen(access, s.id)).map((s) => i18n._(s.label));
      expect(open).toEqual(EXPECTED[role].filter((label) => label !== 'Rider app'));
    }
  });
});

describe('the console navigation in Filipino', () => {
  it("names every screen and the person's own pages in Filipino, with no English sentence left", async () => {
    await activateLanguage('fil');
    renderNav(['admin']);
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Mga padala' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Log ng aktibidad' })).toBeTruthy();
    const account = screen.getByRole('navigation', { name: 'Aking account' });
    expect(within(account).getByRole('link', { name: 'I-track ang parcel' })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'console', 'app')).toEqual([]);
  });
});
