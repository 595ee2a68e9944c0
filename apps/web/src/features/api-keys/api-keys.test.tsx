import { defineAbilityFor, type ApiKeyDto, type CreatedApiKeyDto, type RoleName } from '@hatid/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GuardedRouteError } from '../../app/layout/route-states';
import { createAppRouter } from '../../app/router';
import { fakeApi, json, type FakeCall } from '../../testing/fake-api';
import { renderConsoleScreen } from '../../testing/console-screen';
import { renderWithI18n, renderWithProviders } from '../../testing/render';
import { consoleAccess } from '../console/access';
import { CreateApiKeyModal } from './components/create-api-key-modal';
import { apiKeyMenuItems } from './lib/api-key-actions';
import { changesOf, endOfManilaDay } from './lib/api-key-form';
import { parseApiKeysSearch } from './lib/api-keys-search';
import { ApiKeysPage } from './routes/api-keys-page';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';

beforeAll(() => {
  // The router scrolls on navigation; jsdom has no scrolling.
  window.scrollTo = vi.fn() as never;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ROSA = '11111111-1111-4111-8111-111111111111';
const ACME = '22222222-2222-4222-8222-222222222222';
const SECRET = 'htd_ab12cd34_Zx9Qv2Lm8Np4Rt6Wy1Bc3Df5Gh7Jk0Ms_';

const apiKey = (overrides: Partial<ApiKeyDto> = {}): ApiKeyDto => ({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Warehouse',
  prefix: 'htd_ab12cd34',
  scopes: ['shipments:read', 'shipments:write'],
  source: 'external',
  status: 'active',
  userId: ROSA,
  userName: 'Rosa Bautista',
  businessId: ACME,
  businessName: 'Acme Trading',
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  revokedReason: null,
  revokedByName: null,
  // November 05, 2026, 1:30 AM in Manila.
  createdAt: '2026-11-04T17:30:00.000Z',
  ...overrides,
});

const warehouse = apiKey();
const shop = apiKey({
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Shopify: acme.myshopify.com',
  prefix: 'htd_ef56gh78',
  source: 'shopify',
  status: 'revoked',
  lastUsedAt: '2026-11-06T02:00:00.000Z',
  revokedAt: '2026-11-07T02:00:00.000Z',
  revokedReason: 'maker_left_business',
  revokedByName: 'Ana Cruz',
});
const old = apiKey({
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Old importer',
  prefix: 'htd_ij90kl12',
  scopes: ['shipments:read'],
  status: 'expired',
  expiresAt: '2026-10-31T15:59:59.000Z',
});
const created: CreatedApiKeyDto = {
  ...apiKey({ id: '66666666-6666-4666-8666-666666666666', name: 'Order desk', prefix: 'htd_zz11yy22', scopes: ['shipments:read'] }),
  key: SECRET,
};

/** GET /api-keys as the server answers it (status filter and paging); writes go to `write`. */
function server(write: (call: FakeCall) => Response = () => json({ data: created }, 201)) {
  return fakeApi((call) => {
    if (call.method !== 'GET') return write(call);
    if (call.path === '/api/api-keys') {
      const status = call.query.get('status');
      const rows = [warehouse, shop, old].filter((k) => !status || k.status === status);
      return json({ data: rows, page: 1, limit: Number(call.query.get('limit')), total: rows.length, totalPages: rows.length ? 1 : 0, hasNextPage: false });
    }
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

function renderPage(roles: RoleName[] = ['business_admin'], url = '/api-keys') {
  return renderConsoleScreen(url, '/api-keys', <ApiKeysPage />, roles);
}

const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('api keys page', () => {
  it("lists the business's keys with their status counts, in Manila time, and offers Create to a business admin", async () => {
    const api = server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeTruthy();
    expect(screen.getByText('Keys your systems use to book and track shipments.')).toBeTruthy();
    await screen.findByText('Warehouse', { selector: 'td span' });

    expect(headers()).toEqual(['Name', 'Key', 'Scopes', 'Status', 'Made by', 'Last used', 'Expires', 'Created', 'Actions']);
    const row = rowOf('Warehouse');
    expect(row.textContent).toContain('htd_ab12cd34…');
    expect(row.textContent).toContain('shipments:read');
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toContain('Rosa Bautista');
    expect(row.textContent).toContain('November 05, 2026, 1:30 AM');
    // The secret is never in a list; a Shopify key says where its bookings come from.
    expect(document.body.textContent).not.toContain(SECRET);
    expect(rowOf('Shopify: acme').textContent).toContain('Shopify');
    expect(rowOf('Old importer').textContent).toContain('October 31, 2026, 11:59 PM');

    await waitFor(() => expect(screen.getByRole('tab', { name: /^Active/ }).textContent).toBe('Active1'));
    expect(screen.getByRole('tab', { name: /^All/ }).textContent).toBe('All3');
    expect(screen.getByRole('tab', { name: /^Revoked/ }).textContent).toBe('Revoked1');
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('shows admins the business and maker of every key, and no Create (admins make no keys)', async () => {
    server();
    renderPage(['admin']);
    await screen.findByText('Warehouse', { selector: 'td span' });
    expect(headers()).toEqual(['Name', 'Key', 'Scopes', 'Status', 'Business', 'Last used', 'Expires', 'Created', 'Actions']);
    expect(rowOf('Warehouse').textContent).toContain('Acme Tradingby Rosa Bautista');
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
  });

  it('searches by name or prefix and filters by status tab through the address', async () => {
    const api = server();
    const user = userEvent.setup();
    const { location } = renderPage(['business_admin'], '/api-keys?tab=expired&search=htd_ij90');
    await screen.findByText('Old importer', { selector: 'td span' });
    const list = api.calls.filter((c) => c.path === '/api/api-keys' && c.query.get('limit') !== '1');
    expect(list.at(-1)!.query.get('status')).toBe('expired');
    expect(list.at(-1)!.query.get('search')).toBe('htd_ij90');
    await user.click(screen.getByRole('tab', { name: /^All/ }));
    await waitFor(() => expect(location().get('tab')).toBeNull());
    expect(location().get('search')).toBe('htd_ij90');
  });

  it('shows the new key once, with a copy button, a warning and a first call; closing forgets it', async () => {
    const api = server();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    let dialog = screen.getByRole('dialog', { name: 'Create API key' });
    // Both scopes come ticked; a key may be made read-only and expire.
    expect(within(dialog).getAllByRole('checkbox', { checked: true })).toHaveLength(2);
    await user.type(within(dialog).getByLabelText('Name'), '  Order desk ');
    await user.click(within(dialog).getByRole('checkbox', { name: /Book and cancel shipments/ }));
    await user.type(within(dialog).getByLabelText(/^Expires on/), '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    dialog = await screen.findByRole('dialog', { name: 'API key created' });
    expect(api.changes()).toEqual([
      { method: 'POST', path: '/api/api-keys', body: { name: 'Order desk', scopes: ['shipments:read'], expiresAt: '2099-12-31T23:59:59+08:00' } },
    ]);
    expect((within(dialog).getByLabelText('Your API key') as HTMLInputElement).value).toBe(SECRET);
    expect(within(dialog).getByRole('alert').textContent).toContain('it will not be shown again');
    expect(dialog.textContent).toContain(`curl -H 'Authorization: Bearer ${SECRET}' ${window.location.origin}/api/shipments/me`);
    await user.click(within(dialog).getByRole('button', { name: 'Copy API key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
    // Opening it again starts over: an empty form, no key.
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    dialog = screen.getByRole('dialog', { name: 'Create API key' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(api.writes()).toHaveLength(1);
  });

  it('shows the server refusing a field under that field, and no key', async () => {
    const message = 'A key with this name already exists';
    const api = server(() => json({ statusCode: 422, code: 'RULE_BROKEN', message, details: [{ field: 'name', message }] }, 422));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    // Checked before sending, with the API's own messages.
    expect(await within(dialog).findByText('Name the key (at least 2 characters)')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Warehouse');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    const error = await within(dialog).findByText(message);
    const name = within(dialog).getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.queryByRole('dialog', { name: 'API key created' })).toBeNull();
    expect(api.writes()).toHaveLength(1);
  });

  it('revokes a key only after confirming, with DELETE', async () => {
    const api = server(() => new Response(null, { status: 204 }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for API key "Warehouse"' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View', 'Edit', 'Revoke']);
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Revoke' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke this API key?' });
    expect(confirm.textContent).toContain('htd_ab12cd34…');
    expect(api.writes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(api.changes()).toEqual([{ method: 'DELETE', path: `/api/api-keys/${warehouse.id}`, body: {} }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves a revoked key viewable only', async () => {
    server();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Warehouse', { selector: 'td span' });
    expect(rowOf('Shopify: acme').textContent).toContain('Maker left the business');
    await user.click(await screen.findByRole('button', { name: 'Actions for API key "Shopify: acme.myshopify.com"' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('aria-disabled') === 'true'])).toEqual([
      ['View', false],
      ['Edit', true],
      ['Revoke', true],
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const view = screen.getByRole('dialog', { name: 'API key “Shopify: acme.myshopify.com”' });
    expect(view.textContent).toContain('Revoked');
    expect(view.textContent).toContain('November 07, 2026, 10:00 AM');
    // Why: its maker left the business (DECISIONS "Production, codes and ownership").
    expect(view.textContent).toContain('Rosa Bautista, who made it, left the business (change made by Ana Cruz)');
    expect(view.textContent).toContain('Book and cancel shipments');
  });

  it('sends only what the edit changed', async () => {
    const api = server((call) => json({ data: { ...(call.path.endsWith(old.id) ? old : warehouse), ...(call.body as object) } }));
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Actions for API key "Warehouse"' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Nothing has changed.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), ' system');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // An expired key: a new expiry day brings it back; its scopes, untouched, are not sent.
    await user.click(screen.getByRole('button', { name: 'Actions for API key "Old importer"' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    dialog = screen.getByRole('dialog', { name: 'Edit API key' });
    const expires = within(dialog).getByLabelText(/^Expires on/) as HTMLInputElement;
    expect(expires.value).toBe('2026-10-31');
    await user.clear(expires);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(api.changes()).toEqual([
      { method: 'PATCH', path: `/api/api-keys/${warehouse.id}`, body: { name: 'Warehouse system' } },
      { method: 'PATCH', path: `/api/api-keys/${old.id}`, body: { expiresAt: null } },
    ]);
  });
});

describe('create api key modal', () => {
  it('keeps the key nowhere once closed: not in the page, not in the query cache', async () => {
    server();
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<CreateApiKeyModal onClose={onClose} />);
    await user.type(screen.getByLabelText('Name'), 'Order desk');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    await screen.findByRole('dialog', { name: 'API key created' });
    const holdsKey = () =>
      queryClient
        .getMutationCache()
        .getAll()
        .some((m) => JSON.stringify(m.state.data ?? null).includes(SECRET));
    expect(holdsKey()).toBe(true);

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(holdsKey()).toBe(false));
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data ?? null),
      ),
    ).not.toContain(SECRET);
  });
});

describe('api key rules', () => {
  const labels = (status: ApiKeyDto['status'], roles: RoleName[]) =>
    apiKeyMenuItems({ status }, defineAbilityFor({ roles }), roles).map((i) => (i.disabled ? `${i.label} (disabled)` : i.label));

  it('offers View, Edit and Revoke (never Delete) to business admins and admins, and nothing to others', () => {
    expect(labels('active', ['business_admin'])).toEqual(['View', 'Edit', 'Revoke']);
    expect(labels('expired', ['admin'])).toEqual(['View', 'Edit', 'Revoke']);
    expect(labels('revoked', ['super_admin'])).toEqual(['View', 'Edit (disabled)', 'Revoke (disabled)']);
    for (const role of ['business_member', 'staff', 'ssp', 'customer'] as const) expect(labels('active', [role])).toEqual([]);
  });

  it('reads the address leniently', () => {
    expect(parseApiKeysSearch({ tab: 'revoked', search: ' htd_ab12 ', page: '2', limit: '50' })).toEqual({
      tab: 'revoked',
      search: 'htd_ab12',
      page: 2,
      limit: 50,
    });
    expect(parseApiKeysSearch({ tab: 'deleted', page: '-1', limit: '7' })).toEqual({});
  });

  it('turns a Manila day into the end of that day, and sends only changes', () => {
    expect(endOfManilaDay('2026-12-31')).toBe('2026-12-31T23:59:59+08:00');
    const values = { name: 'Warehouse', scopes: ['shipments:write', 'shipments:read'] as ApiKeyDto['scopes'], expiresOn: '' };
    expect(changesOf(warehouse, values)).toEqual({});
    expect(changesOf(old, { ...values, scopes: ['shipments:read'], expiresOn: '2026-10-31', name: 'Old importer ' })).toEqual({});
    expect(changesOf(old, { ...values, name: 'Old importer', scopes: ['shipments:read'], expiresOn: '2027-01-15' })).toEqual({
      expiresAt: '2027-01-15T23:59:59+08:00',
    });
  });
});

describe('api keys access', () => {
  const userWith = (roles: RoleName[]) => ({ roles: roles.map((name, id) => ({ id, name })) });

  /** The app's own /api-keys route guard, under a console that hands it the person's access, as the app does. */
  async function openAs(roles: RoleName[]) {
    // The refusal is thrown on purpose; React and the router report every thrown route error.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const guard = createAppRouter(new QueryClient()).routesById['/console/api-keys'].options.beforeLoad as unknown as (match: { context: unknown }) => void;
    const rootRoute = createRootRoute({ beforeLoad: () => consoleAccess(userWith(roles)) });
    const screenRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: '/api-keys',
      beforeLoad: ({ context }) => guard({ context }),
      errorComponent: GuardedRouteError,
      component: () => <h1>API keys screen</h1>,
    });
    const startRoute = createRoute({ getParentRoute: () => rootRoute, path: '/start' });
    const router = createRouter({
      routeTree: rootRoute.addChildren([screenRoute, startRoute]),
      history: createMemoryHistory({ initialEntries: ['/api-keys'] }),
    });
    renderWithI18n(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>,
    );
  }

  it.each<RoleName>(['business_member', 'staff', 'ssp', 'service_partner', 'sales_agent'])('%s gets the no-access page', async (role) => {
    await openAs([role]);
    expect(await screen.findByText("You don't have access to this page")).toBeTruthy();
    expect(screen.queryByText('API keys screen')).toBeNull();
  });

  it.each<RoleName>(['business_admin', 'admin', 'super_admin'])('%s opens the screen', async (role) => {
    await openAs([role]);
    expect(await screen.findByText('API keys screen')).toBeTruthy();
  });
});

describe('api keys in Filipino (issue 32)', () => {
  // "API key" is the word Filipino screens use too ("3 API key", "Mga API key"): not English left over.
  const englishLeft = () => englishLeftIn(readableText(), 'api-keys').filter((phrase) => phrase !== 'API key');

  it('shows the keys and the create form with no English sentence left', async () => {
    await activateLanguage('fil');
    server();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga API key' })).toBeTruthy();
    await screen.findByText('Warehouse', { selector: 'td span' });
    expect(rowOf('Warehouse').textContent).toContain('Aktibo');
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Gumawa ng API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gumawa ng API key' });
    expect(within(dialog).getByText('Mag-book at magkansela ng mga padala')).toBeTruthy();
    expect(englishLeft()).toEqual([]);
  });
});
