import { VALIDATION_MESSAGES } from '@hatid/domain';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n as render } from '../../../testing/render';
import { EnterNameForm } from './enter-name-form';

afterEach(cleanup);

describe('EnterNameForm', () => {
  it('shows the spec name message for a name with digits and does not continue', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<EnterNameForm onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('First name'), 'Juan3');
    await user.type(screen.getByLabelText('Last name'), 'Dela Cruz');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(VALIDATION_MESSAGES.name)).toBeTruthy();
    expect(screen.getByText(VALIDATION_MESSAGES.name).textContent).toBe('Name may contain only letters, spaces, commas, periods, apostrophes and hyphens');
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts accented names, hyphens and apostrophes, and passes on the account kind', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<EnterNameForm onSubmit={onSubmit} />);

    await user.type(screen.getByLabelText('First name'), 'José Ma.');
    await user.type(screen.getByLabelText('Last name'), "Dela Cruz-O'Neil");
    await user.click(screen.getByRole('radio', { name: /Business/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ firstName: 'José Ma.', lastName: "Dela Cruz-O'Neil", accountType: 'business' });
    expect(screen.queryByText(VALIDATION_MESSAGES.name)).toBeNull();
  });
});
