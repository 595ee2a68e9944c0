import { calculationBody, packageBreakdownLabel, quotePrice, type CalculationInput } from '@hatid/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { OwnBoxForm, type OwnBoxValues } from './own-box-form';
import { renderWithI18n } from '../../../testing/render';

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

function renderForm(defaults: Partial<OwnBoxValues> = {}) {
  const pricingCalls: CalculationInput[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as CalculationInput;
    pricingCalls.push(body);
    const result = quotePrice(calculationBody.parse(body));
    return json({ ...result, packages: result.packages.map((p) => ({ ...p, label: packageBreakdownLabel(p) })) });
  });
  renderWithI18n(
    <QueryClientProvider client={createQueryClient()}>
      <OwnBoxForm
        defaults={{ lengthInCm: '', widthInCm: '', heightInCm: '', weightKg: '', quantity: '1', itemCategory: '', ...defaults }}
        deliveryType="next_day"
        editing={false}
        onSubmit={() => undefined}
        onCancel={() => undefined}
      />
    </QueryClientProvider>,
  );
  return pricingCalls;
}

const figures = () => screen.getByTestId('chargeable-weight');
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('shows the chargeable weight once size and weight are in, before the contents are chosen', async () => {
  const pricingCalls = renderForm();
  expect(screen.getByText('Enter the size and weight to see the chargeable weight.')).toBeTruthy();
  type('Length (cm)', '50');
  type('Width (cm)', '40');
  type('Height (cm)', '30');
  type('Weight per box (kg)', '2');
  // 50 × 40 × 30 / 3500 = 17.14 kg → 18 kg.
  await waitFor(() => expect(figures().getAttribute('data-current')).toBe('true'));
  expect(figures().textContent).toContain('17.14 kg');
  expect(figures().textContent).toContain('18 kg');
  expect(screen.queryByText(/Enter the size and weight/)).toBeNull();
  expect(pricingCalls).toHaveLength(1);
});

it('never feeds a refused value such as "1e2" into the maths', async () => {
  const pricingCalls = renderForm({ widthInCm: '40', heightInCm: '30', weightKg: '2' });
  type('Length (cm)', '1e2');
  fireEvent.blur(screen.getByLabelText('Length (cm)'));
  expect(await screen.findByText('Scientific notation is not allowed')).toBeTruthy();
  // 1e2 read as 100 would be 100 × 40 × 30 / 3500 = 34.29 kg; nothing is computed or priced instead.
  expect(figures().textContent).not.toContain('34.29');
  expect(figures().textContent).toContain('Volumetric weight–');
  expect(screen.getByText(/is not valid: correct it/)).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(pricingCalls).toHaveLength(0);

  type('Length (cm)', '100');
  await waitFor(() => expect(figures().textContent).toContain('34.29 kg'));
});
