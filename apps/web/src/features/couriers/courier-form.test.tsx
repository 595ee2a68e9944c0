import type { CourierDto } from '@hatid/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { CourierFormModal } from './components/courier-form-modal';

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
