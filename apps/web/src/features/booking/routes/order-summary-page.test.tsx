import { DEFAULT_PRICING_CONFIG, calculationBody, makeTrackingNumber, packageBreakdownLabel, quotePrice, type PricingConfig } from '@hatid/domain';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDraft, resetDraft } from '../draft/booking-draft';
import { OrderSummaryPage } from './order-summary-page';
import { renderWithProviders } from '../../../testing/render';
import { CEBU, METRO_MANILA, fillCompleteDraft } from '../testing/complete-draft';

const TRACKING_NUMBER = makeTrackingNumber('next_day');

const json = (data: unknown, status = 200) => new Response(JSON.stringify({ data }), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, code: string, message: string, details: { field: string; message: string }[]) =>
  new Response(JSON.stringify({ statusCode: status, code, message, details, traceId: 't' }), { status });

interface Booking {
  body: Record<string, unknown>;
  key: string | null;
}

/**
 * The API for the summary: places, the domain's price under a config the test can change, and a booking
 * endpoint that answers from `bookingAnswers` in turn.
 */
function fakeApi(bookingAnswers: ((booking: Booking) => Response)[]) {
  const state = { config: DEFAULT_PRICING_CONFIG as PricingConfig, bookings: [] as Booking[] };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/addresses/saved-addresses')) return json([]);
    if (url.startsWith('/api/addresses/covered-provinces')) {
      return json([
        { provinceCode: METRO_MANILA, name: 'Metro Manila', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
        { provinceCode: CEBU, name: 'Cebu', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
      ]);
    }
    if (url.startsWith('/api/addresses/covered-cities-municipalities/'))
      return json([{ code: url.endsWith(CEBU) ? '0730600000' : '1381300000', name: url.endsWith(CEBU) ? 'Cebu City' : 'Quezon City' }]);
    if (url.startsWith('/api/addresses/barangays/')) return json([{ code: `${url.slice(-10, -1)}1`, name: 'Poblacion' }]);
    if (url.startsWith('/api/shipments/pricing-details')) {
      const { receiverProvinceCode: _province, ...request } = calculationBody.parse(JSON.parse(String(init?.body)));
      const result = quotePrice(request, state.config);
      return json({ ...result, packages: result.packages.map((p) => ({ ...p, label: packageBreakdownLabel(p) })) });
    }
    if (url.startsWith('/api/shipments/customer')) {
      const headers = new Headers(init?.headers);
      const booking = { body: JSON.parse(String(init?.body)) as Record<string, unknown>, key: headers.get('Idempotency-Key') };
      state.bookings.push(booking);
      return bookingAnswers[state.bookings.length - 1]!(booking);
    }
    return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: url }), { status: 404 });
  });
  return state;
}

const shipment = (totalInCents: number) => ({
  trackingNumber: TRACKING_NUMBER,
  deliveryType: 'next_day',
  pickupDate: '2026-11-23',
  totalInCents,
  paidBy: 'recipient',
});

const fillDraft = () => fillCompleteDraft('recipient');

function renderSummary() {
  const rootRoute = createRootRoute();
  const summary = createRoute({
    getParentRoute: () => rootRoute,
    path: '/order-summary',
    validateSearch: (search: Record<string, unknown>) => (typeof search.booked === 'string' ? { booked: search.booked } : {}),
    component: OrderSummaryPage,
  });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>Booking form</p> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([summary, home]),
    history: createMemoryHistory({ initialEntries: ['/order-summary'] }),
  });
  renderWithProviders(<RouterProvider router={router as never} />);
}

const total = () => screen.getByText('Total').closest('div')!.textContent;
const figuresAreCurrent = () => expect(screen.getByTestId('pricing-figures').getAttribute('data-current')).toBe('true');

beforeEach(() => {
  resetDraft();
  window.scrollTo = vi.fn() as never;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('OrderSummaryPage', () => {
  it('shows the new price after a 409, books at it on confirmation with the same Idempotency-Key, then clears the draft', async () => {
    const api = fakeApi([
      () => {
        // Staff raised the Small Box price while the customer was reviewing.
        api.config = {
          ...DEFAULT_PRICING_CONFIG,
          boxes: { ...DEFAULT_PRICING_CONFIG.boxes, 'Small Box': { basePriceInCents: 25000, maxWeightInGrams: 3000 } },
        };
        return failure(409, 'CONFLICT', 'The price is now ₱260.00. Please review the new total and confirm again.', [
          { field: 'expectedTotalInCents', message: 'The price is now ₱260.00. Please review the new total and confirm again.' },
        ]);
      },
      () => json(shipment(26000), 201),
    ]);
    fillDraft();
    const key = getDraft().idempotencyKey;
    const user = userEvent.setup();
    renderSummary();

    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('review-receiver').textContent).toContain('1 Rizal Street, Poblacion, Cebu City, Cebu'));
    await waitFor(() => expect(total()).toBe('Total₱230.00'));
    figuresAreCurrent();
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const alert = await screen.findByText('The price has changed');
    expect(alert.parentElement!.textContent).toContain('The price is now ₱260.00');
    await waitFor(() => expect(total()).toBe('Total₱260.00'));
    figuresAreCurrent();
    expect(api.bookings[0]!.body.expectedTotalInCents).toBe(23000);

    await user.click(screen.getByRole('button', { name: 'Confirm new price and place order' }));
    expect(await screen.findByRole('heading', { name: 'Order placed' })).toBeTruthy();
    expect(screen.getByTestId('tracking-number').textContent).toBe(TRACKING_NUMBER);
    expect(within(screen.getByTestId('booked-details')).getByText('₱260.00 · Cash upon delivery')).toBeTruthy();
    expect(api.bookings).toHaveLength(2);
    expect(api.bookings[1]!.body.expectedTotalInCents).toBe(26000);
    expect(api.bookings.map((b) => b.key)).toEqual([key, key]);
    expect(api.bookings[1]!.body).toMatchObject({
      deliveryType: 'next_day',
      paidBy: 'recipient',
      // The recipient is texted a tracking link unless the sender unticked it (issue 33).
      textRecipientOnBooking: true,
      packages: [{ boxName: 'Small Box', quantity: 1, itemCategory: 'Books' }],
      receiver: { name: 'Ramon Cruz', mobileNumber: '+639181234567', provinceCode: CEBU },
    });
    // The next booking starts from scratch, with a key of its own.
    expect(getDraft().packages).toEqual([]);
    expect(getDraft().idempotencyKey).not.toBe(key);
    expect(sessionStorage.getItem('hatid.booking-draft')).toBeNull();
  });

  it('lists the server field errors by field and keeps the draft', async () => {
    fakeApi([
      () =>
        failure(422, 'RULE_BROKEN', 'Same Day delivers within Metro Manila only', [
          { field: 'receiver.barangayCode', message: 'This barangay is not in the chosen city' },
          { field: 'packages.0.weightInGrams', message: 'Small Box takes up to 3 kg. For a heavier package choose Your Box or Cargo.' },
        ]),
    ]);
    fillDraft();
    const user = userEvent.setup();
    renderSummary();
    await waitFor(() => expect(total()).toBe('Total₱230.00'));
    figuresAreCurrent();
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const issues = await screen.findByText('We could not place the order');
    const list = issues.closest('[role="alert"]')!;
    expect(list.textContent).toContain('Receiver · Barangay: This barangay is not in the chosen city');
    expect(list.textContent).toContain('Package 1 · Weight: Small Box takes up to 3 kg.');
    expect(within(list as HTMLElement).getByRole('link', { name: 'Edit booking' })).toBeTruthy();
    expect(getDraft().packages).toHaveLength(1);
  });

  it('has nothing to place without packages', async () => {
    fakeApi([]);
    renderSummary();
    expect(await screen.findByText('Nothing to review yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a shipment' }).getAttribute('href')).toBe('/');
  });
});
