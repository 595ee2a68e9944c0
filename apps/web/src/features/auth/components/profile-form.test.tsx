import type { MeDto } from '@hatid/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { renderWithProviders } from '../../../testing/render';
import { ProfileForm } from './profile-form';
import { meDto } from '../../../testing/users';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me: MeDto = meDto({ email: 'ana@example.ph', emailVerified: true, roles: [{ id: 5, name: 'customer' }], createdAt: '2026-01-01T00:00:00.000Z' });

describe('ProfileForm and a new email', () => {
  it('says the link went out and that the email changes once it is opened; the field keeps the current email', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { data: { ...me, pendingEmail: 'new@example.ph' } }));
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<ProfileForm user={me} />);
    const user = userEvent.setup();
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'New@Example.ph');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('We sent a link to new@example.ph', { description: 'Your email changes once you open it.' }));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body))).toMatchObject({ email: 'New@Example.ph' });
    expect((email as HTMLInputElement).value).toBe('ana@example.ph');
  });

  it('shows the email waiting for its link and sends the link again', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { data: { sentTo: 'new@example.ph' } }));
    const success = vi.spyOn(toast, 'success');
    renderWithProviders(<ProfileForm user={{ ...me, pendingEmail: 'new@example.ph' }} />);

    expect(screen.getByRole('status').textContent).toContain('We sent a link to new@example.ph');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send the link again' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('We sent a new link to new@example.ph', { description: 'It works once, for 24 hours.' }));
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/users/email-verification/resend');
  });

  it('asks to confirm an email nobody confirmed yet, and says nothing for a confirmed one', () => {
    const { rerender } = renderWithProviders(<ProfileForm user={{ ...me, emailVerified: false }} />);
    expect(screen.getByRole('status').textContent).toContain('is not confirmed yet');
    expect(screen.getByRole('button', { name: 'Send a confirmation link' })).toBeTruthy();
    rerender(<ProfileForm user={me} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('ProfileForm in Filipino (issue 32)', () => {
  it('labels the fields and says an unconfirmed email in Filipino, with no English sentence left', async () => {
    await activateLanguage('fil');
    renderWithProviders(<ProfileForm user={{ ...me, emailVerified: false }} />);
    expect(screen.getByLabelText('Pangalan')).toBeTruthy();
    expect(screen.getByLabelText('Apelyido')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Hindi pa nakukumpirma ang email mong ana@example.ph. Kumpirmahin ito para makapag-sign in gamit ang Google at para siguradong natatanggap mo ang mga email.Magpadala ng link para kumpirmahin',
    );
    expect(screen.getByRole('button', { name: 'I-save ang mga pagbabago' })).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'auth')).toEqual([]);
  });
});
