import { VALIDATION_MESSAGES } from '@hatid/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { MobileNumberForm } from './mobile-number-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The mobile number field, once the full phone field has replaced its read-only stand-in. */
async function mobileField() {
  // The first import of the phone libraries is slow in a busy test run.
  await screen.findByRole('button', { name: /^Country/ }, { timeout: 10_000 });
  return screen.getByLabelText('Mobile number');
}

describe('MobileNumberForm', () => {
  it('shows the spec mobile-number message and sends nothing for "12345"', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<MobileNumberForm onSent={onSent} />);

    await user.type(await mobileField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(VALIDATION_MESSAGES.mobileNumber)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
  });

  it('sends the number in +63 form and hands over the resend wait', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ data: { expiresInSeconds: 300, resendAfterSeconds: 60 } }), { status: 200 }));
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<MobileNumberForm onSent={onSent} />);

    await user.type(await mobileField(), '09171234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await waitFor(() => expect(onSent).toHaveBeenCalledWith('+639171234567', { expiresInSeconds: 300, resendAfterSeconds: 60 }));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/sms/sendOtp');
    expect(JSON.parse(String(init?.body))).toEqual({ mobileNumber: '+639171234567' });
  });
});
