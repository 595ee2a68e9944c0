import type { WebhookDeliveryDto, WebhookEndpointDto, WebhookEndpointWithSecretDto, RoleName } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../testing/fake-api';
import { renderConsoleScreen } from '../../testing/console-screen';
import { WebhooksPage } from './routes/webhooks-page';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';

beforeAll(() => {
  window.scrollTo = vi.fn() as never;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ACME = '22222222-2222-4222-8222-222222222222';
const SECRET = 'whsec_Zx9Qv2Lm8Np4Rt6Wy1Bc3Df5Gh7Jk0MsAbCdEf';

const endpoint = (overrides: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto => ({
  id: '33333333-3333-4333-8333-333333333333',
  businessId: ACME,
  businessName: 'Acme Trading',
  url: 'https://orders.acme.example/hatid',
  description: 'Order system',
  events: ['shipment.status_changed', 'shipment.delivered'],
  status: 'active',
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  secretHint: 'whsec_Ab',
  pendingDeliveries: 0,
  failedDeliveries: 2,
  // November 05, 2026, 1:30 AM in Manila.
  createdAt: '2026-11-04T17:30:00.000Z',
  updatedAt: '2026-11-04T17:30:00.000Z',
  ...overrides,
});

const orders = endpoint();
const old = endpoint({
  id: '44444444-4444-4444-8444-444444444444',
  url: 'https://legacy.acme.example/hook',
  description: null,
  events: ['payment.received'],
  status: 'disabled',
  disabledReason: 'failing',
  disabledAt: '2026-11-06T02:00:00.000Z',
  failedDeliveries: 0,
});
const created: WebhookEndpointWithSecretDto = {
  ...endpoint({ id: '55555555-5555-4555-8555-555555555555', url: 'https://shop.example.com/hooks', description: null, events: ['shipment.delivered'] }),
  secret: SECRET,
};

const failed: WebhookDeliveryDto = {
  id: '66666666-6666-4666-8666-666666666666',
  eventId: '77777777-7777-4777-8777-777777777777',
  eventType: 'shipment.delivered',
  trackingNumber: 'ND1234567890PH',
  status: 'failed',
  attempts: 2,
  nextAttemptAt: null,
  createdAt: '2026-11-05T02:00:00.000Z',
  attemptLog: [
    { at: '2026-11-05T02:00:00.000Z', statusCode: 500, latencyMs: 42, error: null, responseExcerpt: 'Internal oops' },
    { at: '2026-11-05T02:00:30.000Z', statusCode: null, latencyMs: 5000, error: 'Timed out after 5 s', responseExcerpt: null },
  ],
};
const succeeded: WebhookDeliveryDto = {
  ...failed,
  id: '88888888-8888-4888-8888-888888888888',
  eventType: 'shipment.status_changed',
  status: 'succeeded',
  attempts: 1,
  attemptLog: [{ at: '2026-11-05T01:59:00.000Z', statusCode: 204, latencyMs: 12, error: null, responseExcerpt: '' }],
};

const page = <T,>(rows: T[], limit = 20) => ({ data: rows, page: 1, limit, total: rows.length, totalPages: rows.length ? 1 : 0, hasNextPage: false });

/** The webhooks API as the server answers it; writes go to `write`. */
function server(write: (call: FakeCall) => Response = () => json({ data: created }, 201)) {
  return fakeApi((call) => {
    if (call.method !== 'GET') return write(call);
    if (call.path === '/api/webhooks/endpoints') {
      const status = call.query.get('status');
      return json(
        page(
          [orders, old].filter((e) => !status || e.status === status),
          Number(call.query.get('limit')),
        ),
      );
    }
    if (call.path === `/api/webhooks/endpoints/${orders.id}/deliveries`) return json(page([failed, succeeded]));
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

const renderPage = (roles: RoleName[] = ['business_admin']) => renderConsoleScreen('/webhooks', '/webhooks', <WebhooksPage />, roles);
const rowOf = (text: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(text))!;

async function openMenu(user: ReturnType<typeof userEvent.setup>, rowText: string, item: string) {
  await user.click(within(rowOf(rowText)).getByRole('button', { name: /^Actions for/ }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('webhooks page', () => {
  it("lists the business's endpoints with their events, status and failed deliveries, and offers Add to a business admin", async () => {
    const api = server();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy();
    await screen.findByText('https://orders.acme.example/hatid');
    const row = rowOf('orders.acme.example');
    expect(row.textContent).toContain('Order system');
    expect(row.textContent).toContain('shipment.delivered');
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toContain('2 failed');
    expect(row.textContent).toContain('November 05, 2026, 1:30 AM');
    expect(rowOf('legacy.acme.example').textContent).toContain('Every attempt failed for 24 hours');
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Switched off/ }).textContent).toBe('Switched off1'));
    expect(screen.getByRole('tab', { name: /^All/ }).textContent).toBe('All2');
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('shows staff every business read-only: no Add, no Edit, no Replay', async () => {
    server();
    const user = userEvent.setup();
    renderPage(['staff']);
    await screen.findByText('https://orders.acme.example/hatid');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Business');
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    await user.click(within(rowOf('orders.acme.example')).getByRole('button', { name: /^Actions for/ }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Deliveries']);
    await user.click(screen.getByRole('menuitem', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    await within(dialog).findByText('Internal oops');
    expect(within(dialog).queryByRole('button', { name: 'Replay' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Replay all failed' })).toBeNull();
  });

  it('adds an endpoint with the ticked events and shows its secret once, with a copy button and a warning', async () => {
    const api = server();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    let dialog = screen.getByRole('dialog', { name: 'Add webhook endpoint' });
    // Checked before sending, with the API's own messages.
    await user.click(within(dialog).getByRole('checkbox', { name: /Each delivery status change/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://shop.example.com/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Delivered/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    dialog = await screen.findByRole('dialog', { name: 'Webhook endpoint added' });
    expect(api.changes()).toEqual([
      { method: 'POST', path: '/api/webhooks/endpoints', body: { url: 'https://shop.example.com/hooks', events: ['shipment.delivered'] } },
    ]);
    expect((within(dialog).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(within(dialog).getByRole('alert').textContent).toContain('it will not be shown again');
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(api.writes()).toHaveLength(1);
  });

  it('shows the server refusing the URL under the URL', async () => {
    const message = 'This URL resolves to a private address (10.0.0.5): webhooks go to public addresses only';
    server(() => json({ statusCode: 422, code: 'RULE_BROKEN', message, details: [{ field: 'url', message }] }, 422));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add webhook endpoint' });
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://intranet.example/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const error = await within(dialog).findByText(message);
    expect(within(dialog).getByLabelText('Endpoint URL').getAttribute('aria-describedby')).toContain(error.id);
  });

  it("shows a delivery's attempts and replays one failed delivery, then every failed one", async () => {
    const api = server(() => json({ data: { replayed: 1 } }));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('https://orders.acme.example/hatid');
    await openMenu(user, 'orders.acme.example', 'Deliveries');
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    const item = await within(dialog).findByRole('listitem', { name: 'shipment.delivered ND1234567890PH' });
    const attempts = within(item)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(attempts).toEqual(['November 05, 2026, 10:00 AM50042 msInternal oops', 'November 05, 2026, 10:00 AMTimed out after 5 s5000 msTimed out after 5 s']);
    // Only a failed delivery can be replayed.
    expect(within(dialog).getAllByRole('button', { name: 'Replay' })).toHaveLength(1);
    await user.click(within(item).getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Replay all failed' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.changes()).toEqual([
      { method: 'POST', path: `/api/webhooks/endpoints/${orders.id}/deliveries/${failed.id}/replay`, body: {} },
      { method: 'POST', path: `/api/webhooks/endpoints/${orders.id}/replay-failed`, body: {} },
    ]);
  });

  it('switches an endpoint off and deletes one, each after asking', async () => {
    const api = server((call) => (call.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ data: { ...orders, status: 'disabled' } })));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('https://orders.acme.example/hatid');
    await openMenu(user, 'orders.acme.example', 'Switch off');
    await user.click(within(await screen.findByRole('dialog', { name: 'Switch this endpoint off?' })).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openMenu(user, 'legacy.acme.example', 'Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook endpoint legacy.acme.example/hook?' });
    expect(confirm.textContent).toContain('its delivery log is deleted');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.changes()).toEqual([
      { method: 'PATCH', path: `/api/webhooks/endpoints/${orders.id}`, body: { enabled: false } },
      { method: 'DELETE', path: `/api/webhooks/endpoints/${old.id}`, body: {} },
    ]);
  });
});

describe('webhooks in Filipino (issue 32)', () => {
  // "Webhook endpoint" is the word Filipino screens use too ("2 webhook endpoint"): not English left over.
  const englishLeft = () => englishLeftIn(readableText(), 'webhooks').filter((phrase) => phrase.toLowerCase() !== 'webhook endpoint');

  it('shows the endpoints and the add form with no English sentence left', async () => {
    await activateLanguage('fil');
    server();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga webhook' })).toBeTruthy();
    await screen.findByText('https://orders.acme.example/hatid');
    expect(rowOf('orders.acme.example').textContent).toContain('2 pumalya');
    expect(rowOf('legacy.acme.example').textContent).toContain('Pumalya ang bawat subok sa loob ng 24 na oras');
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Magdagdag ng endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Magdagdag ng webhook endpoint' });
    expect(within(dialog).getByText('Bawat pagbabago ng delivery status')).toBeTruthy();
    expect(englishLeft()).toEqual([]);
  });
});
