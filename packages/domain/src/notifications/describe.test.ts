import { describe, expect, it } from 'vitest';
import { describeNotification } from './describe.js';
import { NOTIFICATION_TYPES, SHIPMENT_NOTIFICATION_TYPES } from './kinds.js';

describe('describeNotification', () => {
  it('links every shipment kind to its package page', () => {
    for (const type of SHIPMENT_NOTIFICATION_TYPES) {
      const text = describeNotification({ type, metadata: { trackingNumber: 'ND123456785PH' } });
      expect(text.link).toBe('/packages/ND123456785PH');
      expect(text.message).toContain('ND123456785PH');
    }
  });

  it('writes the kinds of DECISIONS "Notifications" in plain words', () => {
    expect(describeNotification({ type: 'courier_on_the_way', metadata: { trackingNumber: 'SD000000011PH' } })).toEqual({
      title: 'Courier on the way',
      message: 'A courier is on the way to pick up SD000000011PH.',
      link: '/packages/SD000000011PH',
    });
    expect(describeNotification({ type: 'delivery_failed', metadata: { trackingNumber: 'ND123456785PH', reason: 'Recipient not at home' } }).message).toBe(
      'We could not deliver ND123456785PH: Recipient not at home. We will reach out to arrange another attempt.',
    );
    expect(describeNotification({ type: 'cancelled', metadata: { trackingNumber: 'ND123456785PH', reason: 'Changed my mind' } }).message).toBe(
      'Your shipment ND123456785PH has been cancelled (Changed my mind).',
    );
  });

  it('links wallet kinds to /wallet and tickets to /talk-to-us, with money in pesos', () => {
    expect(describeNotification({ type: 'wallet_topped_up', metadata: { amountInCents: 150000 } })).toEqual({
      title: 'Wallet topped up',
      message: '₱1,500.00 was added to your wallet.',
      link: '/wallet',
    });
    expect(describeNotification({ type: 'payment_received', metadata: { amountInCents: 37500 } }).link).toBe('/wallet');
    expect(describeNotification({ type: 'payment_received', metadata: { amountInCents: 37500, trackingNumber: 'ND123456785PH' } })).toEqual({
      title: 'Payment received',
      message: 'We received your payment of ₱375.00 for ND123456785PH. Thank you!',
      link: '/packages/ND123456785PH',
    });
    expect(describeNotification({ type: 'ticket_updated', metadata: { ticketId: 't1', status: 'in_progress' } })).toEqual({
      title: 'Ticket updated',
      message: 'Your support ticket is now in progress.',
      link: '/talk-to-us',
    });
  });

  it('tells the customer of a support reply and support of a customer reply, each linking to their ticket screen', () => {
    expect(describeNotification({ type: 'ticket_updated', metadata: { ticketId: 't1', reply: 'support', subject: 'Parcel damaged' } })).toEqual({
      title: 'New reply to your ticket',
      message: 'Our support team replied to your ticket "Parcel damaged".',
      link: '/talk-to-us',
    });
    expect(
      describeNotification({ type: 'ticket_updated', metadata: { ticketId: 't1', reply: 'customer', subject: 'Parcel damaged', authorName: 'Ana Cruz' } }),
    ).toEqual({
      title: 'Customer replied',
      message: 'Ana Cruz replied to the ticket "Parcel damaged".',
      link: '/tickets',
    });
  });

  it("tells a business's admins which API key was revoked and why, linking to the keys", () => {
    expect(
      describeNotification({
        type: 'api_key_revoked',
        metadata: { keyName: 'Shop backend', prefix: 'htd_ab12cd34', makerName: 'Maria Villanueva', reason: 'maker_left_business' },
      }),
    ).toEqual({
      title: 'API key revoked',
      message:
        'The API key "Shop backend" (htd_ab12cd34) was revoked: Maria Villanueva, who made it, left the business. Make a new key for the systems that used it.',
      link: '/api-keys',
    });
  });

  it('tells a business admin which webhook endpoint was switched off, linking to the webhooks screen', () => {
    expect(describeNotification({ type: 'webhook_disabled', metadata: { url: 'https://shop.example/hooks' } })).toEqual({
      title: 'Webhook switched off',
      message:
        'The webhook endpoint https://shop.example/hooks failed for 24 hours and was switched off. Fix it, then switch it on and replay the failed deliveries.',
      link: '/webhooks',
    });
  });

  it('never shows "undefined" when metadata is missing or of the wrong type', () => {
    for (const type of NOTIFICATION_TYPES) {
      for (const metadata of [undefined, {}, { trackingNumber: 42, amountInCents: 'lots', reason: null }]) {
        for (const language of ['en', 'fil'] as const) {
          const text = describeNotification({ type, metadata: metadata as Record<string, unknown> | undefined }, language);
          expect(text.title.length).toBeGreaterThan(0);
          expect(`${text.title} ${text.message} ${text.link}`).not.toMatch(/undefined|NaN|\[object|\{\w+\}/);
        }
      }
    }
    expect(describeNotification({ type: 'from_a_newer_server', metadata: {} })).toEqual({
      title: 'Notification',
      message: 'You have a new notification.',
      link: null,
    });
  });
  it('speaks Filipino to a Filipino reader: listed reasons translated, typed ones kept, pesos as ₱1,500.00', () => {
    expect(describeNotification({ type: 'delivered', metadata: { trackingNumber: 'ND123456785PH' } }, 'fil')).toEqual({
      title: 'Na-deliver na',
      message: 'Na-deliver na ang padala mong ND123456785PH.',
      link: '/packages/ND123456785PH',
    });
    expect(
      describeNotification({ type: 'delivery_failed', metadata: { trackingNumber: 'ND123456785PH', reason: 'Recipient unavailable' } }, 'fil').message,
    ).toBe('Hindi namin na-deliver ang ND123456785PH: Wala ang tatanggap. Kokontakin ka namin para sa susunod na subok.');
    expect(
      describeNotification({ type: 'cancelled', metadata: { trackingNumber: 'ND123456785PH', reason: 'Changed my mind (moved the date)' } }, 'fil').message,
    ).toBe('Kinansela na ang padala mong ND123456785PH (Nagbago ang isip ko (moved the date)).');
    expect(describeNotification({ type: 'cancelled', metadata: { reason: 'Lumipat ako ng bahay' } }, 'fil').message).toBe(
      'Kinansela na ang padala mo (Lumipat ako ng bahay).',
    );
    expect(describeNotification({ type: 'wallet_topped_up', metadata: { amountInCents: 150000 } }, 'fil').message).toBe(
      'Nadagdagan ng ₱1,500.00 ang wallet mo.',
    );
    expect(describeNotification({ type: 'ticket_updated', metadata: { status: 'in_progress' } }, 'fil').message).toBe(
      'Inaasikaso na ang iyong support ticket.',
    );
  });

  it('never shows an English sentence to a Filipino reader, whatever the kind', () => {
    for (const type of [...NOTIFICATION_TYPES, 'from_a_newer_server']) {
      const english = describeNotification({ type, metadata: { trackingNumber: 'ND123456785PH', amountInCents: 100 } });
      const filipino = describeNotification({ type, metadata: { trackingNumber: 'ND123456785PH', amountInCents: 100 } }, 'fil');
      expect(filipino.title, type).not.toBe(english.title);
      expect(filipino.message, type).not.toBe(english.message);
      expect(filipino.link, type).toBe(english.link);
    }
  });
});
