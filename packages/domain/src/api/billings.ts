import { z } from 'zod';
import { BILLING_PAYMENT_METHODS, COLLECTION_STATUSES, PAYMENT_STATUSES, type CollectionStatus } from '../catalogue/enums.js';
import { pageOf, pageQuery } from './common.js';

/**
 * Billings and invoices (/billings; api-catalogue "Billings", "invoices"; DECISIONS "Billings and
 * invoices"; docs/decisions.md "Billings and invoices").
 *
 * A receivable billing bills a business on an invoice account for the shipments it booked "on account"
 * (payment method invoice) in a period. A payable billing pays a client the cash collected on delivery
 * for its shipments in a period. Payments against a billing are recorded with the spec's billing payment
 * methods; an invoice is the numbered document issued from a billing (numbers sequential, never reused).
 */

export const BILLING_TYPES = ['receivable', 'payable'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const BILLING_TYPE_LABELS: Record<BillingType, string> = { receivable: 'Receivable (client pays us)', payable: 'Payable (we pay the client)' };

export const BILLING_STATUS_LABELS: Record<CollectionStatus, string> = {
  pending: 'Pending',
  on_going: 'On going',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
/** The moves a billing may make; completed and cancelled are final. A billing with payments cannot be cancelled. */
export const BILLING_MOVES: Record<CollectionStatus, readonly CollectionStatus[]> = {
  pending: ['on_going', 'completed', 'cancelled'],
  on_going: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

// Bounded so that a period, and a due date after it, always fit the database's date (year 0 does not).
const manilaDay = z.iso
  .date('Use a yyyy-MM-dd date')
  .refine((d) => !/^\d{4}-\d{2}-\d{2}$/.test(d) || (d >= '2000-01-01' && d <= '2199-12-31'), 'Choose a date between 2000 and 2199');
const provinceCode = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Choose a province from the list');
const notes = z.string().trim().max(1000, 'Keep notes to 1,000 characters');

/**
 * POST /billings: the server gathers the period's shipments (Manila days, both included).
 * receivable: businessId is required (a client on an invoice account); payable: businessId or customerId.
 */
export const createBillingBody = z
  .object({
    billingType: z.enum(BILLING_TYPES, 'Choose receivable or payable').default('receivable'),
    businessId: z.uuid('Choose a client from the list').optional(),
    customerId: z.uuid('Choose a customer from the list').optional(),
    periodStart: manilaDay,
    periodEnd: manilaDay,
    /** Absent: the period's end plus the client's payment terms (30 days for a customer without a business). */
    dueDate: manilaDay.optional(),
    notes: notes.optional(),
  })
  .refine((b) => b.periodStart <= b.periodEnd, { path: ['periodEnd'], message: 'The end of the period must not be before its start' })
  .refine((b) => Boolean(b.businessId) !== Boolean(b.customerId), { path: ['businessId'], message: 'Choose either a client or a customer' })
  .refine((b) => b.billingType !== 'receivable' || Boolean(b.businessId), {
    path: ['businessId'],
    message: 'A receivable billing is for a client on an invoice account',
  });
export type CreateBillingInput = z.input<typeof createBillingBody>;
export type CreateBillingBody = z.output<typeof createBillingBody>;

/** GET /billings: newest first. */
export const billingListQuery = pageQuery.extend({
  /** Part of the client's or customer's name, or the start of a tracking number in the billing, or an invoice number. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(COLLECTION_STATUSES, 'Choose a status from the list').optional(),
  billingType: z.enum(BILLING_TYPES, 'Choose receivable or payable').optional(),
  /** The staff member who prepared it. */
  billerId: z.uuid('Choose a biller from the list').optional(),
  customerId: z.uuid('Choose a customer from the list').optional(),
  /** The province the client's shipments were picked up in (its main address). */
  location: provinceCode.optional(),
});
export type BillingListQuery = z.infer<typeof billingListQuery>;

export const billingIdParams = z.object({ id: z.uuid('Billing not found') });

export const billingShipmentDto = z.object({
  shipmentId: z.string(),
  trackingNumber: z.string(),
  bookedAt: z.string(),
  receiverName: z.string(),
  deliveryStatus: z.string(),
  amountInCents: z.number().int(),
});
export const billingAttachmentDto = z.object({
  id: z.string(),
  uploadId: z.string(),
  name: z.string(),
  url: z.string(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export const billingPaymentDto = z.object({
  id: z.string(),
  method: z.enum(BILLING_PAYMENT_METHODS),
  amountInCents: z.number().int(),
  paidAt: z.string(),
  referenceNumber: z.string().nullable(),
  remarks: z.string().nullable(),
  recordedByName: z.string().nullable(),
});
export const invoiceDto = z.object({
  id: z.string(),
  /** The sequential number; `numberLabel` is how it is printed (INV-000123). */
  number: z.number().int(),
  numberLabel: z.string(),
  billingId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  businessName: z.string().nullable(),
  issuedAt: z.string(),
  dueDate: z.string().nullable(),
  totalInCents: z.number().int(),
  notes: z.string().nullable(),
  issuedByName: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

/** A row of GET /billings; GET /billings/{id} adds shipments, payments, attachments and invoices. */
export const billingDto = z.object({
  id: z.string(),
  billingType: z.enum(BILLING_TYPES),
  customerId: z.string(),
  customerName: z.string(),
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  billerId: z.string().nullable(),
  billerName: z.string().nullable(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  dueDate: z.string().nullable(),
  status: z.enum(COLLECTION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  totalInCents: z.number().int(),
  amountPaidInCents: z.number().int(),
  balanceInCents: z.number().int(),
  shipmentCount: z.number().int(),
  /** The live invoice's printed number, if one was issued. */
  invoiceNumber: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BillingDto = z.infer<typeof billingDto>;
export const billingDetailDto = billingDto.extend({
  shipments: z.array(billingShipmentDto),
  payments: z.array(billingPaymentDto),
  attachments: z.array(billingAttachmentDto),
  invoices: z.array(invoiceDto),
});
export type BillingDetailDto = z.infer<typeof billingDetailDto>;

/** GET /billings answers counts per status with the page, for the tabs. */
export const billingCountsDto = z.object(Object.fromEntries(COLLECTION_STATUSES.map((s) => [s, z.number().int()])) as Record<CollectionStatus, z.ZodNumber>);
/** GET /billings: a page of billings plus `counts`, how many match the same filters under each status (the `status` asked for does not change them). */
export const billingPage = pageOf(billingDto).extend({ counts: billingCountsDto });
export type BillingPage = z.infer<typeof billingPage>;

/**
 * PATCH /billings/{id}: notes, due date, status. A new period gathers the shipments again, allowed
 * only while nothing has been paid and no invoice is live.
 */
export const updateBillingBody = z
  .object({
    periodStart: manilaDay.optional(),
    periodEnd: manilaDay.optional(),
    dueDate: manilaDay.nullable().optional(),
    notes: notes.nullable().optional(),
    status: z.enum(COLLECTION_STATUSES, 'Choose a status from the list').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Change at least one field' })
  .refine((b) => !b.periodStart || !b.periodEnd || b.periodStart <= b.periodEnd, {
    path: ['periodEnd'],
    message: 'The end of the period must not be before its start',
  });
export type UpdateBillingInput = z.input<typeof updateBillingBody>;
export type UpdateBillingBody = z.output<typeof updateBillingBody>;

/** PATCH /billings/bulk-status: each billing moved on its own; failures are reported per row. */
export const billingBulkStatusBody = z.object({
  ids: z.array(z.uuid('Billing not found')).min(1, 'Choose at least one billing').max(100, 'At most 100 billings at once'),
  status: z.enum(COLLECTION_STATUSES, 'Choose a status from the list'),
});
export const billingBulkResultDto = z.object({
  updated: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type BillingBulkResult = z.infer<typeof billingBulkResultDto>;

/**
 * POST /billings/record ("record billing"): a payment against a billing, in centavos, with an
 * Idempotency-Key. Never more than the balance. Wallet takes it from the customer's wallet.
 */
export const recordBillingPaymentBody = z.object({
  billingId: z.uuid('Billing not found'),
  method: z.enum(BILLING_PAYMENT_METHODS, 'Choose how it was paid'),
  amountInCents: z.number('Enter the amount paid').int('Enter the amount in centavos').positive('The amount must be more than zero'),
  /** When it was paid; absent: now. Not in the future. */
  paidAt: z.iso.datetime({ offset: true, message: 'Use a date and time' }).optional(),
  referenceNumber: z.string().trim().max(100, 'Keep the reference to 100 characters').optional(),
  proofUploadId: z.uuid('Upload the proof of payment again').optional(),
  remarks: z.string().trim().max(500, 'Keep remarks to 500 characters').optional(),
});
export type RecordBillingPaymentInput = z.input<typeof recordBillingPaymentBody>;
export type RecordBillingPaymentBody = z.output<typeof recordBillingPaymentBody>;

/** PATCH /billings/{id}/attachments: an uploaded file (POST /uploads first) attached to the billing. */
export const addBillingAttachmentBody = z.object({
  uploadId: z.uuid('Upload the file again'),
  name: z.string().trim().min(1, 'Name the file').max(200, 'Keep the name to 200 characters'),
});
/** DELETE /billings/{id}/attachments (with a body). */
export const removeBillingAttachmentBody = z.object({ attachmentId: z.uuid('Attachment not found') });

// ---- Invoices ---------------------------------------------------------------------------------------------

/** Printed invoice number: INV- and six digits at least. */
export const invoiceNumberLabel = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/** POST /invoices: issues the next number for a billing that has none live. */
export const createInvoiceBody = z.object({
  billingId: z.uuid('Billing not found'),
  notes: notes.optional(),
});
export type CreateInvoiceBody = z.output<typeof createInvoiceBody>;
export const INVOICE_STATES = ['live', 'voided'] as const;
/** GET /invoices: newest number first. */
export const invoiceListQuery = pageQuery.extend({
  /** An invoice number (123 or INV-000123), or part of the client's or customer's name. */
  search: z.string().trim().max(100).optional(),
  billingId: z.uuid('Billing not found').optional(),
  customerId: z.uuid('Choose a customer from the list').optional(),
  state: z.enum(INVOICE_STATES, 'Choose live or voided').optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
export const invoiceIdParams = z.object({ id: z.uuid('Invoice not found') });
/** PATCH /invoices/{id}: notes and due date only; number and total never change. */
export const updateInvoiceBody = z
  .object({ notes: notes.nullable().optional(), dueDate: manilaDay.nullable().optional() })
  .refine((b) => b.notes !== undefined || b.dueDate !== undefined, { message: 'Change at least one field' });
export type UpdateInvoiceBody = z.output<typeof updateInvoiceBody>;
/**
 * DELETE /invoices/{id}: voids it (kept, with the reason); its number is never issued again. The catalogue sends
 * no body, so the body and its reason are optional (Fastify hands over null for no body); a reason given is checked.
 */
export const voidInvoiceBody = z
  .object({ reason: z.string().trim().min(3, 'Give the reason for voiding').max(500, 'Keep the reason to 500 characters').optional() })
  .nullish();
/** What a voided invoice records when the caller gave no reason. */
export const NO_VOID_REASON = 'No reason given';
