import { i18n } from '@lingui/core';
import { BOXES, VALIDATION_MESSAGES, calculationBody, packageBreakdownLabel, quotePrice, toBoxDisplay, type CalculationInput } from '@hatid/domain';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_TYPE_HINTS } from '../components/delivery-type-picker';
import { getDraft, resetDraft } from '../draft/booking-draft';
import { BookingForm } from './booking-form';
import { renderWithProviders } from '../../../testing/render';

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

/** The API as the form meets it: the catalogue, no provinces yet, and the domain's own price. */
function fakeApi(provinces: unknown[] = []) {
  const pricingCalls: CalculationInput[] = [];
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/boxes')) return json(BOXES.map(toBoxDisplay));
    if (url.startsWith('/api/addresses/covered-provinces')) return json(provinces);
    if (url.startsWith('/api/shipments/pricing-details')) {
      const body = JSON.parse(String(init?.body)) as CalculationInput;
      pricingCalls.push(body);
      const { receiverProvinceCode: _province, ...request } = calculationBody.parse(body);
      const result = quotePrice(request);
      return json({ ...result, packages: result.packages.map((p) => ({ ...p, label: packageBreakdownLabel(p) })) });
    }
    return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: url }), { status: 404 });
  });
  return { fetchSpy, pricingCalls };
}

async function renderForm() {
  const rootRoute = createRootRoute();
  const home = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <BookingForm signedIn={false} deliveryType={undefined} onDeliveryTypeChange={() => undefined} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  renderWithProviders(<RouterProvider router={router as never} />);
  return screen.findByLabelText(/^Declared value/);
}

beforeEach(() => {
  resetDraft();
  // jsdom does not scroll; the router restores scroll positions on navigation.
  window.scrollTo = vi.fn() as never;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('declared value (numeric field rules)', () => {
  it.each([
    ['1.234', VALIDATION_MESSAGES.decimals],
    ['1e3', VALIDATION_MESSAGES.scientific],
    ['-5', 'Value must be at least 0'],
  ])('shows the spec message for %s once the field is left', async (typed, message) => {
    fakeApi();
    const field = (await renderForm()) as HTMLInputElement;
    fireEvent.change(field, { target: { value: typed } });
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.blur(field);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
  });

  it('is a number box with minimum 0 that the mouse wheel does not change', async () => {
    fakeApi();
    const field = (await renderForm()) as HTMLInputElement;
    expect(field.type).toBe('number');
    expect(field.min).toBe('0');
    field.focus();
    fireEvent.change(field, { target: { value: '250' } });
    fireEvent.wheel(field, { deltaY: -100 });
    expect(document.activeElement).not.toBe(field);
    expect(field.value).toBe('250');
  });

  it('does not price a bad value, then prices the corrected one', async () => {
    const { pricingCalls } = fakeApi();
    const user = userEvent.setup();
    const field = await renderForm();
    await user.click(await screen.findByRole('button', { name: 'Add Small Box' }));
    await waitFor(() => expect(pricingCalls).toHaveLength(1));

    fireEvent.change(field, { target: { value: '1.234' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Fix the highlighted package or declared value to update the price.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(pricingCalls).toHaveLength(1);

    fireEvent.change(field, { target: { value: '1000' } });
    await waitFor(() => expect(pricingCalls).toHaveLength(2));
    expect(pricingCalls[1]!.declaredInsuranceValue).toBe(1000);
    // ₱220 box + ₱15 insurance on ₱1,000.
    await waitFor(() => expect(screen.getByText('Total').closest('div')!.textContent).toBe('Total₱235.00'));
    expect(screen.queryByText(VALIDATION_MESSAGES.decimals)).toBeNull();
  });
});

describe('adding a box and choosing a delivery type', () => {
  it('moves the focus to the new line\'s first field after "Add Small Box"', async () => {
    fakeApi();
    const user = userEvent.setup();
    await renderForm();
    await user.click(await screen.findByRole('button', { name: 'Add Small Box' }));
    const line = await screen.findByRole('listitem', { name: 'Package 1: Small Box' });
    await waitFor(() => expect(document.activeElement).toBe(within(line).getByLabelText('Quantity')));
    await user.click(screen.getByRole('button', { name: 'Add Small Box' }));
    const second = await screen.findByRole('listitem', { name: 'Package 2: Small Box' });
    await waitFor(() => expect(document.activeElement).toBe(within(second).getByLabelText('Quantity')));
  });

  it('describes every delivery type and says up front where Same Day and Intra-City run', async () => {
    fakeApi([
      { provinceCode: '1300000000', name: 'Metro Manila', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
      { provinceCode: '0722000000', name: 'Cebu', partnerStatus: 'direct', retrievalFeeInCents: 0, isIntraCityEnabled: true },
      { provinceCode: '0630000000', name: 'Iloilo', partnerStatus: 'partner', retrievalFeeInCents: 6000, isIntraCityEnabled: false },
    ]);
    await renderForm();
    for (const hint of Object.values(DELIVERY_TYPE_HINTS)) {
      // Not hidden below a breakpoint: the description is there at phone widths too.
      expect(screen.getByText(i18n._(hint)).className).not.toMatch(/(^|\s)hidden(\s|$)/);
    }
    expect((await screen.findByTestId('delivery-type-areas')).textContent).toBe(
      'Same Day and Intra-City pick up and deliver within one province: Metro Manila and Cebu.',
    );
  });
});

describe('texting the recipient (issue 33)', () => {
  it('is ticked by default, and unticking it is kept in the draft the order is placed from', async () => {
    fakeApi();
    await renderForm();
    const box = screen.getByRole('checkbox', { name: 'Text the recipient a tracking link when I book' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(getDraft().textRecipientOnBooking).toBe(true);
    await userEvent.setup().click(box);
    expect(box.checked).toBe(false);
    expect(getDraft().textRecipientOnBooking).toBe(false);
    expect(JSON.parse(sessionStorage.getItem('hatid.booking-draft')!).textRecipientOnBooking).toBe(false);
  });
});
