import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { AcceptInvitationForm } from './accept-invitation-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('accept invitation form', () => {
  it('sends the link token with the name and password, then signs in', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ data: { id: 'u1', roles: [{ id: 3, name: 'staff' }] } }, 201));
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AcceptInvitationForm token="tok-123" onRegistered={onRegistered} />);
    await user.type(screen.getByLabelText('First name'), 'Rosa');
    await user.type(screen.getByLabelText('Last name'), 'Lim');
    await user.type(screen.getByLabelText(/^Password/), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const [url, init] = spy.mock.calls[0]!;
    expect(String(url)).toBe('/api/users/registerWithEmail');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok-123', firstName: 'Rosa', lastName: 'Lim', password: 'a-long-passphrase' });
  });

  it('checks the password length first, and says so when the link no longer works', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json({ statusCode: 400, code: 'INVALID_TOKEN', message: 'This invitation link has expired or was already used' }, 400));
    const onRegistered = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AcceptInvitationForm token="old" onRegistered={onRegistered} />);
    await user.type(screen.getByLabelText('First name'), 'Rosa');
    await user.type(screen.getByLabelText('Last name'), 'Lim');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Password must be at least 10 characters')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('This invitation link has expired or was already used')).toBeTruthy();
    expect(onRegistered).not.toHaveBeenCalled();
  });
});
