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
    expect(describeNotification({ type: 'ticket_updated', metadata: { ticketId: 't1', reply: 'customer', subject: 'Parcel damaged', authorName: 'Ana Cruz' } })).toEqual({
      title: 'Customer replied',
      message: 'Ana Cruz replied to the ticket "Parcel damaged".',
      link: '/tickets',
    });
  });

  it("tells a business's admins which API key was revoked and why, linking to the keys", () => {
    expect(
      describeNotification({ type: 'api_key_revoked', metadata: { keyName: 'Shop backend', prefix: 'htd_ab12cd34', makerName: 'Maria Villanueva', reason: 'maker_left_business' } }),
    ).toEqual({
      title: 'API key revoked',
      message: 'The API key "Shop backend" (htd_ab12cd34) was revoked: Maria Villanueva, who made it, left the business. Make a new key for the systems that used it.',
      link: '/api-keys',
    });
  });

  it('never shows "undefined" when metadata is missing or of the wrong type', () => {
    for (const type of NOTIFICATION_TYPES) {
      for (const metadata of [undefined, {}, { trackingNumber: 42, amountInCents: 'lots', reason: null }]) {
        const text = describeNotification({ type, metadata: metadata as Record<string, unknown> | undefined });
        expect(text.title.length).toBeGreaterThan(0);
        expect(`${text.title} ${text.message} ${text.link}`).not.toMatch(/undefined|NaN|\[object/);
      }
    }
    expect(describeNotification({ type: 'from_a_newer_server', metadata: {} })).toEqual({
      title: 'Notification',
      message: 'You have a new notification.',
      link: null,
    });
  });
});
