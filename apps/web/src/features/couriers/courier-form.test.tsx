import type { CourierDto } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { CourierFormModal } from './components/courier-form-modal';
import { activateLanguage } from '../../i18n/catalogues';
import { englishLeftIn, readableText } from '../../testing/english-left';
import { renderConsoleScreen } from '../../testing/console-screen';
import { fakeApi } from '../../testing/fake-api';
import { CouriersPage } from './routes/couriers-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const stored: CourierDto = {
  id: '0b5c3a4e-0000-4000-8000-000000000009',
  name: 'Cebu Pacific Cargo',
  type: 'carrier',
  category: 'air',
  code: '5J',
  contactName: null,
  contactNumber: null,
  contactEmail: null,
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const sent = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([url, init]) => ({ url: String(url), method: (init as RequestInit).method, body: JSON.parse(String((init as RequestInit).body)) }));

describe('courier form', () => {
  it('adds a last-mile partner, leaving out the blank fields', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ data: { ...stored, name: 'Panay Last Mile' } }, 201));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CourierFormModal courier={null} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Add courier' });
    await user.type(within(dialog).getByLabelText('Name'), 'Panay Last Mile');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'partner');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'last_mile');
    await user.type(within(dialog).getByLabelText(/^Code/), 'plm');
    await user.click(within(dialog).getByRole('button', { name: 'Add courier' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(spy)).toEqual([
      { url: '/api/couriers', method: 'POST', body: { name: 'Panay Last Mile', type: 'partner', category: 'last_mile', code: 'PLM' } },
    ]);
  });

  it("edits by sending only what changed, and shows the server's refusal on its field", async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(
        {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'A courier with this name already exists',
          details: [{ field: 'name', message: 'A courier with this name already exists' }],
        },
        409,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<CourierFormModal courier={stored} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Cebu Pacific Cargo' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'LBC Air Cargo');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('A courier with this name already exists')).toBeTruthy();
    expect(sent(spy)).toEqual([{ url: `/api/couriers/${stored.id}`, method: 'PATCH', body: { name: 'LBC Air Cargo' } }]);
  });
});

describe('couriers in Filipino (issue 32)', () => {
  it('shows the list and the add form with no English sentence left', async () => {
    await activateLanguage('fil');
    const pal = { ...stored, id: '99999999-9999-4999-8999-999999999999', name: 'PAL Cargo', isActive: false };
    fakeApi((call) => (call.path === '/api/couriers' ? json({ data: [pal], page: 1, limit: 10, total: 1, totalPages: 1 }) : json({ data: [] })));
    const user = userEvent.setup();
    renderConsoleScreen('/couriers', '/couriers', <CouriersPage />, ['staff']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mga courier' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: /PAL Cargo/ });
    expect(row.textContent).toContain('Hindi aktibo');
    expect(within(row).getByRole('button', { name: 'I-activate ang PAL Cargo' })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'couriers')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Magdagdag ng courier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Magdagdag ng courier' });
    expect(within(dialog).getByRole('option', { name: 'Himpapawid' })).toBeTruthy();
    expect(englishLeftIn(readableText(), 'couriers')).toEqual([]);
  });
});
