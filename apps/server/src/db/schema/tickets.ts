import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './_columns.js';
import { ticketStatus } from './_enums.js';
import { shipments } from './shipments.js';
import { users } from './users.js';

/** Support tickets, optionally about a shipment (also opened for missing or damaged packages). */
export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    subject: text('subject').notNull(),
    description: text('description'),
    status: ticketStatus('status').notNull().default('open'),
    /** set null: a ticket stays readable if its shipment is ever removed. */
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: at('resolved_at'),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_shipment_idx').on(t.shipmentId),
    index('tickets_status_created_idx').on(t.status, t.createdAt),
    index('tickets_created_by_idx').on(t.createdById, t.createdAt),
    index('tickets_assigned_to_idx').on(t.assignedToId, t.createdAt),
  ],
);
