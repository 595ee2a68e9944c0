import type { PromoCodeDto } from '@hatid/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { renderWithProviders } from '../../testing/render';
import { PromoCodeFormModal } from './components/promo-code-form-modal';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const stored: PromoCodeDto = {
  id: '0b5c3a4e-0000-4000-8000-000000000001',
  code: 'RAINY50',
  description: 'Rainy season',
  type: 'flat',
  percentOff: null,
  amountInCents: 5000,
  // Manila days: June 1 from 00:00 to September 30 until 23:59:59.999.
  startDate: '2026-05-31T16:00:00.000Z',
  endDate: '2026-09-30T15:59:59.999Z',
  usageCount: 3,
  maxUsage: 100,
  maxUsagePerUser: null,
  applicableBoxTypes: ['Small Box'],
  createdAt: '2026-05-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
};

function answer(response: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => response());
}
const sent = (spy: ReturnType<typeof answer>) =>
  spy.mock.calls.map(([url, init]) => ({ url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) }));

describe('promo code form', () => {
  it('adds a flat code typed in pesos, sending centavos as amountInCents', async () => {
    const spy = answer(() => json({ data: { ...stored, code: 'MONSOON' } }, 201));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<PromoCodeFormModal promo={null} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Add promo code' });

    await user.type(within(dialog).getByLabelText('Code'), 'monsoon');
    await user.click(within(dialog).getByRole('radio', { name: 'Flat amount' }));
    await user.type(within(dialog).getByLabelText('Amount off (₱)'), '50.50');
    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2026-06-01' } });
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2026-06-30' } });
    await user.type(within(dialog).getByLabelText(/^Total uses/), '100');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Small Box' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Passport' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add promo code' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent(spy)).toEqual([
      {
        url: '/api/promo-codes',
        method: 'POST',
        body: {
          code: 'MONSOON',
          description: null,
          type: 'flat',
          percentOff: null,
          amountInCents: 5050,
          startDate: '2026-06-01',
          endDate: '2026-06-30',
          maxUsage: 100,
          maxUsagePerUser: null,
          applicableBoxTypes: ['Small Box', 'Passport'],
        },
      },
    ]);
  });

  it('says plainly what is missing or wrong, field by field, and sends nothing', async () => {
    const spy = answer(() => json({}));
    const user = userEvent.setup();
    renderWithProviders(<PromoCodeFormModal promo={null} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Add promo code' });
    await user.click(within(dialog).getByRole('button', { name: 'Add promo code' }));
    expect(await within(dialog).findByText('Enter a code')).toBeTruthy();
    expect(within(dialog).getByText('Enter the percentage off')).toBeTruthy();
    expect(within(dialog).getByText('Choose the first day')).toBeTruthy();
    expect(within(dialog).getByText('Choose the last day')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Code'), 'x!');
    await user.type(within(dialog).getByLabelText('Percentage off (%)'), '12.5');
    fireEvent.change(within(dialog).getByLabelText('First day'), { target: { value: '2026-06-10' } });
    fireEvent.change(within(dialog).getByLabelText('Last day'), { target: { value: '2026-06-01' } });
    await user.type(within(dialog).getByLabelText(/^Uses per customer/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add promo code' }));
    expect(await within(dialog).findByText('Promo codes are 3 to 32 letters, digits, hyphens or underscores')).toBeTruthy();
    expect(within(dialog).getByText('A percentage is a whole number')).toBeTruthy();
    expect(within(dialog).getByText('End date must be on or after the start date')).toBeTruthy();
    expect(within(dialog).getByText('Value must be at least 1')).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'Flat amount' }));
    fireEvent.change(within(dialog).getByLabelText('Amount off (₱)'), { target: { value: '10.555' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add promo code' }));
    expect(await within(dialog).findByText('Value must have at most 2 decimal places')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
  });

  it('edits a stored code from pesos and Manila days, sending only what changed', async () => {
    const spy = answer(() => json({ data: { ...stored, amountInCents: 7500 } }));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<PromoCodeFormModal promo={stored} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit RAINY50' });
    expect(within(dialog).getByLabelText('Amount off (₱)')).toHaveProperty('value', '50.00');
    expect(within(dialog).getByLabelText('First day')).toHaveProperty('value', '2026-06-01');
    expect(within(dialog).getByLabelText('Last day')).toHaveProperty('value', '2026-09-30');
    expect(within(dialog).getByRole('checkbox', { name: 'Small Box' })).toHaveProperty('checked', true);

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Nothing has changed.')).toBeTruthy();

    const amount = within(dialog).getByLabelText('Amount off (₱)');
    await user.clear(amount);
    await user.type(amount, '75');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent(spy)).toEqual([{ url: `/api/promo-codes/${stored.id}`, method: 'PATCH', body: { type: 'flat', percentOff: null, amountInCents: 7500 } }]);
  });

  it('switching a flat code to a percentage sends the percentage and clears the flat amount', async () => {
    const spy = answer(() => json({ data: { ...stored, type: 'percentage', percentOff: 15, amountInCents: null } }));
    const user = userEvent.setup();
    renderWithProviders(<PromoCodeFormModal promo={stored} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit RAINY50' });
    await user.click(within(dialog).getByRole('radio', { name: 'Percentage' }));
    await user.type(within(dialog).getByLabelText('Percentage off (%)'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(sent(spy)[0]!.body).toEqual({ type: 'percentage', percentOff: 15, amountInCents: null });
  });

  it('shows the server’s refusal on the field it names (a taken code)', async () => {
    const message = 'This code is already taken (also by deleted codes, which past shipments still show)';
    answer(() => json({ statusCode: 409, code: 'CONFLICT', message, details: [{ field: 'code', message }] }, 409));
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<PromoCodeFormModal promo={stored} open onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit RAINY50' });
    const code = within(dialog).getByLabelText('Code');
    await user.clear(code);
    await user.type(code, 'TAKEN');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});

describe('promo code form in Filipino', () => {
  it('asks for each field and says what is wrong in Filipino, with no English sentence left', async () => {
    const spy = answer(() => json({}));
    const user = userEvent.setup();
    await activateLanguage('fil');
    renderWithProviders(<PromoCodeFormModal promo={null} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Magdagdag ng promo code' });
    await user.click(within(dialog).getByRole('button', { name: 'Magdagdag ng promo code' }));
    expect(await within(dialog).findByText('Maglagay ng code')).toBeTruthy();
    expect(within(dialog).getByText('Ilagay ang porsyentong ibabawas')).toBeTruthy();
    expect(within(dialog).getByText('Piliin ang unang araw')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Porsyentong ibabawas (%)'), '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Magdagdag ng promo code' }));
    expect(await within(dialog).findByText('Buong numero ang porsyento')).toBeTruthy();
    // "promo code" is the word Filipino apps use too (glossary): "Magdagdag ng promo code" is Filipino.
    expect(englishLeftIn(readableText(dialog), 'promo-codes').filter((phrase) => phrase !== 'promo code')).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });

  it('an edited code says its own name and keeps the English out', async () => {
    answer(() => json({}));
    await activateLanguage('fil');
    renderWithProviders(<PromoCodeFormModal promo={stored} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'I-edit ang RAINY50' });
    expect(within(dialog).getByText('Ang binago mo lang ang ise-save.')).toBeTruthy();
    expect(englishLeftIn(readableText(dialog), 'promo-codes')).toEqual([]);
  });
});
