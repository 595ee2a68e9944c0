import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './_columns.js';
import { oneOf } from './_enums.js';
import { shipments } from './shipments.js';
import { users } from './users.js';

export const BULK_BATCH_STATE_VALUES = ['checking', 'checked', 'booking', 'booked'] as const;

/**
 * An uploaded spreadsheet of bookings (issue 33, migration 0035): checked first, then booked once on confirm.
 * The state moves checking → checked → booking → booked; confirm moves checked → booking in one UPDATE, so
 * pressing it twice books nothing twice.
 */
export const bulkBookingBatches = pgTable(
  'bulk_booking_batches',
  {
    id: id(),
    /** restrict: people are deactivated, never deleted. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    state: text('state', { enum: BULK_BATCH_STATE_VALUES }).notNull().default('checking'),
    totalRows: integer('total_rows').notNull(),
    checkedRows: integer('checked_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    bookedRows: integer('booked_rows').notNull().default(0),
    totalInCents: integer('total_in_cents').notNull().default(0),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Last sign of life of the checking or booking run: a run silent for a minute is taken over (a restart). */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_booking_batches_created_by_idx').on(t.createdById, t.createdAt),
    check('bulk_booking_batches_state', oneOf(t.state, BULK_BATCH_STATE_VALUES)),
  ],
);

/** One data row of a batch: what it asks to book (once checked), why it is wrong, or the shipment it became. */
export const bulkBookingRows = pgTable(
  'bulk_booking_rows',
  {
    /** cascade: a batch takes its rows with it. */
    batchId: uuid('batch_id')
      .notNull()
      .references(() => bulkBookingBatches.id, { onDelete: 'cascade' }),
    /** The row's number in the spreadsheet (the header is row 1). */
    rowNumber: integer('row_number').notNull(),
    /** The cells as read, by column key. */
    cells: jsonb('cells').$type<Record<string, string>>().notNull(),
    /** The booking the row asks for, once it passed the checks. */
    booking: jsonb('booking').$type<Record<string, unknown>>(),
    expectedTotalInCents: integer('expected_total_in_cents'),
    /** Why the row is wrong (checking) or could not be booked (booking); null while fine. */
    problems: jsonb('problems').$type<string[]>(),
    /** set null: the row keeps its place if the shipment is ever removed. */
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    trackingNumber: text('tracking_number'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNumber] })],
);
