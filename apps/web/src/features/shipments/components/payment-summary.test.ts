import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../i18n/catalogues';
import { payerName, paymentStatusName } from '../lib/shipment-labels';

const status = (s: Parameters<typeof paymentStatusName>[0]) => i18n._(paymentStatusName(s));
const payer = (s: Parameters<typeof payerName>[0]) => i18n._(payerName(s));

describe('payment status as the customer reads it', () => {
  it('says nothing is due on a cancelled shipment, never "Pending"', () => {
    expect(status({ status: 'Cancelled', paymentStatus: 'Pending', paymentMethod: 'cash' })).toBe('Nothing due (cancelled)');
    expect(status({ status: 'Cancelled', paymentStatus: 'Paid', paymentMethod: 'cash' })).toBe('Cancelled: to be refunded');
    // A wallet booking is paid at booking and refunded to the wallet when cancelled.
    expect(status({ status: 'Cancelled', paymentStatus: 'Pending', paymentMethod: 'wallet' })).toBe('Refunded');
  });

  it('shows the derived status of a live shipment', () => {
    expect(status({ status: 'OnGoing', paymentStatus: 'Pending', paymentMethod: 'cash' })).toBe('Pending');
    expect(status({ status: 'Pending', paymentStatus: 'Partially Paid', paymentMethod: 'cash' })).toBe('Partially Paid');
  });

  it('says the same in Filipino', async () => {
    await activateLanguage('fil');
    expect(status({ status: 'Cancelled', paymentStatus: 'Pending', paymentMethod: 'wallet' })).toBe('Na-refund na');
    expect(status({ status: 'OnGoing', paymentStatus: 'Paid', paymentMethod: 'cash' })).toBe('Bayad na');
  });
});

describe('payer', () => {
  it('reads "Billed to account" for a booking on account, and who pays otherwise', () => {
    expect(payer({ paidBy: 'sender', paymentMethod: 'invoice' })).toBe('Billed to account');
    expect(payer({ paidBy: 'sender', paymentMethod: 'cash' })).toBe('Cash upon pick up');
    expect(payer({ paidBy: 'recipient', paymentMethod: 'cash' })).toBe('Cash upon delivery');
  });
});
