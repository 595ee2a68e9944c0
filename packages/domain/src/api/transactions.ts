import { z } from 'zod';
import { COLLECTION_STATUSES, DELIVERY_STATUSES, PAYERS, PAYMENT_METHODS, PAYMENT_STATUSES, SHIPMENT_STATUSES } from '../catalogue/enums.js';
import { dayOrInstant, END_BEFORE_START, endNotBeforeStart, pageQuery } from './common.js';
import { transactionDto } from './riders.js';

/**
 * The transactions desk (/transactions; api-catalogue "Transactions"; DECISIONS "Transactions and payment
 * status"): every payment recorded for a shipment, its proof, remarks and meta, voiding with a reason, and
 * the shipments nobody has paid for yet. Money is integer cents.
 */

/** The list's tab toggle (product.md §3): every payment, or the shipments without a (valid) payment. */
export const TRANSACTION_LIST_FILTERS = ['all', 'no_transactions'] as const;
export type TransactionListFilter = (typeof TRANSACTION_LIST_FILTERS)[number];
export const TRANSACTION_LIST_FILTER_LABELS: Record<TransactionListFilter, string> = {
  all: 'View All Transactions',
  no_transactions: 'Show shipments without transactions',
};

/** A payment counts (valid) until it is voided; a voided one stays on record with its reason. */
export const TRANSACTION_STATUSES = ['valid', 'voided'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = { valid: 'Valid', voided: 'Voided' };

const listFilters = {
  /** The start of a tracking number, or a payment's reference number (any case). */
  search: z.string().trim().max(100).optional(),
  /** One payment method (the spec's server list); no effect on shipments without transactions. */
  paymentType: z.enum(PAYMENT_METHODS, 'Choose a payment type from the list').optional(),
  transactionStatus: z.enum(TRANSACTION_STATUSES, 'Choose valid or voided').optional(),
  /**
   * When the money was received (a shipment's booking time on the other tab): whole Manila days, both included, or
   * exact ISO instants (the catalogue sends dates as ISO strings).
   */
  startDate: dayOrInstant.optional(),
  endDate: dayOrInstant.optional(),
  filter: z.enum(TRANSACTION_LIST_FILTERS, 'Choose all or no transactions').default('all'),
};

/** GET /transaction: newest first. */
export const transactionListQuery = pageQuery.extend(listFilters).refine(endNotBeforeStart, END_BEFORE_START);
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

export const transactionIdParams = z.object({ id: z.uuid('Transaction not found') });

/** GET /transaction/unique-payment-types: one payment method a payment was recorded with. */
export const recordedPaymentMethodDto = z.enum(PAYMENT_METHODS);

/** GET /transaction/export: the whole filtered list as CSV, named by the console's table. */
export const transactionExportQuery = z
  .object({
    ...listFilters,
    filename: z.string().trim().max(100).optional(),
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type TransactionExportQuery = z.infer<typeof transactionExportQuery>;

/** The shipment a desk row is about. */
export const transactionShipmentDto = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  senderName: z.string(),
  receiverName: z.string(),
  paidBy: z.enum(PAYERS),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  totalInCents: z.number().int(),
  createdAt: z.string(),
});
export type TransactionShipmentDto = z.infer<typeof transactionShipmentDto>;

/** A payment with everything the desk shows and edits. */
export const transactionRecordDto = transactionDto.extend({
  proofUploadId: z.string().nullable(),
  /** Where the proof of payment downloads from (staff only), or null. */
  proofUrl: z.string().nullable(),
  meta: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  voidedById: z.string().nullable(),
  voidedByName: z.string().nullable(),
});
export type TransactionRecordDto = z.infer<typeof transactionRecordDto>;

/** One row of the desk: a payment and its shipment, or (filter no_transactions) a shipment alone. */
export const transactionRowDto = z.object({
  transaction: transactionRecordDto.nullable(),
  shipment: transactionShipmentDto,
});
export type TransactionRowDto = z.infer<typeof transactionRowDto>;

/** GET /transaction/amount-paid/{shipmentId}: what the payments add up to. */
export const amountPaidDto = z.object({
  shipmentId: z.string(),
  trackingNumber: z.string(),
  totalInCents: z.number().int(),
  /** The sum of the valid payments. */
  amountPaidInCents: z.number().int(),
  /** What is still to be paid (never below zero). */
  balanceInCents: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  payments: z.number().int(),
  voidedPayments: z.number().int(),
});
export type AmountPaidDto = z.infer<typeof amountPaidDto>;

/** GET /transaction/collection/{shipmentId}: a shipment's cash, and whether it has reached the hub. */
export const shipmentCollectionDto = z.object({
  shipmentId: z.string(),
  trackingNumber: z.string(),
  paidBy: z.enum(PAYERS),
  /** The valid cash payments, by whoever received them. */
  cashCollectedInCents: z.number().int(),
  collectedBy: z.array(z.object({ userId: z.string().nullable(), name: z.string().nullable(), amountInCents: z.number().int(), receivedAt: z.string() })),
  /** Cash in a completed hand-over to the hub. */
  remittedInCents: z.number().int(),
  /** Cash in a hand-over still pending or on going. */
  inHandOverInCents: z.number().int(),
  /** Cash collected and not (yet) in any live hand-over: owed by whoever holds it. */
  outstandingInCents: z.number().int(),
  collections: z.array(
    z.object({
      id: z.string(),
      status: z.enum(COLLECTION_STATUSES),
      amountInCents: z.number().int(),
      collectedFromName: z.string().nullable(),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
    }),
  ),
});
export type ShipmentCollectionDto = z.infer<typeof shipmentCollectionDto>;

const metaKey = z
  .string()
  .trim()
  .min(1, 'A detail needs a name')
  .max(40, 'Name a detail in at most 40 characters')
  .regex(/^[A-Za-z][A-Za-z0-9 _.-]*$/, 'Name a detail with letters, digits, spaces, _ . and -');
const metaValue = z.union([z.string().trim().max(200, 'Keep a detail to 200 characters'), z.number().finite(), z.boolean(), z.null()]);

/** PUT /transaction/meta/{id}: the payment's extra details (bank, account, GCash number…), replaced whole. */
export const transactionMetaBody = z.object({
  meta: z.record(metaKey, metaValue, 'Send the details as an object of names and values').refine((m) => Object.keys(m).length <= 20, 'At most 20 details'),
});
export type TransactionMetaInput = z.input<typeof transactionMetaBody>;
export type TransactionMetaBody = z.output<typeof transactionMetaBody>;

/** PUT /transaction/proof-of-payment/{id}: a receipt or screenshot uploaded by the person recording it. */
export const proofOfPaymentBody = z.object({ proofUploadId: z.uuid('Upload the proof of payment first') });

/** PUT /transaction/remarks/{id}: an empty text clears the remarks. */
export const transactionRemarksBody = z.object({
  remarks: z.string('Enter the remarks').trim().max(500, 'Keep remarks to 500 characters'),
});

/** POST /transaction/void-payment/{transactionId}. */
export const voidPaymentBody = z.object({
  reason: z.string('Say why the payment is voided').trim().min(3, 'Say why the payment is voided').max(500, 'Keep the reason to 500 characters'),
});
export const voidPaymentParams = z.object({ transactionId: z.uuid('Transaction not found') });
export type VoidPaymentInput = z.input<typeof voidPaymentBody>;

export const voidPaymentResult = z.object({
  transaction: transactionRecordDto,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  balanceInCents: z.number().int(),
});
export type VoidPaymentResult = z.infer<typeof voidPaymentResult>;
