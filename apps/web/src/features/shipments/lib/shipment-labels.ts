import type { Payer, PaymentMethod, PaymentStatus, ServiceType, ShipmentStatus } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Pick-up at the sender's, or dropped off at a hub by the sender (the stored values stay the spec's). */
export const SERVICE_TYPE_NAMES: Record<ServiceType, MessageDescriptor> = {
  'Drop Off': msg`Drop Off`,
  'Pick Up': msg`Pick Up`,
};

/**
 * How a shipment is paid, as a person reads it in their language (issue 32). The stored values stay the spec's
 * (domain catalogue/enums.ts); say one with `i18n._(PAYMENT_METHOD_NAMES[method])`.
 */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, MessageDescriptor> = {
  bank_transfer: msg`Bank transfer`,
  cash: msg`Cash`,
  gcash: msg`GCash`,
  invoice: msg`Invoice`,
  payment_link: msg`Payment link`,
  qr: msg`QR`,
  wallet: msg`Wallet`,
};

const PAYER_NAMES: Record<Payer, MessageDescriptor> = {
  sender: msg`Cash upon pick up`,
  recipient: msg`Cash upon delivery`,
  wallet: msg`Wallet`,
};

const BILLED_TO_ACCOUNT = msg`Billed to account`;

/** Who pays, as the domain's payerLabel words it: a booking on an invoice account is billed to the account. */
export function payerName(shipment: { paidBy: Payer; paymentMethod: PaymentMethod }): MessageDescriptor {
  return shipment.paymentMethod === 'invoice' ? BILLED_TO_ACCOUNT : PAYER_NAMES[shipment.paidBy];
}

export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, MessageDescriptor> = {
  Paid: msg`Paid`,
  'Partially Paid': msg`Partially Paid`,
  Pending: msg`Pending`,
};

/**
 * A shipment's payment status as the domain's shipmentPaymentText words it: a live shipment shows the derived
 * status; a cancelled one owes nothing (a wallet booking is refunded to the wallet, other money is to be returned).
 */
export function paymentStatusName(s: { status: ShipmentStatus; paymentStatus: PaymentStatus; paymentMethod: PaymentMethod }): MessageDescriptor {
  if (s.status !== 'Cancelled') return PAYMENT_STATUS_NAMES[s.paymentStatus];
  if (s.paymentStatus === 'Pending') return s.paymentMethod === 'wallet' ? msg`Refunded` : msg`Nothing due (cancelled)`;
  return msg`Cancelled: to be refunded`;
}
