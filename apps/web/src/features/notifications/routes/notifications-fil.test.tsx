import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/catalogues';
import { englishLeftIn } from '../../../testing/english-left';
import { NotificationBellLink } from '../components/notification-bell-link';
import { NotificationList } from '../components/notification-list';
import { resetAroundEachTest, USER_ID, fakeNotificationsApi, notification, renderInRouter } from '../testing/notifications-harness';

vi.mock('../../../lib/realtime', () => import('../testing/fake-realtime'));

resetAroundEachTest();

describe('notifications in Filipino', () => {
  it('the bell and the list say each notification, its age and a failure reason in Filipino, with no English sentence left', async () => {
    const items = [
      notification('shipment_booked', { trackingNumber: 'ND123456785PH' }, 0),
      notification('delivery_failed', { trackingNumber: 'SD000000011PH', reason: 'Recipient unavailable' }, 5),
      notification('ticket_updated', { status: 'in_progress' }, 60),
      notification('wallet_topped_up', { amountInCents: 150000 }, 60 * 26),
    ];
    fakeNotificationsApi(() => items);
    await activateLanguage('fil');
    renderInRouter(() => (
      <>
        <NotificationBellLink userId={USER_ID} />
        <NotificationList userId={USER_ID} />
      </>
    ));

    const list = await screen.findByRole('list', { name: 'Mga notification' });
    const links = within(list).getAllByRole('link');
    expect(links[0]!.textContent).toContain('Na-book na ang padala mong ND123456785PH.');
    expect(links[0]!.textContent).toContain('Bago');
    expect(links[1]!.textContent).toContain('Hindi namin na-deliver ang SD000000011PH: Wala ang tatanggap.');
    expect(links[1]!.textContent).toContain('5 minuto ang nakalipas');
    expect(links[2]!.textContent).toContain('Inaasikaso na ang iyong support ticket.');
    expect(links[3]!.textContent).toContain('Nadagdagan ng ₱1,500.00 ang wallet mo.');
    expect(screen.getByText('Iyan na ang lahat ng 4 mong notification.')).toBeTruthy();
    // Opening the list reads them all: the bell has nothing unread left.
    expect(await screen.findByRole('link', { name: 'Mga notification' })).toBeTruthy();
    expect(englishLeftIn(document.body.textContent ?? '', 'notifications', 'shipments')).toEqual([]);
    // The texts are the domain's (the same wording as the push): none of their English is left either.
    for (const english of ['is booked', 'could not deliver', 'support ticket is now', 'was added to your wallet'])
      expect(document.body.textContent).not.toContain(english);
  });

  it('the bell counts the unread ones in Filipino', async () => {
    fakeNotificationsApi(() => [notification('delivered', { trackingNumber: 'SD000000011PH' }, 1), notification('picked_up', {}, 2)]);
    await activateLanguage('fil');
    renderInRouter(() => <NotificationBellLink userId={USER_ID} />);
    expect(await screen.findByRole('link', { name: 'Mga notification, 2 ang hindi pa nababasa' })).toBeTruthy();
  });

  it('an empty list says so in Filipino', async () => {
    fakeNotificationsApi(() => []);
    await activateLanguage('fil');
    renderInRouter(() => <NotificationList userId={USER_ID} />);
    expect(await screen.findByText('Walang bagong notification')).toBeTruthy();
    expect(screen.getByText('Sasabihan ka namin dito kapag may nangyari sa iyong mga padala.')).toBeTruthy();
  });
});
