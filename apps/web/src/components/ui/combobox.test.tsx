import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox';

const OPTIONS = [
  { value: '1', label: 'Cebu City' },
  { value: '2', label: 'Mandaue City' },
];

// jsdom lacks what the popover measures with and what cmdk scrolls with; the browser tests use the real ones.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(cleanup);

describe('Combobox', () => {
  it('opens its list on click (loaded on first use), searches, picks, and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Combobox id="city" options={OPTIONS} value={undefined} onChange={onChange} placeholder="Choose a city" searchPlaceholder="Search cities..." />);
    const button = screen.getByRole('combobox');
    expect(button.textContent).toContain('Choose a city');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    const search = await screen.findByPlaceholderText('Search cities...', undefined, { timeout: 10_000 });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.type(search, 'mand');
    expect(screen.queryByRole('option', { name: 'Cebu City' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Mandaue City' }));

    expect(onChange).toHaveBeenCalledWith('2');
    expect(screen.queryByRole('option')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('says "No items found." when the search matches nothing, and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Combobox options={OPTIONS} value="1" onChange={() => {}} />);
    const button = screen.getByRole('combobox');
    expect(button.textContent).toContain('Cebu City');
    await user.click(button);
    await user.type(await screen.findByPlaceholderText('Search...', undefined, { timeout: 10_000 }), 'zzz');
    expect(screen.getByText('No items found.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('No items found.')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
