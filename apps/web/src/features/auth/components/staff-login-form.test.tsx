import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders as render } from '../../../testing/render';
import { StaffLoginForm } from './staff-login-form';

afterEach(cleanup);

// The form's checks load when it is first used (lib/lazy-resolver.ts): a submit straight away still checks.
describe('StaffLoginForm', () => {
  it('checks the email before sending, with the same message as before its checks loaded lazily', async () => {
    const onSignedIn = vi.fn();
    const user = userEvent.setup();
    render(<StaffLoginForm onSignedIn={onSignedIn} />);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in as staff' }));

    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
