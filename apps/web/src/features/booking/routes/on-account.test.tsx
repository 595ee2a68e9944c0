import { BOXES, calculationBody, packageBreakdownLabel, quotePrice, toBoxDisplay } from '@hatid/domain';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDraft, startBookingFor } from '../draft/booking-draft';
import { BookingForm } from './booking-form';
import { OrderSummaryPage } from './order-summary-page';
import { renderWithProviders } from '../../../testing/render';
import { CEBU, METRO_MANILA, fillCompleteDraft } from '../testing/complete-draft';

/**
 * Booking on account (docs/decisions.md "Booking on account"): a member of a business on an invoice account
 * sees "sender pays" as billed to the business, in the form and in the order review.
 */
const BUSINESS_ID = '7d1c6a52-8f0b-4b59-9f55-0a4c6f7e2b11';

const json = (data: unknown, status = 200) => new Response(JSON.stringify({ data }), { status, headers: { 'content-type': 'application/json' } });
const notFound = (url: string) => new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: url }), { status: 404 });

const me = (businessId: string | null) => ({
  id: 'a9b8c7d6-0000-4000-8000-000000000001',
  firstName: 'Rosa',
  lastName: 'Bautista',
  name: 'Rosa Bautista',
  mobileNumber: '+639171234567',
  email: null,
  accountType: businessId ? 'business' : 'individual',
  businessName: businessId ? 'Acme Trading' : null,
  businessId,
  agentCode: null,
  usedAgentCode: null,
  status: 'ACTIVE',
  isEmployee: false,
  roles: [{ id: 9, name: 'business_member' }],
  createdAt: '2026-01-01T00:00:00.000Z',
});

const business = (invoiceBillingEnabled: boolean, isActive = true) => ({
  id: BUSINESS_ID,
  name: 'Acme Trading',
  email: null,
  mobileNumber: null,
  tin: null,
  isActive,
  owner: null,
  accountManager: null,
  invoiceAccount: { invoiceBillingEnabled, paymentTermsInDays: 30, creditLimitInCents: 5_000_000 },
  memberCount: 2,
  defaultAddress: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  members: [],
  addresses: [],
});

interface Setup {
  businessId?: string | null;
  invoiceBillingEnabled?: boolean;
  isActive?: boolean;
  booking?: () => Response;
}

/** The API as the booking pages meet it, for a signed-in person in (or out of) a business. */
function fakeApi({ businessId = BUSINESS_ID, invoiceBillingEnabled = true, isActive = true, booking }: Setup = {}) {
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push(url);
    if (url.startsWith('/api/users/me')) return json(me(businessId));
    if (url.startsWith(`/api/businesses/${BUSINESS_ID}`)) return json(business(invoiceBillingEnabled, isActive));
    if (url.startsWith('/api/boxes')) return json(BOXES.map(toBoxDisplay));
    if (url.startsWith('/api/addresses/saved-addresses')) return json([]);
    if (url.startsWith('/api/flags')) return json([]);
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
      const result = quotePrice(request);
      return json({ ...result, packages: result.packages.map((p) => ({ ...p, label: packageBreakdownLabel(p) })) });
    }
    if (booking && (url === '/api/shipments/customer' || url === '/api/shipments')) return booking();
    return notFound(url);
  });
  return calls;
}

function renderAt(path: '/' | '/order-summary') {
  const rootRoute = createRootRoute();
  const home = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <BookingForm signedIn deliveryType={undefined} onDeliveryTypeChange={() => undefined} />,
  });
  const summary = createRoute({
    getParentRoute: () => rootRoute,
    path: '/order-summary',
    validateSearch: (search: Record<string, unknown>) => (typeof search.booked === 'string' ? { booked: search.booked } : {}),
    component: OrderSummaryPage,
  });
  const router = createRouter({ routeTree: rootRoute.addChildren([home, summary]), history: createMemoryHistory({ initialEntries: [path] }) });
  renderWithProviders(<RouterProvider router={router as never} />);
}

/** The form, once on screen (its first render loads the rules). */
async function renderForm() {
  renderAt('/');
  await screen.findByLabelText(/^Declared value/, undefined, { timeout: 5000 });
}

const fillDraft = (paidBy: 'sender' | 'recipient' = 'sender') => fillCompleteDraft(paidBy);

const senderChoice = () => screen.getByRole('radio', { name: /Bill to Acme Trading's account \(invoice\)|Cash upon pick up/ });
const reviewValue = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

beforeEach(() => {
  resetDraft();
  window.scrollTo = vi.fn() as never;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the booking form of a business on an invoice account', () => {
  it('offers "sender pays" as billed to the business account, not cash at pick-up', async () => {
    fakeApi();
    await renderForm();
    expect(await screen.findByRole('radio', { name: /Bill to Acme Trading's account \(invoice\)/ }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Cash upon pick up/ })).toBeNull();
    expect(screen.getByText(/Billed to your business account on its payment terms: nobody pays cash at pick-up\./)).toBeTruthy();
    // The draft starts on "sender pays": its payment method is the invoice.
    expect(screen.getByText('Payment method: Invoice (billed to your business account)')).toBeTruthy();
    // Recipient pays stays cash on delivery.
    expect(screen.getByRole('radio', { name: /Cash upon delivery/ })).toBeTruthy();
  });

  it.each([
    ['not on an invoice account', { invoiceBillingEnabled: false }],
    ['suspended', { isActive: false }],
  ])('keeps cash upon pick up for a business %s', async (_case, setup) => {
    const calls = fakeApi(setup);
    await renderForm();
    // The business was asked about, and its answer changed nothing.
    await waitFor(() => expect(calls.some((c) => c.startsWith(`/api/businesses/${BUSINESS_ID}`))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(senderChoice().getAttribute('value')).toBe('sender');
    expect(screen.queryByRole('radio', { name: /Bill to/ })).toBeNull();
    expect(screen.getByText('Payment method: Cash')).toBeTruthy();
  });

  it('does not ask about a business for a person in none', async () => {
    const calls = fakeApi({ businessId: null });
    await renderForm();
    await screen.findByRole('radio', { name: /Cash upon pick up/ });
    await waitFor(() => expect(calls.some((c) => c.startsWith('/api/users/me'))).toBe(true));
    expect(calls.some((c) => c.startsWith('/api/businesses'))).toBe(false);
  });
});

describe('the order review of a business on an invoice account', () => {
  it('says the booking is billed to the business account instead of cash', async () => {
    fakeApi();
    fillDraft('sender');
    renderAt('/order-summary');
    expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeTruthy();
    await waitFor(() => expect(reviewValue('Payment method')).toBe('Billed to your business account'));
    expect(reviewValue('Who pays')).toBe("Bill to Acme Trading's account (invoice)");
  });

  it('keeps cash for recipient pays', async () => {
    fakeApi();
    fillDraft('recipient');
    renderAt('/order-summary');
    await screen.findByRole('heading', { name: 'Order summary' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reviewValue('Payment method')).toBe('Cash');
    expect(reviewValue('Who pays')).toBe('Cash upon delivery');
  });

  it("names the customer's business when staff book for one of its members", async () => {
    fakeApi();
    startBookingFor({ id: 'a9b8c7d6-0000-4000-8000-000000000002', name: 'Rosa Bautista', businessId: BUSINESS_ID });
    fillDraft('sender');
    renderAt('/order-summary');
    await waitFor(() => expect(reviewValue('Payment method')).toBe("Billed to Acme Trading's account"));
  });

  it('names the account the customer picker gave, though the booker may not read that business (a partner)', async () => {
    const calls = fakeApi({ businessId: null });
    startBookingFor({
      id: 'a9b8c7d6-0000-4000-8000-000000000003',
      name: 'Lito Garcia',
      businessId: 'b0b0b0b0-0000-4000-8000-00000000000b',
      invoiceAccountName: 'Garcia Hardware',
    });
    fillDraft('sender');
    renderAt('/order-summary');
    await waitFor(() => expect(reviewValue('Payment method')).toBe("Billed to Garcia Hardware's account"));
    expect(calls.some((url) => url.startsWith('/api/businesses/'))).toBe(false);
  });

  it('keeps cash when the customer picker says the customer has no account', async () => {
    fakeApi();
    startBookingFor({ id: 'a9b8c7d6-0000-4000-8000-000000000004', name: 'Nena Cruz', businessId: BUSINESS_ID, invoiceAccountName: null });
    fillDraft('sender');
    renderAt('/order-summary');
    await screen.findByRole('heading', { name: 'Order summary' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reviewValue('Payment method')).toBe('Cash');
  });

  it("shows the server's credit-limit refusal under Who pays", async () => {
    const message = "This booking would pass your account's credit limit of ₱50,000.00 (₱48,200.00 already owed). Choose cash or wallet.";
    fakeApi({
      booking: () =>
        new Response(JSON.stringify({ statusCode: 422, code: 'RULE_BROKEN', message, details: [{ field: 'paidBy', message }], traceId: 't' }), { status: 422 }),
    });
    fillDraft('sender');
    const user = userEvent.setup();
    renderAt('/order-summary');
    await waitFor(() => expect(reviewValue('Payment method')).toBe('Billed to your business account'));
    const place = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect((place as HTMLButtonElement).disabled).toBe(false));
    await user.click(place);
    const issues = (await screen.findByText('We could not place the order')).closest('[role="alert"]') as HTMLElement;
    expect(within(issues).getByText(/credit limit of ₱50,000\.00/).parentElement!.textContent).toBe(`Who pays: ${message}`);
  });
});
