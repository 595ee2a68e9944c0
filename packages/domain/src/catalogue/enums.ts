/**
 * Enumerations of the spec (product.md §3, DECISIONS.md). Each list feeds both a Postgres enum in the
 * server schema and a zod enum in request schemas, so the values are written once, here.
 * Values are stable codes; labels for people live beside them.
 */

export const DELIVERY_TYPES = ['next_day', 'same_day', 'intra_city'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  next_day: 'Next Day',
  same_day: 'Same Day',
  intra_city: 'Intra-City',
};

export const SHIPMENT_STATUSES = ['Pending', 'OnGoing', 'Cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Delivery status short labels, in life-cycle order. */
export const DELIVERY_STATUSES = [
  'Order placed',
  'For pickup',
  'Picked up',
  'Orig. hub',
  'Orig. port',
  'In-transit',
  'Dest. port',
  'Dest. hub',
  'For pickup dest.',
  'Out for delivery',
  'Delivered',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const SHIPMENT_SOURCES = ['app', 'external', 'shopify'] as const;
export type ShipmentSource = (typeof SHIPMENT_SOURCES)[number];

export const SERVICE_TYPES = ['Drop Off', 'Pick Up'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const PAYMENT_METHODS = ['bank_transfer', 'cash', 'gcash', 'invoice', 'payment_link', 'qr', 'wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  gcash: 'GCash',
  invoice: 'Invoice',
  payment_link: 'Payment link',
  qr: 'QR',
  wallet: 'Wallet',
};

export const PAYERS = ['sender', 'recipient', 'wallet'] as const;
export type Payer = (typeof PAYERS)[number];
export const PAYER_LABELS: Record<Payer, string> = {
  sender: 'Cash upon pick up',
  recipient: 'Cash upon delivery',
  wallet: 'Wallet',
};

/**
 * Who pays, as a booked shipment reads: a business on an invoice account that books "sender pays" is billed
 * on its account (payment method invoice), so nobody pays cash at pick-up (docs/decisions.md "Booking on account").
 */
export const BILLED_TO_ACCOUNT_LABEL = 'Billed to account';
export function payerLabel(shipment: { paidBy: Payer; paymentMethod: PaymentMethod }): string {
  return shipment.paymentMethod === 'invoice' ? BILLED_TO_ACCOUNT_LABEL : PAYER_LABELS[shipment.paidBy];
}

export const PAYMENT_STATUSES = ['Paid', 'Partially Paid', 'Pending'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A shipment's payment status as people read it. A live shipment shows the derived status. A cancelled one
 * owes nothing: a wallet booking was paid at booking and cancelling it refunds the wallet (the only way a
 * wallet payment is undone), so it reads "Refunded"; other money already paid is still to be returned.
 */
export function shipmentPaymentText(s: { status: ShipmentStatus; paymentStatus: PaymentStatus; paymentMethod: PaymentMethod }): string {
  if (s.status !== 'Cancelled') return s.paymentStatus;
  if (s.paymentStatus === 'Pending') return s.paymentMethod === 'wallet' ? 'Refunded' : 'Nothing due (cancelled)';
  return 'Cancelled: to be refunded';
}

export const COLLECTION_STATUSES = ['pending', 'on_going', 'completed', 'cancelled'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

export const DISCOUNT_TYPES = ['flat', 'percentage'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const DOCUMENT_TYPES = ['image', 'pdf'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const GENDERS = ['female', 'male'] as const;

export const PACKAGING_CATEGORIES = ['Box', 'Pouch', 'Passport', 'Cargo'] as const;
export type PackagingCategory = (typeof PACKAGING_CATEGORIES)[number];

export const BOX_NAMES = ['Small Box', 'Medium Box', 'Large Box', 'Large Pouch', 'Passport', 'Your Box'] as const;
export type BoxName = (typeof BOX_NAMES)[number];

export const ITEM_CATEGORIES = [
  'Appliances',
  'Arts, Crafts & Sewing',
  'Automotive',
  'Baby Products',
  'Beauty & Personal Care',
  'Books',
  'CDs & Vinyl',
  'Cell Phones & Accessories',
  'Clothing, Shoes & Jewelry',
  'Document',
  'Electronics',
  'Grocery & Gourmet Food',
  'Health & Household',
  'Home & Kitchen',
  'Industrial & Scientific',
  'Movies & TV',
  'Musical Instruments',
  'Office Products',
  'Patio, Lawn & Garden',
  'Passport',
  'Pet Supplies',
  'Sports & Outdoors',
  'Tools & Home Improvement',
  'Toys & Games',
  'Video Games',
  'Other',
] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

export const WALLET_TRANSACTION_TYPES = [
  'Cash',
  'Deduction',
  'Manual Adjustment',
  'Payment Link',
  'Purchase',
  'Referral',
  'Refund',
  'Top Up',
  'Voucher',
] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

export const PAYMENT_PROVIDER_STATUSES = [
  'AWAITING_CAPTURE',
  'CANCELED',
  'COMPLETED',
  'EXPIRED',
  'FAILED',
  'PENDING',
  'REQUIRES_ACTION',
  'SUCCEEDED',
  'UNKNOWN',
  'VOIDED',
] as const;
export type PaymentProviderStatus = (typeof PAYMENT_PROVIDER_STATUSES)[number];

export const PAYMENT_METHOD_KINDS = ['Card', 'E-Wallet', 'Linked Account', 'One Time Payment EWallet', 'QR'] as const;
export const CARD_BRANDS = ['Mastercard', 'Visa', 'JCB', 'Discover', 'Diners Club', 'Amex'] as const;
export const DIRECT_DEBIT_BANKS = ['BPI', 'Chinabank', 'RCBC', 'Unionbank'] as const;
export const EWALLETS = ['GCash', 'Maya'] as const;
export const BILLING_PAYMENT_METHODS = ['Bank transfer', 'Cash', 'GCash Direct', 'GCash QR', 'Payment link', 'Wallet'] as const;

/**
 * The spec's activity actions, plus NOTE: what a person wrote by hand (POST /activities), never one of the
 * server's own verbs, so a hand-written entry cannot pass for an event the server recorded.
 */
export const ACTIVITY_ACTIONS = ['ACTIVATED', 'CREATED', 'DEACTIVATED', 'DELETED', 'TIME_IN', 'TIME_OUT', 'UPDATED', 'NOTE'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_TYPES = ['consolidation', 'delivery', 'delivery_failure', 'on_hold', 'pickup'] as const;

export const CANCELLATION_REASONS = [
  'Changed my mind',
  'Chose another courier',
  'Delivery time is too long',
  'Found a better price elsewhere',
  'Incorrect shipping details',
  'Other (please specify)',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const PICKUP_FAILURE_REASONS = [
  'Sender unavailable',
  'Address not found',
  'Insufficient time',
  'Weather or natural disaster',
  'Package not ready',
] as const;

export const DELIVERY_FAILURE_REASONS = [
  'Address not found',
  'Recipient unavailable',
  'Refused by recipient',
  'Insufficient time',
  'Weather',
  'Other',
] as const;

export const CONSOLIDATION_STATUSES = ['pending', 'consolidated', 'deconsolidating', 'completed'] as const;
export const PACKAGE_DECONSOLIDATION_STATUSES = ['received', 'missing', 'damaged'] as const;

export const COURIER_CATEGORIES = ['air', 'sea', 'land', 'last_mile'] as const;

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

export const USER_LIST_STATUSES = ['ACTIVE', 'ALL', 'INACTIVE', 'INVITED'] as const;

export const TIME_RANGES = ['today', 'yesterday', 'this_week', 'last_week', 'this_month', 'last_month', 'this_year', 'last_year', 'all_time'] as const;

export const PERMISSION_GROUPS = [
  'Order Management',
  'Status Updates',
  'Client Management',
  'User Management',
  'Payment & Transactions',
  'Courier Assignment',
  'Configurations',
  'Other',
] as const;
