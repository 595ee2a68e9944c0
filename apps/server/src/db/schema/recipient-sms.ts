import { check, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RECIPIENT_SMS_KINDS } from '@hatid/domain';
import { at, createdAt, id } from './_columns.js';
import { oneOf } from './_enums.js';
import { shipments } from './shipments.js';

/**
 * A shipment's texts to its recipient (issue 33; migration 0036): how many went out, and whether the recipient
 * stopped them from the tracking page. One row per shipment texted or stopped; the count is the rate limit's.
 */
export const recipientSmsShipments = pgTable('recipient_sms_shipments', {
  shipmentId: uuid('shipment_id')
    .primaryKey()
    .references(() => shipments.id, { onDelete: 'cascade' }),
  sentCount: integer('sent_count').notNull().default(0),
  /** The recipient stopped the texts about this parcel on the tracking page. */
  stoppedAt: at('stopped_at'),
  createdAt: createdAt(),
});

export const RECIPIENT_SMS_STATES = ['sending', 'sent'] as const;

/**
 * One text to a recipient. Claimed ('sending') before the provider is asked and marked 'sent' after: a retried
 * outbox job finds the claim and sends nothing (unique per shipment, kind and Manila day of the event).
 */
export const recipientSmsMessages = pgTable(
  'recipient_sms_messages',
  {
    id: id(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RECIPIENT_SMS_KINDS }).notNull(),
    /** The event's calendar day in Asia/Manila. */
    day: date('day', { mode: 'string' }).notNull(),
    state: text('state', { enum: RECIPIENT_SMS_STATES }).notNull().default('sending'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('recipient_sms_messages_once_uq').on(t.shipmentId, t.kind, t.day),
    check('recipient_sms_messages_kind', oneOf(t.kind, RECIPIENT_SMS_KINDS)),
    check('recipient_sms_messages_state', oneOf(t.state, RECIPIENT_SMS_STATES)),
  ],
);

/** Mobile numbers (E.164) that replied STOP: no recipient text goes to them until they reply START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  mobileNumber: text('mobile_number').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
