import { z } from 'zod';
import {
  CARD_BRANDS,
  DIRECT_DEBIT_BANKS,
  EWALLETS,
  PAYMENT_METHOD_KINDS,
  PAYMENT_PROVIDER_STATUSES,
  PAYMENT_STATUSES,
  WALLET_TRANSACTION_TYPES,
} from '../catalogue/enums.js';
import { numericField } from '../validation/numeric.js';
import { pageQuery } from './common.js';

/**
 * The wallet and the money coming in (issue 12; DECISIONS "Wallet and money", "Payment provider").
 * Amounts are integer cents everywhere; a top-up is between the limits below (docs/decisions.md).
 */
export const TOP_UP_MIN_IN_CENTS = 100_00;
export const TOP_UP_MAX_IN_CENTS = 50_000_00;
/** The amount buttons on /wallet, in cents. */
export const TOP_UP_PRESETS_IN_CENTS = [100_00, 300_00, 500_00, 1_000_00, 2_000_00, 5_000_00] as const;
/** A staff adjustment moves at most this much at once: a typo of a few zeros is refused, not booked. */
export const ADJUSTMENT_MAX_IN_CENTS = 100_000_00;
/** A payment link for a shipment is valid this long unless staff say otherwise (hours). */
export const PAYMENT_LINK_DEFAULT_HOURS = 72;

const peso = (cents: number) => `₱${(cents / 100).toLocaleString('en-PH')}`;

/** Whole cents, plain decimal notation (no 1e5), within the top-up limits. */
export const topUpAmountInCents = numericField({
  integer: true,
  min: TOP_UP_MIN_IN_CENTS,
  max: TOP_UP_MAX_IN_CENTS,
  messages: {
    integer: 'Enter the amount in whole centavos',
    min: `The smallest top-up is ${peso(TOP_UP_MIN_IN_CENTS)}`,
    max: `The largest top-up is ${peso(TOP_UP_MAX_IN_CENTS)}`,
  },
});

/** The channels money arrives through; each has a remote flag (payments.<channel>). */
export const PAYMENT_CHANNELS = ['card', 'direct_debit', 'ewallet', 'qr'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** The spec's remote flags: the wallet itself and one per top-up channel. */
export const PAYMENT_FLAG_KEYS = ['payments.wallet', 'payments.card', 'payments.direct_debit', 'payments.ewallet', 'payments.qr'] as const;
export type PaymentFlagKey = (typeof PAYMENT_FLAG_KEYS)[number];
export const flagKeyOf = (channel: PaymentChannel | 'wallet'): PaymentFlagKey => `payments.${channel}`;

export const flagDto = z.object({
  key: z.string(),
  description: z.string().nullable(),
  testValue: z.boolean(),
  productionValue: z.boolean(),
  /** The value the running environment uses (APP_ENV production: productionValue; else testValue). */
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type FlagDto = z.infer<typeof flagDto>;
export const updateFlagBody = z
  .object({ testValue: z.boolean().optional(), productionValue: z.boolean().optional() })
  .refine((b) => b.testValue !== undefined || b.productionValue !== undefined, { message: 'Give testValue or productionValue' });
/** PATCH /flags/{key}. */
export const flagKeyParams = z.object({ key: z.string().trim().min(1).max(100) });

export const walletDto = z.object({
  userId: z.string(),
  balanceInCents: z.number().int(),
  activatedAt: z.string(),
});
export type WalletDto = z.infer<typeof walletDto>;

/** GET /wallet/balance: 0 and `activated` false before the wallet is activated. */
export const walletBalanceDto = z.object({ balanceInCents: z.number(), activated: z.boolean() });
export type WalletBalanceDto = z.infer<typeof walletBalanceDto>;

export const walletTransactionDto = z.object({
  id: z.string(),
  type: z.enum(WALLET_TRANSACTION_TYPES),
  amountInCents: z.number().int(),
  balanceAfterInCents: z.number().int(),
  description: z.string().nullable(),
  shipmentId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  paymentRequestId: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletTransactionDto = z.infer<typeof walletTransactionDto>;

export const walletTransactionsQuery = pageQuery.extend({
  type: z.enum(WALLET_TRANSACTION_TYPES, { error: `Choose one of: ${WALLET_TRANSACTION_TYPES.join(', ')}` }).optional(),
});
export const walletTransactionIdParams = z.object({ transactionId: z.uuid('Wallet transaction not found') });

/** Staff: a Manual Adjustment (either way) with the reason the activity log keeps. */
export const walletAdjustmentBody = z.object({
  amountInCents: numericField({ integer: true, min: -ADJUSTMENT_MAX_IN_CENTS, max: ADJUSTMENT_MAX_IN_CENTS }).refine((v) => v !== 0, {
    message: 'An adjustment cannot be zero',
  }),
  reason: z.string().trim().min(3, 'Say why the wallet is adjusted').max(500),
});
/** POST /wallet/users/{userId}/adjustments: whose wallet, and what the adjustment left. */
export const walletUserParams = z.object({ userId: z.uuid('User not found') });
export const walletAdjustmentResultDto = z.object({ transaction: walletTransactionDto, wallet: walletDto });

/** A saved payment method (card, linked bank account or e-wallet) as the provider's token. */
export const paymentMethodDto = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  bank: z.enum(DIRECT_DEBIT_BANKS).nullable(),
  ewallet: z.enum(EWALLETS).nullable(),
  maskedNumber: z.string().nullable(),
  expiryMonth: z.number().nullable(),
  expiryYear: z.number().nullable(),
  label: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PaymentMethodDto = z.infer<typeof paymentMethodDto>;

export const paymentMethodIdBody = z.object({ paymentMethodId: z.uuid('Choose a saved payment method') });
export const removeCardBody = z.object({ cardTokenId: z.uuid('Choose a saved card') });

/**
 * A card tokenized in the browser: only the provider's token and what the screen shows. Unknown fields are
 * refused, so a client that sends a card number or CVV gets a 400 and nothing is stored or logged.
 */
export const newCardBody = z.strictObject(
  {
    token: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{6,128}$/, 'The card token is not valid'),
    cardBrand: z.enum(CARD_BRANDS, { error: `Choose one of: ${CARD_BRANDS.join(', ')}` }),
    last4: z.string().regex(/^\d{4}$/, 'Give the last 4 digits only'),
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int().min(2000).max(2100),
    isDefault: z.boolean().optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Send the card token only: card numbers and CVV never go to this server' : undefined) },
);

/** Where the provider sends the payer back (the web app's /wallet return pages). */
const returnPath = z
  .string()
  .regex(/^\/[A-Za-z0-9/_-]*$/, 'Give a path of this site, like /wallet')
  .max(200)
  .optional();

export const payCardBody = z.object({ amountInCents: topUpAmountInCents, cardTokenId: z.uuid('Choose a saved card'), returnPath });

/**
 * With Xendit, a card is saved through a payment session: this asks for one, with only what the screen shows
 * (the page checked the card and knows them); the card number and CVV go from the page to Xendit alone.
 * Unknown fields are refused, as for card/new.
 */
export const cardSessionBody = z.strictObject(
  {
    cardBrand: z.enum(CARD_BRANDS, { error: `Choose one of: ${CARD_BRANDS.join(', ')}` }),
    last4: z.string().regex(/^\d{4}$/, 'Give the last 4 digits only'),
    expiryMonth: z.number().int().min(1).max(12),
    expiryYear: z.number().int().min(2000).max(2100),
    returnPath,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Card numbers and CVV never go to this server: send only the brand, last 4 digits and expiry' : undefined,
  },
);

/**
 * POST /card-tokens/card/session: the pending card (listed once the provider confirms it) and the provider's
 * session the page hands the card to. `status` as for a link: REQUIRES_ACTION until the webhook, then ACTIVE or FAILED.
 */
export const cardSessionDto = z.object({
  paymentMethodId: z.string(),
  paymentSessionId: z.string(),
  expiresAt: z.string().nullable(),
  status: z.enum(['REQUIRES_ACTION', 'ACTIVE', 'FAILED']),
});
export type CardSessionDto = z.infer<typeof cardSessionDto>;

export const linkBankBody = z.object({
  bank: z.enum(DIRECT_DEBIT_BANKS, { error: `Choose one of: ${DIRECT_DEBIT_BANKS.join(', ')}` }),
  returnPath,
});
export const linkEwalletBody = z.object({
  ewallet: z.enum(EWALLETS, { error: `Choose one of: ${EWALLETS.join(', ')}` }),
  returnPath,
});
export const payLinkedBody = z.object({ amountInCents: topUpAmountInCents, paymentMethodId: z.uuid('Choose a linked account'), returnPath });
export const oneTimeEwalletBody = z.object({
  amountInCents: topUpAmountInCents,
  ewallet: z.enum(EWALLETS, { error: `Choose one of: ${EWALLETS.join(', ')}` }),
  returnPath,
});
/** E-wallet checkout of a shipment's balance (the payer pays the shipment, not the wallet). */
export const ewalletCheckoutBody = z.object({
  shipmentId: z.string().trim().min(1).max(40),
  ewallet: z.enum(EWALLETS, { error: `Choose one of: ${EWALLETS.join(', ')}` }),
  returnPath,
});
export const oneTimeQrBody = z.object({ amountInCents: topUpAmountInCents });
export const testQrBody = z.object({ paymentRequestId: z.uuid('Payment request not found') });
/** Test mode only: the QR payment was marked paid as if scanned. */
export const testQrResultDto = z.object({ simulated: z.boolean() });

/** What a started payment answers: where to send the payer, or the QR to show. */
export const paymentRequestDto = z.object({
  id: z.string(),
  purpose: z.string(),
  channel: z.string(),
  status: z.enum(PAYMENT_PROVIDER_STATUSES),
  amountInCents: z.number().int(),
  checkoutUrl: z.string().nullable(),
  qrString: z.string().nullable(),
  shipmentId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  flagReason: z.string().nullable(),
  paidAmountInCents: z.number().nullable(),
  createdAt: z.string(),
});
export type PaymentRequestDto = z.infer<typeof paymentRequestDto>;
/** GET /payments/requests/xendit/invoice/{invoiceId}: our id or the provider's invoice id. */
export const paymentLinkParams = z.object({ invoiceId: z.string().trim().min(1).max(100) });
/** GET /payments/requests/{id} (and its QR code): one of my payment requests. */
export const paymentRequestIdParams = z.object({ id: z.uuid('Payment not found') });

/**
 * Xendit's cards-session.js: sends a card from the browser to Xendit under a payment session (the Payments API
 * v3 way of saving a card). The server's content security policy allows its host with Xendit.
 */
export const XENDIT_CARDS_SESSION_JS_URL = 'https://js.xendit.co/cards-session.min.js';

/**
 * GET /payments/card-tokenizer: who takes the card in the browser. The sandbox's tokenizer is part of the web
 * app; with Xendit the page loads cards-session.js and sends the card under a payment session, with the
 * publishable key (never a secret).
 */
export const cardTokenizerDto = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox') }),
  z.object({ provider: z.literal('xendit'), publishableKey: z.string(), scriptUrl: z.string() }),
]);
export type CardTokenizerDto = z.infer<typeof cardTokenizerDto>;

/** A linked account awaiting the payer's authorisation at the provider. */
export const linkStartedDto = z.object({ paymentMethodId: z.string(), checkoutUrl: z.string(), status: z.string() });

export const createPaymentLinkBody = z.object({
  shipmentId: z.string().trim().min(1).max(40),
  /** Default: what is still unpaid on the shipment. */
  amountInCents: numericField({ integer: true, min: 1, max: 21_000_000_00 }).optional(),
  expiresInHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .optional(),
});
export const expirePaymentLinkBody = z.object({ invoiceId: z.string().trim().min(1).max(100) });

export const shipmentPaymentDto = z.object({
  shipmentId: z.string(),
  trackingNumber: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  totalInCents: z.number().int(),
  amountPaidInCents: z.number().int(),
  activeLink: paymentRequestDto.nullable(),
});

export const flaggedPaymentsQuery = pageQuery;
/** A held payment, with whose it is (staff see everyone's). */
export const flaggedPaymentDto = paymentRequestDto.extend({ userId: z.string() });

export type Ewallet = (typeof EWALLETS)[number];
export type DirectDebitBank = (typeof DIRECT_DEBIT_BANKS)[number];
