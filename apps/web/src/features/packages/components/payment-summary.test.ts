import { payerLabel } from '@hatid/domain';
import { describe, expect, it } from 'vitest';
import { paymentStatusText } from './payment-summary';

describe('paymentStatusText', () => {
  it('says nothing is due on a cancelled shipment, never "Pending"', () => {
    expect(paymentStatusText({ status: 'Cancelled', paymentStatus: 'Pending', paymentMethod: 'cash' })).toBe('Nothing due (cancelled)');
    expect(paymentStatusText({ status: 'Cancelled', paymentStatus: 'Paid', paymentMethod: 'cash' })).toBe('Cancelled: to be refunded');
    // A wallet booking is paid at booking and refunded to the wallet when cancelled.
    expect(paymentStatusText({ status: 'Cancelled', paymentStatus: 'Pending', paymentMethod: 'wallet' })).toBe('Refunded');
  });

  it('shows the derived status of a live shipment as it is', () => {
    expect(paymentStatusText({ status: 'OnGoing', paymentStatus: 'Pending', paymentMethod: 'cash' })).toBe('Pending');
    expect(paymentStatusText({ status: 'Pending', paymentStatus: 'Partially Paid', paymentMethod: 'cash' })).toBe('Partially Paid');
  });
});

describe('payerLabel', () => {
  it('reads "Billed to account" for a booking on account, and who pays otherwise', () => {
    expect(payerLabel({ paidBy: 'sender', paymentMethod: 'invoice' })).toBe('Billed to account');
    expect(payerLabel({ paidBy: 'sender', paymentMethod: 'cash' })).toBe('Cash upon pick up');
    expect(payerLabel({ paidBy: 'recipient', paymentMethod: 'cash' })).toBe('Cash upon delivery');
  });
});
