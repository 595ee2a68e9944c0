import type { NotificationDto } from '@hatid/domain';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsBell } from '../../../app/layout/notifications-bell';
import { emit } from '../testing/fake-realtime';
import { resetAroundEachTest, USER_ID, fakeNotificationsApi, notification, renderInRouter } from '../testing/notifications-harness';
import { NotificationList } from './notification-list';

vi.mock('../../../lib/realtime', () => import('../testing/fake-realtime'));

const booked = (minutesAgo: number) => notification('shipment_booked', { trackingNumber: 'ND123456785PH' }, minutesAgo);
const seenMinutesAgo = (minutes: number) => localStorage.setItem(`hatid.notifications.seen.${USER_ID}`, new Date(Date.now() - minutes * 60_000).toISOString());

/**
 * The bell is a link whose accessible name carries the count; the badge is what sighted people see. The name's words
 * come from the notifications catalogue, loaded on first use: the first test of a busy run waits for its import.
 */
const bell = (name: string | RegExp) => screen.findByRole('link', { name }, { timeout: 5_000 });
const badge = () => screen.queryByTestId('notifications-badge')?.textContent ?? null;

resetAroundEachTest();

describe('NotificationsBell', () => {
  it('counts every notification as unread before the list was ever opened', async () => {
    fakeNotificationsApi(() => [booked(1), booked(2), booked(3)]);
    renderInRouter(() => <NotificationsBell />);

    const link = await bell('Notifications, 3 unread');
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(badge()).toBe('3');
  });

  it('counts only what came after the list was last opened', async () => {
    seenMinutesAgo(10);
    fakeNotificationsApi(() => [booked(1), booked(5), booked(20), booked(60)]);
    renderInRouter(() => <NotificationsBell />);

    await bell('Notifications, 2 unread');
    expect(badge()).toBe('2');
  });

  it('shows no badge when nothing is new', async () => {
    seenMinutesAgo(0);
    fakeNotificationsApi(() => [booked(5)]);
    renderInRouter(() => <NotificationsBell />);

    await bell('Notifications');
    expect(badge()).toBeNull();
  });

  it('caps the badge at "9+"', async () => {
    fakeNotificationsApi(() => Array.from({ length: 12 }, (_, i) => booked(i)));
    renderInRouter(() => <NotificationsBell />);

    await bell('Notifications, more than 9 unread');
    expect(badge()).toBe('9+');
  });

  it('goes up live when a notification arrives on my channel', async () => {
    seenMinutesAgo(10);
    const items: NotificationDto[] = [booked(30)];
    fakeNotificationsApi(() => items);
    renderInRouter(() => <NotificationsBell />);
    await bell('Notifications');

    items.unshift(booked(0));
    emit(`user:${USER_ID}`, 'NOTIFICATION_CREATED', { type: 'shipment_booked', trackingNumber: 'ND123456785PH' });

    await bell('Notifications, 1 unread');
    expect(badge()).toBe('1');
  });

  it('clears once the notifications list is opened', async () => {
    fakeNotificationsApi(() => [booked(1), booked(2)]);
    renderInRouter(() => <NotificationsBell />);
    await bell('Notifications, 2 unread');
    cleanup();

    renderInRouter(() => (
      <>
        <NotificationsBell />
        <NotificationList userId={USER_ID} />
      </>
    ));
    await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(badge()).toBeNull());
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe('/notifications');
  });

  it('is not shown to a visitor who is not signed in', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Sign in first' }), { status: 401 }));
    renderInRouter(() => <NotificationsBell />);

    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(fetchSpy.mock.calls.map(([input]) => String(input))).toEqual(['/api/users/me']);
  });
});
