import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './_columns.js';
import { oneOf, ticketStatus } from './_enums.js';
import { tickets } from './tickets.js';
import { users } from './users.js';

/** What a ticket's thread holds: a message, or a status change support made. */
export const TICKET_REPLY_KINDS = ['message', 'status'] as const;

/** The thread of a support ticket (migration 0033): replies by the customer and support, and status changes. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: id(),
    /** cascade: a deleted ticket takes its thread with it. */
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** restrict: people are deactivated, never deleted, and the thread names them. */
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: TICKET_REPLY_KINDS }).notNull().default('message'),
    message: text('message'),
    /** The status the ticket was moved to (kind status). */
    status: ticketStatus('status'),
    createdAt: createdAt(),
    /** Written order: a reply and the status change it makes share one transaction's now(). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('ticket_replies_ticket_created_idx').on(t.ticketId, t.createdAt),
    check('ticket_replies_kind', oneOf(t.kind, TICKET_REPLY_KINDS)),
    check('ticket_replies_shape', sql`(${t.kind} = 'message') = (${t.message} IS NOT NULL) AND (${t.kind} = 'status') = (${t.status} IS NOT NULL)`),
  ],
);
