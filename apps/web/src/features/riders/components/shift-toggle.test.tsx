import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { fakeApi, json } from '../../../testing/fake-api';
import { ShiftToggle } from './shift-toggle';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function serve(cashOnHandInCents: number) {
  return fakeApi((call) => {
    if (call.path === '/api/users/rider/online-status') return json({ data: { isOnline: true, since: '2026-11-22T00:00:00.000Z' } });
    if (call.path === '/api/shipments/rider-stats')
      return json({ data: { assignedToday: 1, pickedUpToday: 1, deliveredToday: 1, pending: 0, codToCollectInCents: 0, cashOnHandInCents } });
    if (call.path === '/api/users/rider/time-out') return json({ data: { isOnline: false, since: '2026-11-22T09:00:00.000Z' } });
    return json({ data: null }, 404);
  });
}

describe('Time out', () => {
  it('asks first when the rider holds cash, naming the amount and the hand-over (issue 29, item 19)', async () => {
    const api = serve(24000);
    const { queryClient } = renderWithProviders(<ShiftToggle />);
    await waitFor(() => expect(queryClient.getQueryData(['rider', 'stats'])).toBeTruthy());
    fireEvent.click(await screen.findByRole('button', { name: 'Time out' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Time out with cash on hand?' });
    expect(ask.textContent).toContain('You still hold ₱240.00 in cash. Hand it over at the hub');
    expect(api.writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Stay on shift' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Time out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Time out, I hold ₱240.00' }));
    await waitFor(() => expect(api.changes()).toEqual([{ method: 'POST', path: '/api/users/rider/time-out', body: {} }]));
    expect(await screen.findByText('Off shift')).toBeTruthy();
  });

  it('times out at once when no cash is held', async () => {
    const api = serve(0);
    const { queryClient } = renderWithProviders(<ShiftToggle />);
    await waitFor(() => expect(queryClient.getQueryData(['rider', 'stats'])).toBeTruthy());
    fireEvent.click(await screen.findByRole('button', { name: 'Time out' }));
    await waitFor(() => expect(api.changes()).toEqual([{ method: 'POST', path: '/api/users/rider/time-out', body: {} }]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
