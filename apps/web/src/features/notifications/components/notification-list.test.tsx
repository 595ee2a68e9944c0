import type { NotificationDto } from '@hatid/domain';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLastSeen } from '../lib/last-seen';
import { emit, subscribedChannels } from '../testing/fake-realtime';
import { USER_ID, fakeNotificationsApi, notification, renderInRouter } from '../testing/notifications-harness';
import { NotificationList } from './notification-list';

vi.mock('../../../lib/realtime', () => import('../testing/fake-realtime'));

const requestedPages = (fetchSpy: ReturnType<typeof fakeNotificationsApi>) =>
  fetchSpy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/notifications/me')
    .map((url) => `${url.searchParams.get('page')}/${url.searchParams.get('limit')}`);

beforeEach(() => {
  window.scrollTo = vi.fn() as never;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('NotificationList', () => {
  it('says "No new notifications" when there are none', async () => {
    const fetchSpy = fakeNotificationsApi(() => []);
    renderInRouter(() => <NotificationList userId={USER_ID} />);

    expect(await screen.findByText('No new notifications')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull();
    expect(requestedPages(fetchSpy)).toEqual(['1/10']);
  });

  it('shows title, message and age of each notification and links a shipment one to its package page', async () => {
    const items = [
      notification('shipment_booked', { trackingNumber: 'ND123456785PH' }, 0),
      notification('delivered', { trackingNumber: 'SD000000011PH' }, 5),
      notification('wallet_topped_up', { amountInCents: 150000 }, 60 * 26),
    ];
    fakeNotificationsApi(() => items);
    renderInRouter(() => <NotificationList userId={USER_ID} />);

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(3);

    expect(links[0]!.getAttribute('href')).toBe('/packages/ND123456785PH');
    expect(links[0]!.textContent).toContain('Shipment booked');
    expect(links[0]!.textContent).toContain('Your shipment ND123456785PH is booked.');
    expect(links[0]!.textContent).toContain('Just now');

    expect(links[1]!.getAttribute('href')).toBe('/packages/SD000000011PH');
    expect(links[1]!.textContent).toContain('Delivered');
    expect(links[1]!.textContent).toContain('5 minutes ago');

    expect(links[2]!.getAttribute('href')).toBe('/wallet');
    expect(links[2]!.textContent).toContain('₱1,500.00 was added to your wallet.');
    expect(links[2]!.textContent).toContain('1 day ago');
    expect(screen.getByText('That is all 3 of your notifications.')).toBeTruthy();
  });

  it('loads the next page of 10 with "Load more" while the server has more, then stops', async () => {
    const items = Array.from({ length: 23 }, (_, i) => notification('picked_up', { trackingNumber: `ND${String(i).padStart(8, '0')}0PH` }, i + 1));
    const fetchSpy = fakeNotificationsApi(() => items);
    const user = userEvent.setup();
    renderInRouter(() => <NotificationList userId={USER_ID} />);

    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(23));

    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('That is all 23 of your notifications.')).toBeTruthy();
    expect(requestedPages(fetchSpy)).toEqual(['1/10', '2/10', '3/10']);
  });

  it('loads the next page on its own when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; target: Element | null }[] = [];
    class FakeObserver {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        observed.push({ callback: this.callback, target });
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const items = Array.from({ length: 15 }, (_, i) => notification('delivered', { trackingNumber: `SD${String(i).padStart(8, '0')}0PH` }, i + 1));
    const fetchSpy = fakeNotificationsApi(() => items);
    renderInRouter(() => <NotificationList userId={USER_ID} />);

    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(observed.length).toBeGreaterThan(0));
    const { callback, target } = observed.at(-1)!;
    act(() => callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(15));
    expect(requestedPages(fetchSpy)).toEqual(['1/10', '2/10']);
  });

  it('counts as read once opened, marks what came since last time as New, and shows new ones live', async () => {
    const items: NotificationDto[] = [
      notification('out_for_delivery', { trackingNumber: 'ND000000020PH' }, 2),
      notification('picked_up', { trackingNumber: 'ND000000020PH' }, 30),
    ];
    // Last visit was between the two.
    localStorage.setItem(`hatid.notifications.seen.${USER_ID}`, new Date(Date.now() - 10 * 60_000).toISOString());
    fakeNotificationsApi(() => items);
    renderInRouter(() => <NotificationList userId={USER_ID} />);

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [newer, older] = within(list).getAllByRole('link');
    expect(within(newer!).queryByText('New')).toBeTruthy();
    expect(within(older!).queryByText('New')).toBeNull();
    await waitFor(() => expect(readLastSeen(USER_ID)).toBe(items[0]!.createdAt));

    expect(subscribedChannels()).toContain(`user:${USER_ID}`);
    items.unshift(notification('delivered', { trackingNumber: 'ND000000020PH' }, 0));
    emit(`user:${USER_ID}`, 'NOTIFICATION_CREATED', { type: 'delivered', trackingNumber: 'ND000000020PH' });

    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
    expect(within(list).getAllByRole('link')[0]!.textContent).toContain('Your shipment ND000000020PH has been delivered.');
    await waitFor(() => expect(readLastSeen(USER_ID)).toBe(items[0]!.createdAt));
  });

  it('shows the error with a way to try again when the list cannot load', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ statusCode: 403, code: 'FORBIDDEN', message: 'You are not allowed to do this' }), { status: 403 }),
    );
    renderInRouter(() => <NotificationList userId={USER_ID} />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are not allowed to do this');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
