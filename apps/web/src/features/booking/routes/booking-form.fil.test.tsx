import { BOXES, calculationBody, packageBreakdownLabel, quotePrice, toBoxDisplay, type CalculationInput } from '@hatid/domain';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../../testing/english-left';
import { emptyParty, newPackageLine, resetDraft, updateDraft } from '../draft/booking-draft';
import { BookingForm } from './booking-form';
import { OrderSummaryPage } from './order-summary-page';
import { renderWithProviders } from '../../../testing/render';
import { CEBU, METRO_MANILA, fillCompleteDraft } from '../testing/complete-draft';
import { userDto } from '../../../testing/users';

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

/** A customer of their own (no business), for the order summary. */
const ME = userDto({
  id: 'a9b8c7d6-0000-4000-8000-000000000001',
  firstName: 'Rosa',
  lastName: 'Bautista',
  name: 'Rosa Bautista',
  mobileNumber: '+639171234567',
  roles: [{ id: 3, name: 'customer' }],
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The API as the booking pages meet it: the boxes, two provinces with their places, and the domain's own price. */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/boxes')) return json(BOXES.map(toBoxDisplay));
    if (url.startsWith('/api/addresses/covered-provinces'))
      return json([
        { provinceCode: METRO_MANILA, name: 'Metro Manila', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
        { provinceCode: CEBU, name: 'Cebu', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
      ]);
    if (url.startsWith('/api/users/me')) return json(ME);
    if (url.startsWith('/api/addresses/saved-addresses') || url.startsWith('/api/flags')) return json([]);
    if (url.startsWith('/api/addresses/covered-cities-municipalities/'))
      return json([{ code: url.endsWith(CEBU) ? '0730600000' : '1381300000', name: url.endsWith(CEBU) ? 'Cebu City' : 'Quezon City' }]);
    if (url.startsWith('/api/addresses/barangays/')) return json([{ code: `${url.slice(-10, -1)}1`, name: 'Poblacion' }]);
    if (url.startsWith('/api/shipments/pricing-details')) {
      const { receiverProvinceCode: _province, ...request } = calculationBody.parse(JSON.parse(String(init?.body)) as CalculationInput);
      const result = quotePrice(request);
      return json({ ...result, packages: result.packages.map((p) => ({ ...p, label: packageBreakdownLabel(p) })) });
    }
    return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: url }), { status: 404 });
  });
}

function renderAt(path: '/' | '/order-summary') {
  const rootRoute = createRootRoute();
  const home = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <BookingForm signedIn={false} deliveryType={undefined} onDeliveryTypeChange={() => undefined} />,
  });
  const summary = createRoute({ getParentRoute: () => rootRoute, path: '/order-summary', validateSearch: () => ({}), component: OrderSummaryPage });
  const router = createRouter({ routeTree: rootRoute.addChildren([home, summary]), history: createMemoryHistory({ initialEntries: [path] }) });
  renderWithProviders(<RouterProvider router={router as never} />);
}

beforeEach(() => {
  resetDraft();
  window.scrollTo = vi.fn() as never;
  // A package on the form: its line, the price breakdown and the totals are on screen too.
  updateDraft((d) => ({ ...d, packages: [newPackageLine('Small Box')] }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

it('reads in Filipino on the booking form, with no English sentence of the booking screens left', async () => {
  fakeApi();
  await activateLanguage('fil');
  renderAt('/');
  expect(await screen.findByRole('heading', { name: 'Mag-book ng padala' })).toBeTruthy();
  await screen.findByLabelText(/^Idineklarang halaga/, undefined, { timeout: 5000 });
  // The priced package and the service areas have arrived: everything the form shows is on screen.
  await waitFor(() => expect(screen.getByTestId('delivery-type-areas').textContent).toContain('Metro Manila at Cebu'), { timeout: 5000 });
  await screen.findByText('Aming mga box');
  expect(screen.getByText('Uri ng delivery')).toBeTruthy();
  expect(screen.getByText('Paano namin kukunin ang parcel')).toBeTruthy();
  expect(screen.getByRole('radio', { name: /Ipa-pick up/ })).toBeTruthy();
  expect(screen.getByText('Sino ang magbabayad')).toBeTruthy();
  expect(screen.getByRole('radio', { name: /Cash pagka-deliver/ })).toBeTruthy();
  expect(screen.getByRole('list', { name: 'Iyong mga package' })).toBeTruthy();
  expect(screen.getByRole('button', { name: /Magpatuloy/ })).toBeTruthy();
  expect(englishLeftIn(readableText(), 'booking')).toEqual([]);
});

it('reads in Filipino on the order summary of a complete booking, stored values (Books, sender pays) included', async () => {
  fakeApi();
  fillCompleteDraft('sender');
  await activateLanguage('fil');
  renderAt('/order-summary');
  expect(await screen.findByRole('heading', { name: 'Buod ng order' })).toBeTruthy();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Mag-order' })).toHaveProperty('disabled', false), { timeout: 5000 });
  expect(screen.getByRole('heading', { name: 'Nagpadala' })).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Tatanggap' })).toBeTruthy();
  expect(screen.getByText(/Mga libro/)).toBeTruthy();
  expect(screen.getByText('Cash pagka-pick up')).toBeTruthy();
  expect(screen.getByText('Kabuuang babayaran')).toBeTruthy();
  expect(englishLeftIn(readableText(), 'booking')).toEqual([]);
});

it('finds the English sentences of the same form rendered in English (the check above can fail)', async () => {
  fakeApi();
  renderAt('/');
  await screen.findByText('Our boxes');
  expect(englishLeftIn(readableText(), 'booking')).toEqual(
    expect.arrayContaining(['Base delivery price per box, anywhere we deliver.', 'Text the recipient a tracking link when I book']),
  );
});

it('says a wrong mobile number in Filipino on the order summary (the message the server also says)', async () => {
  fakeApi();
  updateDraft((d) => ({ ...d, receiver: { ...emptyParty(), name: 'Ramon Cruz', mobileNumber: '12345' } }));
  await activateLanguage('fil');
  renderAt('/order-summary');
  const list = (await screen.findByText('May mga detalyeng kailangang ayusin')).closest('[role="alert"]')!;
  await waitFor(() => expect(list.textContent).toContain('Tatanggap · Mobile number: Maglagay ng tamang mobile number sa Pilipinas, hal. 0917 123 4567'));
});
