import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../lib/toast';
import { LazyToaster } from './lazy-toaster';

describe('toasts', () => {
  it('mount Sonner only when the first toast is asked for, and show that toast', async () => {
    const { container } = render(<LazyToaster />);
    // Nothing of Sonner on the page before a toast: its toaster region is not there.
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region')).toBeNull();
    act(() => toast.success('Shipment booked'));
    expect(await screen.findByText('Shipment booked')).toBeTruthy();
    act(() => toast.error('Could not save the address'));
    expect(await screen.findByText('Could not save the address')).toBeTruthy();
  });
});
