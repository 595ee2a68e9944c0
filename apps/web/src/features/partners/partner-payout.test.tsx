import type { PayoutBreakdownDto } from '@hatid/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { fakeApi, json } from '../../testing/fake-api';
import { PartnerPayout } from './components/partner-payout';

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
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
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
