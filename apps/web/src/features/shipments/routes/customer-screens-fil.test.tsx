import type { ShipmentDto } from '@hatid/domain';
import { RouterProvider, createMemoryHistory, createRootRouteWithContext, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { fakeApi, json } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { CancelShipmentDialog } from '../components/cancel-shipment-dialog';
import { PackageLines } from '../components/package-lines';
import { PaymentSummary } from '../components/payment-summary';
import { ShipmentParties } from '../components/shipment-parties';
import { ShipmentSummary } from '../components/shipment-summary';
import { parsePackagesSearch } from '../lib/list-filters';
import { PackagesPage } from './shipments-page';

// The list refreshes on pushed events; no socket in these tests.
vi.mock('../../../lib/realtime', () => ({ useRealtimeChannel: () => undefined }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const party = (name: string, city: string) =>
  ({
    name,
    mobileNumber: '09171234567',
    email: null,
    streetName: '12 Mabini St.',
    barangayName: 'Poblacion',
    cityLabel: city,
    provinceName: 'Cebu',
  }) as unknown as ShipmentDto['senderAddress'];

const SHIPMENT = {
  id: 's-1',
  trackingNumber: 'ND123456785PH',
  status: 'Pending',
  deliveryStatus: 'For pickup',
  deliveryType: 'next_day',
  shipmentType: 'Pick Up',
  createdAt: '2026-11-05T02:00:00.000Z',
  pickupDate: '2026-11-06',
  deliveredAt: null,
  reasonForCancellation: null,
  cancellationNote: null,
  senderAddress: party('Lorna Reyes', 'Mandaue City'),
  receiverAddress: party('Jun Santos', 'Cebu City'),
  packages: [
    {
      id: 'p-1',
      boxName: 'Small Box',
      category: 'Box',
      quantity: 2,
      boxRateInCents: 12000,
      basePriceInCents: 12000,
      priceInCents: 24000,
      itemCategory: 'Books',
      description: null,
      imageUrl: null,
      chargeableWeightKg: 1,
      weightInGrams: 800,
      lengthInCm: null,
      widthInCm: null,
      heightInCm: null,
    },
  ],
  paymentMethod: 'cash',
  paidBy: 'recipient',
  paymentStatus: 'Pending',
  packagesTotalInCents: 24000,
  surchargeInCents: 0,
  subtotalInCents: 24000,
  declaredInsuranceValue: 1000,
  insuranceFeeInCents: 1000,
  retrievalFeeInCents: 0,
  feesInCents: 0,
  discountInCents: 2000,
  promoCode: 'HATID20',
  totalInCents: 23000,
  codAmountInCents: 50000,
} as unknown as ShipmentDto;

/** /packages as a signed-in customer sees it, with the routes its links open. */
function renderPackagesPage() {
  const rootRoute = createRootRouteWithContext<{ user: { id: string } }>()();
  const packages = createRoute({ getParentRoute: () => rootRoute, path: '/packages', validateSearch: parsePackagesSearch, component: PackagesPage });
  const others = ['/', '/air-waybill', '/packages/$trackingNumber'].map((path) => createRoute({ getParentRoute: () => rootRoute, path }));
  const router = createRouter({
    routeTree: rootRoute.addChildren([packages, ...others]),
    history: createMemoryHistory({ initialEntries: ['/packages'] }),
    context: { user: { id: 'u-1' } },
  });
  renderWithProviders(<RouterProvider router={router as never} />);
}

describe('the customer shipment screens in Filipino', () => {
  it('/packages: headings, filters, the list and its statuses read in Filipino, with no English sentence left', async () => {
    fakeApi(() => json({ data: [SHIPMENT], total: 1, totalPages: 1, page: 1, limit: 10 }));
    await activateLanguage('fil');
    renderPackagesPage();

    expect(await screen.findByRole('heading', { name: 'Aking mga package' })).toBeTruthy();
    expect(await screen.findByText(/Para kay Jun Santos/)).toBeTruthy();
    expect(screen.getByText('Lahat ng padalang na-book mo, pinakabago muna.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Mag-book ng padala' }).length).toBeGreaterThan(0);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getByRole('option', { name: 'Lahat ng status' })).toBeTruthy();
    expect(within(status).getByRole('option', { name: 'Kanselado' })).toBeTruthy();
    // The phone list (cards) and the wide table both name the status in Filipino.
    expect(screen.getAllByText('Para sa pick-up').length).toBeGreaterThan(0);
    expect(englishLeftIn(document.body.textContent ?? '', 'shipments')).toEqual([]);
  });

  it('a shipment: summary, packages, sender and receiver, price and payment, and the cancel dialog', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ data: null }));
    await activateLanguage('fil');
    renderWithProviders(
      <>
        <ShipmentSummary shipment={SHIPMENT} />
        <PackageLines shipment={SHIPMENT} />
        <ShipmentParties shipment={SHIPMENT} />
        <PaymentSummary shipment={SHIPMENT} />
        <CancelShipmentDialog shipment={SHIPMENT} open onOpenChange={() => undefined} />
      </>,
    );

    expect(screen.getByTestId('timeline-headline').textContent).toBe('Na-place na ang order');
    expect(screen.getByText('Kanselahin ang padalang ito?')).toBeTruthy();
    expect(screen.getByText(/^Hindi na ipi-pick up ang ND123456785PH\. Sabihin sa amin kung bakit/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Nagbago ang isip ko' })).toBeTruthy();
    expect(screen.getByText('Presyo ng box (₱120.00 x 2)')).toBeTruthy();
    expect(screen.getByText('Diskwento (HATID20)')).toBeTruthy();
    expect(screen.getByText('Cash pagka-deliver')).toBeTruthy();
    expect(screen.getByText('Nagpadala at tatanggap')).toBeTruthy();
    expect(screen.getByText(/Nobyembre 05, 2026/)).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'shipments')).toEqual([]);
  });
});
