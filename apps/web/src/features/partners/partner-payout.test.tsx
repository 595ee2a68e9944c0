import type { PayoutBreakdownDto } from '@hatid/domain';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/catalogues';
import { renderConsoleScreen } from '../../testing/console-screen';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { fakeApi, json } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { PartnerPayout } from './components/partner-payout';
import { PartnersPage } from './routes/partners-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PARTNER_ID = '11111111-1111-4111-8111-111111111111';

const payout = (overrides: Partial<PayoutBreakdownDto> = {}): PayoutBreakdownDto => ({
  period: '2026-11',
  partnerId: PARTNER_ID,
  partnerName: 'Nina Castillo',
  shipments: [
    {
      shipmentId: 's1',
      trackingNumber: 'ND123456785PH',
      deliveredAt: '2026-11-03T04:00:00.000Z',
      retrievalFeeInCents: 5_000,
      outboundFeeInCents: 7_500,
      dueInCents: 12_500,
    },
  ],
  feesDueInCents: 12_500,
  unremittedCashInCents: 40_000,
  netPayoutInCents: -27_500,
  ...overrides,
});

function renderPayout() {
  const rootRoute = createRootRoute();
  const partnerRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/partners/$partnerId',
    component: () => <PartnerPayout partnerId={PARTNER_ID} />,
  });
  const shipmentRoute = createRoute({ getParentRoute: () => rootRoute, path: '/shipments/$trackingNumber' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([partnerRoute, shipmentRoute]),
    history: createMemoryHistory({ initialEntries: [`/partners/${PARTNER_ID}`] }),
  });
  // The payout's words come from the catalogue: rendered inside the app's providers.
  renderWithProviders(<RouterProvider router={router as never} />);
}

describe('partner payout', () => {
  it('says the partner owes the hub when the cash it holds is more than the fees, and lists the shipments', async () => {
    const api = fakeApi((call) =>
      call.path === '/api/shipments/payout-breakdown'
        ? json({
            data:
              call.query.get('period') === '2026-10'
                ? payout({ period: '2026-10', shipments: [], feesDueInCents: 50_000, netPayoutInCents: 10_000 })
                : payout(),
          })
        : json({}, 404),
    );
    renderPayout();
    const section = await screen.findByRole('region', { name: 'Payout' });
    const totals = await within(section).findByText('Owes the hub');
    expect(totals.nextElementSibling!.textContent).toBe('₱275.00');
    expect(within(section).getByText('Fees due').nextElementSibling!.textContent).toBe('₱125.00');
    expect(within(section).getByText('Cash not yet handed over').nextElementSibling!.textContent).toBe('₱400.00');
    expect(within(section).queryByText('Net payout')).toBeNull();
    const row = within(section).getByRole('row', { name: /ND123456785PH/ });
    expect(within(row).getByRole('link', { name: 'ND123456785PH' }).getAttribute('href')).toBe('/shipments/ND123456785PH');
    expect(row.textContent).toMatch(/November 03, 2026.*₱50\.00.*₱75\.00.*₱125\.00/);
    // This month by default, for this partner.
    const first = api.calls[0]!;
    expect(first.query.get('partnerId')).toBe(PARTNER_ID);
    expect(first.query.get('period')).toMatch(/^\d{4}-\d{2}$/);

    // Another month: a positive net reads "Net payout".
    fireEvent.change(within(section).getByLabelText('Month'), { target: { value: '2026-10' } });
    await waitFor(() => expect(within(section).getByText('Net payout').nextElementSibling!.textContent).toBe('₱100.00'));
    expect(within(section).queryByText('Owes the hub')).toBeNull();
    expect(within(section).getByText('No shipment was delivered in this month.')).toBeTruthy();
  });
});

describe('partners in Filipino', () => {
  it('the partners list and a payout say everything in Filipino, with no English sentence left', async () => {
    const partner = {
      id: PARTNER_ID,
      name: 'Nina Castillo',
      email: 'nina@partner.ph',
      mobileNumber: null,
      status: 'ACTIVE',
      provinces: [],
      shipments: { total: 12, active: 3, delivered: 8, cancelled: 1 },
      createdAt: '2026-10-01T00:00:00.000Z',
    };
    fakeApi((call) =>
      call.path === '/api/partners'
        ? json({ data: [partner], page: 1, limit: 20, total: 1, totalPages: 1, hasNextPage: false })
        : call.path === '/api/shipments/payout-breakdown'
          ? json({ data: payout() })
          : json({}, 404),
    );
    await activateLanguage('fil');
    renderConsoleScreen('/partners', '/partners', <PartnersPage />, ['admin']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga partner' })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'Nina Castillo' })).closest('tr')!;
    expect(row.textContent).toContain('12 lahat');
    expect(row.textContent).toContain('3 aktibo · 8 naihatid · 1 kanselado');
    expect(row.textContent).toContain('Aktibo');
    expect(englishLeftIn(readableText(), 'partners', 'shipments')).toEqual([]);
    cleanup();

    renderPayout();
    const section = await screen.findByRole('region', { name: 'Bayad sa partner' });
    expect(await within(section).findByText('Utang sa hub')).toBeTruthy();
    expect(within(section).getByText(/utang ng partner sa hub ang diperensya/)).toBeTruthy();
    expect(englishLeftIn(readableText(section), 'partners', 'shipments')).toEqual([]);
  });
});
