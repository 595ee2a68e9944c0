import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test starts before the full field has loaded, as a first visit does.
let PhoneInput: typeof import('./phone-input').PhoneInput;
beforeEach(async () => {
  vi.resetModules();
  ({ PhoneInput } = await import('./phone-input'));
});
afterEach(cleanup);

describe('PhoneInput', () => {
  it('starts as a plain phone field; the full field takes over with what was typed, as +63 E.164, and keeps the focus', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<PhoneInput id="mobile" value="" onChange={onChange} />);
    const standIn = screen.getByRole('textbox');
    expect(standIn.getAttribute('type')).toBe('tel');
    expect(screen.queryByRole('button', { name: /Country/ })).toBeNull();

    standIn.focus();
    fireEvent.change(standIn, { target: { value: '0917 123 4567' } });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('+639171234567'));
    rerender(<PhoneInput id="mobile" value="+639171234567" onChange={onChange} />);

    // The full field: country picker and the number with its country code, focused where the stand-in was.
    await screen.findByRole('button', { name: 'Country: Philippines +63' });
    const field = screen.getByRole('textbox');
    expect(field.getAttribute('id')).toBe('mobile');
    expect((field as HTMLInputElement).value).toBe('+63 917 123 4567');
    expect(document.activeElement).toBe(field);
  });

  it('does not take the focus back from where the person went while it loaded', async () => {
    render(
      <>
        <PhoneInput id="mobile" value="" onChange={() => {}} />
        <button type="button">Province</button>
      </>,
    );
    screen.getByRole('textbox').focus();
    const elsewhere = screen.getByRole('button', { name: 'Province' });
    elsewhere.focus();
    await screen.findByRole('button', { name: 'Country: Philippines +63' });
    expect(document.activeElement).toBe(elsewhere);
  });
});
