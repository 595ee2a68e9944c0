import { SOCIAL_LOGIN_ERRORS } from '@hatid/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n as render, renderWithProviders } from '../../../testing/render';
import { SignInError } from './sign-in-error';
import { SocialLoginButton } from './social-login-button';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('SocialLoginButton', () => {
  it('asks the server for the Google sign-in address and goes there', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { data: { url: '/api/oauth/sandbox/authorize?state=s' } }));
    const go = vi.fn();
    renderWithProviders(<SocialLoginButton connectionType="google" redirect="/packages" go={go} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/oauth/sandbox/authorize?state=s'));
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/users/social-login-url?connectionType=google&redirect=%2Fpackages');
  });

  it('connects Google to the signed-in account from the profile (intent=connect)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { data: { url: '/api/oauth/sandbox/authorize?state=c' } }));
    const go = vi.fn();
    renderWithProviders(<SocialLoginButton connectionType="google" intent="connect" go={go} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect Google' }));

    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/oauth/sandbox/authorize?state=c'));
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/users/social-login-url?connectionType=google&intent=connect');
  });

  it('says so when the server has no Google sign-in, and stays on the page', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(422, {
        statusCode: 422,
        code: 'RULE_BROKEN',
        message: 'Google sign-in is not set up on this server',
        details: [{ field: 'connectionType', message: 'Google sign-in is not set up on this server' }],
      }),
    );
    const go = vi.fn();
    renderWithProviders(<SocialLoginButton connectionType="google" go={go} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Google sign-in is not set up on this server');
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Google' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('SignInError', () => {
  it('shows why a social sign-in came back, and nothing without a reason', () => {
    const { rerender } = render(<SignInError code="expired" />);
    expect(screen.getByRole('alert').textContent).toBe(SOCIAL_LOGIN_ERRORS.expired);
    // An account whose email nobody confirmed: what to do instead.
    rerender(<SignInError code="email_unconfirmed" />);
    expect(screen.getByRole('alert').textContent).toContain('Sign in with your mobile number, then connect Google from your profile');
    rerender(<SignInError code="something_new" />);
    expect(screen.getByRole('alert').textContent).toBe('Sign-in did not work. Please try again.');
    rerender(<SignInError code={undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
