import { DELIVERY_STATUSES } from '@hatid/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/catalogues';
import { renderConsoleScreen } from '../../../testing/console-screen';
import { englishLeftIn } from '../../../testing/english-left';
import { fakeApi, json } from '../../../testing/fake-api';
import { DashboardPage } from './dashboard-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const byDeliveryStatus = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, status === 'Out for delivery' ? 3 : 0]));

describe('the dashboard in Filipino (issue 32)', () => {
  it('names the figures, statuses, ranges and months in Filipino, with no English sentence left', async () => {
    await activateLanguage('fil');
    fakeApi((call) => {
      if (call.path === '/api/shipments/dashboard-stats')
        return json({
          data: {
            total: 5,
            byDeliveryStatus,
            byStatus: { Pending: 0, OnGoing: 3, Cancelled: 2 },
            bookedToday: 1,
            revenueTodayInCents: 24000,
            revenueThisMonthInCents: 123450,
          },
        });
      if (call.path === '/api/shipments/ongoing-shipments-count') return json({ data: { count: 3 } });
      if (call.path === '/api/shipments/sales-stats')
        return json({
          data: {
            startDate: '2026-11-01',
            endDate: '2026-11-02',
            totalBookings: 2,
            totalRevenueInCents: 48000,
            days: [
              { date: '2026-11-01', bookings: 1, revenueInCents: 24000 },
              { date: '2026-11-02', bookings: 1, revenueInCents: 24000 },
            ],
          },
        });
      return json({ data: null }, 404);
    });
    renderConsoleScreen('/dashboard', '/dashboard', <DashboardPage />, ['admin']);
    const stats = await screen.findByTestId('dashboard-stats');
    expect(within(stats).getByText('Lahat ng padala')).toBeTruthy();
    expect(within(stats).getByText('2 kinansela')).toBeTruthy();
    expect(within(stats).getByText('₱240.00 na-book')).toBeTruthy();
    expect(screen.getByTitle('Ide-deliver na')).toBeTruthy();
    expect((await screen.findByRole('combobox', { name: 'Saklaw ng panahon' })).textContent).toContain('Ngayong buwan');
    expect(await screen.findByRole('table', { name: 'Mga booking' })).toBeTruthy();
    expect(screen.getAllByText('Nob 1').length).toBeGreaterThan(0);
    expect(englishLeftIn(document.body.textContent ?? '', 'dashboard')).toEqual([]);
  });
});
