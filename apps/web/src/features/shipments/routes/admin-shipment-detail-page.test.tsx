import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleName, ShipmentDto } from '@hatid/domain';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessProvider, accessFor } from '../../../lib/ability';
import { renderWithProviders } from '../../../testing/render';
import { AdminShipmentDetailPage } from './admin-shipment-detail-page';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../../testing/english-left';

const place = (cityCode: string, cityLabel: string) => ({ cityCode, cityLabel }) as ShipmentDto['senderAddress'];
const SHIPMENT = {
  id: 's1',
  trackingNumber: 'ND123456785PH',
  status: 'Active',
  deliveryStatus: 'Shipment order placed',
  senderAddress: place('1380300000', 'Makati City'),
  receiverAddress: place('0730600000', 'Cebu City'),
} as unknown as ShipmentDto;

// The page's panels each load their own records; this test is about its actions, so they stay out.
vi.mock('../api/use-live-shipment', () => ({ useLiveShipment: () => ({ isPending: false, isError: false, isSuccess: true, data: SHIPMENT }) }));
vi.mock('../components/shipment-summary', () => ({ ShipmentSummary: ({ actions }: { actions: ReactNode }) => <div>{actions}</div> }));
vi.mock('../components/admin/activity-timeline', () => ({ ActivityTimeline: () => null }));
vi.mock('../components/package-lines', () => ({ PackageLines: () => null }));
vi.mock('../components/proof-images', () => ({ ProofImages: () => null }));
vi.mock('../components/shipment-parties', () => ({ ShipmentParties: () => null }));
vi.mock('../components/payment-summary', () => ({ PaymentSummary: () => null }));
vi.mock('../components/payment-link-panel', () => ({ PaymentLinkPanel: () => null }));
vi.mock('../components/admin/shipment-payments', () => ({ ShipmentPayments: () => null }));
vi.mock('../components/admin/shipment-records', () => ({ ShipmentDocuments: () => null, ShipmentWeights: () => null }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAs(roles: RoleName[]) {
  const rootRoute = createRootRoute();
  const consoleRoute = createRoute({ getParentRoute: () => rootRoute, id: 'console' });
  const page = createRoute({
    getParentRoute: () => consoleRoute,
    path: '/shipments/$trackingNumber',
    component: () => (
      <AccessProvider access={accessFor({ roles: roles.map((name, id) => ({ id, name })) })}>
        <AdminShipmentDetailPage />
      </AccessProvider>
    ),
  });
  const list = createRoute({ getParentRoute: () => consoleRoute, path: '/shipments' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([consoleRoute.addChildren([page, list])]),
    history: createMemoryHistory({ initialEntries: ['/shipments/ND123456785PH'] }),
  });
  renderWithProviders(<RouterProvider router={router as never} />);
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the console shipment page: status and rider', () => {
  it('staff move the status and assign a rider from the page, with the list’s dialogs for this one shipment', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/users/riders/1380300000') {
        return json({ data: [{ id: 'r1', name: 'Jose Ramos', mobileNumber: null, isOnline: true, serviceAreaCodes: [], activeAssignments: 0 }] });
      }
      if (url.startsWith('/api/users/riders/')) return json({ data: [] });
      return json({ data: {} });
    });
    const user = userEvent.setup();
    renderAs(['staff']);

    await user.click(await screen.findByRole('button', { name: 'Update status' }));
    const status = await screen.findByRole('dialog', { name: 'Update delivery status' });
    expect(within(status).getByText(/1 selected shipment\./)).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Assign rider' }));
    const assign = await screen.findByRole('dialog', { name: 'Assign riders to ND123456785PH' });
    const pickup = within(assign).getByLabelText('Pickup rider');
    await within(pickup).findByRole('option', { name: 'Jose Ramos · online · 0 active' });
    await user.selectOptions(pickup, 'r1');
    await user.click(within(assign).getByRole('button', { name: 'Assign' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', url: '/api/shipments/s1', body: { pickupRiderId: 'r1' } }]),
    );
  });

  it('shows each action only to those who may take it', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ data: [] }));
    renderAs(['ssp']);
    expect(await screen.findByRole('button', { name: 'Update status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign rider' })).toBeNull();
    cleanup();
    renderAs(['sales_agent']);
    await screen.findByRole('link', { name: /Shipments/ });
    expect(screen.queryByRole('button', { name: 'Update status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign rider' })).toBeNull();
  });

  it('a cancelled shipment cannot be edited (the server refuses it): Edit is disabled, Duplicate is not', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ data: [] }));
    const shipment = SHIPMENT as unknown as { status: string };
    renderAs(['staff']);
    expect((await screen.findByRole('button', { name: 'Edit' })).hasAttribute('disabled')).toBe(false);
    cleanup();
    shipment.status = 'Cancelled';
    try {
      renderAs(['staff']);
      expect((await screen.findByRole('button', { name: 'Edit' })).hasAttribute('disabled')).toBe(true);
      expect(screen.getByRole('button', { name: 'Duplicate' }).hasAttribute('disabled')).toBe(false);
    } finally {
      shipment.status = 'Active';
    }
  });
});

describe('the console shipment page in Filipino', () => {
  it('says its actions and the status dialog in Filipino, with no English sentence left', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ data: [] }));
    await activateLanguage('fil');
    const user = userEvent.setup();
    renderAs(['staff']);

    expect(await screen.findByRole('button', { name: 'Mag-assign ng rider' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Doblehin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mga padala' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I-update ang status' }));
    const dialog = await screen.findByRole('dialog', { name: 'I-update ang status ng delivery' });
    expect(within(dialog).getByRole('option', { name: 'Na-pick up na ang parcel (Na-pick up na)' })).toBeTruthy();
    expect(englishLeftIn(readableText(dialog), 'shipments', 'app')).toEqual([]);
  });
});
