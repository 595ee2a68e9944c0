import { formatMoney } from '../format/index.js';
import { z } from 'zod';
import { PAYERS, PAYMENT_METHODS } from '../catalogue/enums.js';
import { mobileNumberSchema } from '../validation/index.js';
import { otpSchema } from './users.js';

/**
 * The rider calls (issue 11 part B): rider sign-in, time in and out, the dispatcher's rider picker, and
 * the money a rider or the hub records for a shipment (POST /transaction/add-payment).
 */

/**
 * When something happened on the phone (an offline rider's action is sent later). Kept beside the time the
 * server received it, so staff see both; a time in the future of the server's clock is refused.
 */
export const phoneTimeSchema = z.iso.datetime({ offset: true, message: 'Use an ISO date and time, e.g. 2026-11-22T09:30:00+08:00' });

/** How far ahead of the server's clock a phone's time may be (clocks drift); later is refused. */
export const PHONE_CLOCK_SKEW_MS = 5 * 60_000;
/** How long an action may have waited on a phone without signal; older is refused as a wrong clock. */
export const PHONE_MAX_AGE_MS = 30 * 86_400_000;

/** GET /sms/verifyOtp/rider: the query string of the catalogue. */
export const verifyRiderOtpQuery = z.object({ mobileNumber: mobileNumberSchema, otp: otpSchema });

/** POST /users/rider/time-in: the catalogue's "activity body" (where the rider starts; all optional). */
export const riderTimeBody = z
  .object({
    location: z.string().trim().max(200).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    note: z.string().trim().max(500).optional(),
  })
  .nullish();

export const riderOnlineStatusDto = z.object({
  isOnline: z.boolean(),
  /** The last time in (online) or time out (offline); null before the first time in. */
  since: z.string().nullable(),
});
export type RiderOnlineStatusDto = z.infer<typeof riderOnlineStatusDto>;

/** One rider in the dispatcher's picker (GET /users/riders/{cityMunicipalityCode}). */
export const riderDto = z.object({
  id: z.string(),
  name: z.string(),
  mobileNumber: z.string().nullable(),
  isOnline: z.boolean(),
  serviceAreaCodes: z.array(z.string()),
  /** Shipments assigned to the rider and not yet delivered or cancelled: how busy they are. */
  activeAssignments: z.number().int(),
});
export type RiderDto = z.infer<typeof riderDto>;

export const cityMunicipalityParams = z.object({
  cityMunicipalityCode: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'Choose a city or municipality from the list'),
});

/** Methods recorded by their own flows (the wallet ledger), never by hand. */
export const NOT_BY_HAND_METHODS = ['wallet'] as const;

/** POST /transaction/add-payment. Money is integer cents. */
export const addPaymentBody = z
  .object({
    shipmentId: z.uuid('Choose a shipment').optional(),
    trackingNumber: z.string().trim().min(1).max(40).optional(),
    method: z.enum(PAYMENT_METHODS, 'Choose how it was paid'),
    amountInCents: z.number('Enter the amount').int('Enter the amount in whole centavos').min(1, 'Enter an amount above zero').max(100_000_000),
    paidBy: z.enum(PAYERS).optional(),
    referenceNumber: z.string().trim().max(100).optional(),
    remarks: z.string().trim().max(500).optional(),
    proofUploadId: z.uuid().optional(),
    /** When the money changed hands on the phone (an offline rider sends it later). */
    receivedAt: phoneTimeSchema.optional(),
    /** Why a rider's cash is less than was due (required then: the shortfall stays on record with it). */
    shortReason: z.string().trim().min(3, 'Say why the cash is short').max(300).optional(),
  })
  .refine((b) => Boolean(b.shipmentId) !== Boolean(b.trackingNumber), {
    path: ['shipmentId'],
    message: 'Give the shipment id or its tracking number (one of them)',
  })
  .refine((b) => !(NOT_BY_HAND_METHODS as readonly string[]).includes(b.method), {
    path: ['method'],
    message: 'Wallet payments are recorded by the wallet itself',
  });
export type AddPaymentInput = z.input<typeof addPaymentBody>;
export type AddPaymentBody = z.output<typeof addPaymentBody>;

export const transactionDto = z.object({
  id: z.string(),
  shipmentId: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amountInCents: z.number().int(),
  paidBy: z.enum(PAYERS).nullable(),
  receivedById: z.string().nullable(),
  receivedByName: z.string().nullable(),
  /** When the money changed hands (the phone's time for a rider's record). */
  receivedAt: z.string(),
  /** When the server recorded it. */
  recordedAt: z.string(),
  referenceNumber: z.string().nullable(),
  remarks: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** A rider's cash short of what was due: by how much and why (null when it was not short). */
  shortInCents: z.number().int().nullable(),
  shortReason: z.string().nullable(),
});
export type TransactionDto = z.infer<typeof transactionDto>;

/** "₱40.00 short: the recipient had only ₱200": how a rider's shortfall reads to the rider and to staff. */
export const shortfallText = (shortInCents: number, reason: string | null) => `${formatMoney(shortInCents)} short${reason ? `: ${reason}` : ''}`;

export const addPaymentResult = z.object({
  transaction: transactionDto,
  paymentStatus: z.enum(['Paid', 'Partially Paid', 'Pending']),
  /** What is still to be paid after this payment. */
  balanceInCents: z.number().int(),
});
