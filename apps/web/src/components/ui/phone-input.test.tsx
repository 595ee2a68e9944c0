import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test starts before the full field has loaded, as a first visit does.
let PhoneInput: typeof import('./phone-input').PhoneInput;
beforeEach(async () => {
  vi.resetModules();
  ({ PhoneInput } = await import('./phone-input'));
});
afterEach(cleanup);

describe('PhoneInput', () => {
  it('starts as a read-only stand-in; touching it loads the full field, which takes over with the value and the focus', async () => {
    render(<PhoneInput id="mobile" value="+639171234567" onChange={() => {}} />);
    const standIn = screen.getByRole('textbox') as HTMLInputElement;
    expect(standIn.type).toBe('tel');
    expect(standIn.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: /Country/ })).toBeNull();

    standIn.focus();
    // The full field: country picker and the number with its country code, focused where the stand-in was.
    await screen.findByRole('button', { name: 'Country: Philippines +63' }, { timeout: 10_000 });
    const field = screen.getByRole('textbox') as HTMLInputElement;
    expect(field).not.toBe(standIn);
    expect(field.id).toBe('mobile');
    expect(field.readOnly).toBe(false);
    expect(field.value).toBe('+63 917 123 4567');
    expect(document.activeElement).toBe(field);
  });

  it('reports what is typed into the full field as +63 E.164', async () => {
    const onChange = vi.fn();
    render(<PhoneInput id="mobile" value="" onChange={onChange} />);
    screen.getByRole('textbox').focus();
    await screen.findByRole('button', { name: 'Country: Philippines +63' }, { timeout: 10_000 });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '0917 123 4567' } });
    expect(onChange).toHaveBeenLastCalledWith('+639171234567');
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
    await screen.findByRole('button', { name: 'Country: Philippines +63' }, { timeout: 10_000 });
    expect(document.activeElement).toBe(elsewhere);
  });
});
