import type { AddressDto } from '@hatid/domain';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/catalogues';
import { renderConsoleScreen } from '../../testing/console-screen';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { renderWithProviders } from '../../testing/render';
import { AddressForm } from './components/address-form';
import { AddressesPage } from './routes/addresses-page';

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

const HOME: AddressDto = {
  id: 'a1',
  label: 'Bahay',
  name: 'Rosa Bautista',
  mobileNumber: '+639171234567',
  email: null,
  provinceCode: '1300000000',
  provinceName: 'Metro Manila',
  cityCode: '1381300000',
  cityLabel: 'Quezon City',
  barangayCode: '1381300001',
  barangayName: 'Poblacion',
  streetName: '1 Rizal Street',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function fakeApi(addresses: AddressDto[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/addresses/saved-addresses')) return json(addresses);
    if (url.startsWith('/api/addresses/covered-provinces')) return json([]);
    return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: url }), { status: 404 });
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('lists the saved addresses in Filipino and asks in Filipino before deleting one', async () => {
  fakeApi([HOME]);
  await activateLanguage('fil');
  renderConsoleScreen('/settings/addresses', '/settings/addresses', <AddressesPage />, ['customer']);
  expect(await screen.findByRole('heading', { name: 'Mga naka-save na address' })).toBeTruthy();
  const card = (await screen.findByRole('heading', { name: 'Bahay' })).closest('li')!;
  expect(within(card).getByText('Default')).toBeTruthy();
  expect(within(card).getByRole('link', { name: 'I-edit ang Bahay' })).toBeTruthy();
  expect(englishLeftIn(readableText(), 'addresses')).toEqual([]);

  await userEvent.setup().click(within(card).getByRole('button', { name: 'Burahin ang Bahay' }));
  const dialog = await screen.findByRole('dialog', { name: 'Burahin ang address na ito?' });
  expect(dialog.textContent).toContain('Aalisin ang Bahay, 1 Rizal Street sa iyong mga naka-save na address.');
  expect(within(dialog).getByRole('button', { name: 'Kanselahin' })).toBeTruthy();
  expect(englishLeftIn(readableText(), 'addresses', 'app')).toEqual([]);
});

it('says what to do when there is no saved address yet, in Filipino', async () => {
  fakeApi([]);
  await activateLanguage('fil');
  renderConsoleScreen('/settings/addresses', '/settings/addresses', <AddressesPage />, ['customer']);
  expect(await screen.findByText('Wala ka pang naka-save na address')).toBeTruthy();
  expect(screen.getAllByRole('link', { name: 'Magdagdag ng address' })).toHaveLength(2);
  expect(englishLeftIn(readableText(), 'addresses')).toEqual([]);
});

it('labels the address form in Filipino, the shared field words included', async () => {
  fakeApi([]);
  await activateLanguage('fil');
  renderWithProviders(<AddressForm onSaved={() => undefined} onCancel={() => undefined} />);
  expect(screen.getByRole('form', { name: 'Magdagdag ng address' })).toBeTruthy();
  expect(screen.getByLabelText('Pangalan ng contact')).toBeTruthy();
  expect(screen.getByText('Probinsya')).toBeTruthy();
  expect(screen.getByLabelText(/Email/).closest('div')?.textContent).toContain('(kung mayroon)');
  expect(screen.getByRole('checkbox', { name: 'Gawing default kong address' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'I-save ang address' })).toBeTruthy();
  expect(englishLeftIn(readableText(), 'addresses', 'app')).toEqual([]);
});
