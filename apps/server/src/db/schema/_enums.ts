import {
  ACTIVITY_ACTIONS,
  ACTIVITY_TYPES,
  BILLING_PAYMENT_METHODS,
  BOX_NAMES,
  CANCELLATION_REASONS,
  CARD_BRANDS,
  COLLECTION_STATUSES,
  CONSOLIDATION_STATUSES,
  COURIER_CATEGORIES,
  DELIVERY_STATUSES,
  DELIVERY_TYPES,
  DIRECT_DEBIT_BANKS,
  DISCOUNT_TYPES,
  DOCUMENT_TYPES,
  EWALLETS,
  ITEM_CATEGORIES,
  PACKAGE_DECONSOLIDATION_STATUSES,
  PACKAGING_CATEGORIES,
  PAYERS,
  PAYMENT_METHOD_KINDS,
  PAYMENT_METHODS,
  PAYMENT_PROVIDER_STATUSES,
  PAYMENT_STATUSES,
  SERVICE_TYPES,
  SHIPMENT_SOURCES,
  SHIPMENT_STATUSES,
  TICKET_STATUSES,
  WALLET_TRANSACTION_TYPES,
} from '@hatid/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, pgEnum } from 'drizzle-orm/pg-core';

/**
 * Postgres enums shared by several aggregates. Every list comes from @hatid/domain so the database, the
 * zod request schemas and the web app agree on one spelling. users.ts and addresses.ts keep their own.
 */
export const shipmentStatus = pgEnum('shipment_status', SHIPMENT_STATUSES);
export const deliveryStatus = pgEnum('delivery_status', DELIVERY_STATUSES);
export const deliveryType = pgEnum('delivery_type', DELIVERY_TYPES);
export const shipmentSource = pgEnum('shipment_source', SHIPMENT_SOURCES);
export const serviceType = pgEnum('service_type', SERVICE_TYPES);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const payer = pgEnum('payer', PAYERS);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const cancellationReason = pgEnum('cancellation_reason', CANCELLATION_REASONS);
export const boxName = pgEnum('box_name', BOX_NAMES);
export const packagingCategory = pgEnum('packaging_category', PACKAGING_CATEGORIES);
export const itemCategory = pgEnum('item_category', ITEM_CATEGORIES);
export const documentType = pgEnum('document_type', DOCUMENT_TYPES);
export const activityType = pgEnum('activity_type', ACTIVITY_TYPES);
export const discountType = pgEnum('discount_type', DISCOUNT_TYPES);
export const walletTransactionType = pgEnum('wallet_transaction_type', WALLET_TRANSACTION_TYPES);
export const paymentProviderStatus = pgEnum('payment_provider_status', PAYMENT_PROVIDER_STATUSES);
export const paymentMethodKind = pgEnum('payment_method_kind', PAYMENT_METHOD_KINDS);
export const cardBrand = pgEnum('card_brand', CARD_BRANDS);
export const directDebitBank = pgEnum('direct_debit_bank', DIRECT_DEBIT_BANKS);
export const ewallet = pgEnum('ewallet', EWALLETS);
export const billingPaymentMethod = pgEnum('billing_payment_method', BILLING_PAYMENT_METHODS);
/** The spec gives collections and billings one status list ("Collection or billing status"). */
export const collectionStatus = pgEnum('collection_status', COLLECTION_STATUSES);
export const consolidationStatus = pgEnum('consolidation_status', CONSOLIDATION_STATUSES);
export const packageDeconsolidationStatus = pgEnum('package_deconsolidation_status', PACKAGE_DECONSOLIDATION_STATUSES);
export const courierCategory = pgEnum('courier_category', COURIER_CATEGORIES);
export const ticketStatus = pgEnum('ticket_status', TICKET_STATUSES);
export const activityAction = pgEnum('activity_action', ACTIVITY_ACTIONS);

/**
 * `column IN ('a', 'b')` for a CHECK constraint on a text column whose list the domain does not (yet) own.
 * Values are inlined as literals because CHECK constraints cannot take bind parameters.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} IN (${sql.raw(literals)})`;
}

/** Payment providers of DECISIONS "Payment provider"; server-only, so the domain has no list. */
export const PAYMENT_PROVIDERS = ['sandbox', 'xendit'] as const;
