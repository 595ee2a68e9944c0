import { DEFAULT_PRICING_CONFIG, type PricingConfig } from '@hatid/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { renderWithProviders } from '../../testing/render';
import { describePricingChanges, formValuesOf, pricingPatch, readPricingForm } from './lib/pricing-form';
import { PricingPage } from './routes/pricing-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the page sees it: GET answers the config in force, PUT applies a patch (boxes merge per box). */
function fakeApi(start: PricingConfig = DEFAULT_PRICING_CONFIG, refuse?: { field: string; message: string }) {
  let config = structuredClone(start);
  const puts: unknown[] = [];
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/shipments/pricing/configs') && init?.method === 'PUT') {
      const patch = JSON.parse(String(init.body));
      puts.push(patch);
      if (refuse) return json({ statusCode: 400, code: 'VALIDATION_FAILED', message: refuse.message, details: [refuse] }, 400);
      const { boxes, ...rest } = patch;
      config = { ...config, ...rest, boxes: { ...config.boxes } };
      for (const [name, fields] of Object.entries(boxes ?? {})) Object.assign(config.boxes[name as keyof PricingConfig['boxes']], fields);
      return json({ data: config });
    }
    if (url.endsWith('/shipments/pricing/configs')) return json({ data: config });
    return json({ data: [] });
  });
  return { fetchSpy, puts };
}

async function openEditor() {
  renderWithProviders(<PricingPage />);
  return screen.findByRole('form', { name: 'Pricing configuration' });
}

describe('pricing configuration editor', () => {
  it('shows every figure of the config in force, in pesos and kilograms', async () => {
    fakeApi({ ...DEFAULT_PRICING_CONFIG, boxRatesInCents: { 'Medium Box': 30000 } });
    const form = await openEditor();
    expect(within(form).getByLabelText('Small Box Price (₱)')).toHaveProperty('value', '220.00');
    expect(within(form).getByLabelText('Small Box Weight limit (kg)')).toHaveProperty('value', '3');
    expect(within(form).getByLabelText(/^Small Box Box rate/)).toHaveProperty('value', '');
    expect(within(form).getByLabelText(/^Medium Box Box rate/)).toHaveProperty('value', '300.00');
    expect(within(form).getByLabelText('Same Day delivery fee (₱)')).toHaveProperty('value', '2000.00');
    expect(within(form).getByLabelText('Own-box surcharge (₱)')).toHaveProperty('value', '20.00');
    expect(within(form).getByLabelText('Your Box rate per kg (₱)')).toHaveProperty('value', '75.00');
    expect(within(form).getByLabelText('Minimum chargeable weight (kg)')).toHaveProperty('value', '5');
    expect(within(form).getByLabelText('Volumetric divisor')).toHaveProperty('value', '3500');
    expect(within(form).getByLabelText('Insurance base fee (₱)')).toHaveProperty('value', '10.00');
    expect(within(form).getByLabelText('Insurance step value (₱)')).toHaveProperty('value', '500.00');
  });

  it('reads in Filipino for staff who choose it, the pricing updated summary included', async () => {
    fakeApi();
    await activateLanguage('fil');
    renderWithProviders(<PricingPage />);
    const form = await screen.findByRole('form', { name: 'Setting ng pagpepresyo' });
    expect(screen.getByRole('heading', { name: 'Pagpepresyo' })).toBeTruthy();
    expect(within(form).getByLabelText('Small Box Presyo (₱)')).toHaveProperty('value', '220.00');
    expect(within(form).getByLabelText('Delivery fee ng Same Day (₱)')).toBeTruthy();
    expect(within(form).getByText('Isang beses idinadagdag sa Same Day na booking. Walang surcharge ang Next Day at Intra-City.')).toBeTruthy();
    expect(englishLeftIn(readableText(), 'pricing')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Small Box Presyo (₱)'), { target: { value: '250' } });
    await userEvent.setup().click(within(form).getByRole('button', { name: 'I-save ang pagpepresyo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Na-update ang pagpepresyo' });
    expect(within(dialog).getByRole('rowheader', { name: 'Presyo ng Small Box' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Tapos na' })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'pricing', 'app')).toEqual([]);
  });

  it('says plainly what is wrong with each field and sends nothing', async () => {
    const { puts } = fakeApi();
    const user = userEvent.setup();
    const form = await openEditor();
    await user.clear(within(form).getByLabelText('Small Box Price (₱)'));
    fireEvent.change(within(form).getByLabelText('Same Day delivery fee (₱)'), { target: { value: '-5' } });
    fireEvent.change(within(form).getByLabelText('Own-box surcharge (₱)'), { target: { value: '20.555' } });
    fireEvent.change(within(form).getByLabelText('Volumetric divisor'), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText('Minimum chargeable weight (kg)'), { target: { value: '4.5' } });
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));

    expect(await within(form).findByText('Required')).toBeTruthy();
    expect(within(form).getByText('Value must be at least 0')).toBeTruthy();
    expect(within(form).getByText('Value must have at most 2 decimal places')).toBeTruthy();
    expect(within(form).getByText('Value must be at least 1')).toBeTruthy();
    expect(within(form).getByText('Value must be a whole number')).toBeTruthy();
    expect(within(form).getByLabelText('Small Box Price (₱)').getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);
  });

  it('sends only the changed figure in centavos and shows the "Pricing updated" summary', async () => {
    const { puts } = fakeApi();
    const user = userEvent.setup();
    const form = await openEditor();
    const price = within(form).getByLabelText('Small Box Price (₱)');
    await user.clear(price);
    await user.type(price, '250.50');
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));

    const modal = await screen.findByRole('dialog', { name: 'Pricing updated' });
    expect(puts).toEqual([{ boxes: { 'Small Box': { basePriceInCents: 25050 } } }]);
    const row = within(modal).getByRole('row', { name: /Small Box price/ });
    expect(row.textContent).toContain('₱220.00');
    expect(row.textContent).toContain('₱250.50');
    expect(within(modal).getAllByRole('row')).toHaveLength(2); // header + the one change

    await user.click(within(modal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The form now starts from the saved figures: saving again has nothing to send.
    expect(within(form).getByLabelText('Small Box Price (₱)')).toHaveProperty('value', '250.50');
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));
    expect(await screen.findByText('Nothing has changed: edit a figure first.')).toBeTruthy();
    expect(puts).toHaveLength(1);
  });

  it('puts a refusal of the server on the field it names', async () => {
    fakeApi(DEFAULT_PRICING_CONFIG, { field: 'boxes.Medium Box.basePriceInCents', message: 'Enter whole centavos' });
    const user = userEvent.setup();
    const form = await openEditor();
    const price = within(form).getByLabelText('Medium Box Price (₱)');
    await user.clear(price);
    await user.type(price, '380');
    await user.click(screen.getByRole('button', { name: 'Save pricing' }));
    expect(await within(form).findByText('Enter whole centavos')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Pricing updated' })).toBeNull();
  });
});

describe('pricing form rules', () => {
  it('turns pesos and kilograms into centavos and grams, and patches only what changed', () => {
    const values = formValuesOf(DEFAULT_PRICING_CONFIG);
    values.boxes['large-box']!.maxWeightKg = '12.5';
    values.boxes['medium-box']!.boxRate = '300';
    values.sameDayFee = '1500';
    const read = readPricingForm(values, DEFAULT_PRICING_CONFIG);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(pricingPatch(DEFAULT_PRICING_CONFIG, read.config)).toEqual({
      boxes: { 'Large Box': { maxWeightInGrams: 12500 } },
      boxRatesInCents: { 'Medium Box': 30000 },
      sameDayFeeInCents: 150000,
    });
    expect(describePricingChanges(DEFAULT_PRICING_CONFIG, read.config)).toEqual([
      { label: 'Medium Box box rate', before: 'None', after: '₱300.00' },
      { label: 'Large Box weight limit', before: '10 kg', after: '12.5 kg' },
      { label: 'Same Day delivery fee', before: '₱2,000.00', after: '₱1,500.00' },
    ]);
    // An empty weight limit means no limit.
    values.boxes['large-box']!.maxWeightKg = '';
    const open = readPricingForm(values, DEFAULT_PRICING_CONFIG);
    expect(open.ok && open.config.boxes['Large Box'].maxWeightInGrams).toBeNull();
    expect(pricingPatch(DEFAULT_PRICING_CONFIG, DEFAULT_PRICING_CONFIG)).toEqual({});
  });
});
