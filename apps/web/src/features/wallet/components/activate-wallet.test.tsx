import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { ActivateWallet } from './activate-wallet';

afterEach(cleanup);

describe('ActivateWallet', () => {
  it('says what the wallet is for and that activating is free before the button, then activates on a tap', async () => {
    const onActivate = vi.fn();
    renderWithProviders(<ActivateWallet onActivate={onActivate} />);
    const button = screen.getByRole('button', { name: 'Activate my wallet' });
    expect(button.getAttribute('aria-describedby')).toBe('wallet-activation-explained');
    expect(screen.getByText(/pay for bookings in one tap/)).toBeTruthy();
    expect(screen.getByText(/Activating it is free/)).toBeTruthy();
    await userEvent.setup().click(button);
    expect(onActivate).toHaveBeenCalledTimes(1);
  });
});
