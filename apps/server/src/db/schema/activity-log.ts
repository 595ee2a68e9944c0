import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './_columns.js';
import { activityAction } from './_enums.js';
import { users } from './users.js';

/**
 * Who changed what (DECISIONS "Activity log"): staff, admin, partner and rider changes, and rider
 * TIME_IN / TIME_OUT; and NOTEs people write (POST /activities). Append-only. entity_id is text because not every record has a uuid key
 * (covered provinces are keyed by PSGC code, flags by key).
 */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: id(),
    /** set null: the log outlives the account; actor_name keeps who it was. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    action: activityAction('action').notNull(),
    /** The subject, e.g. "Shipment", "User", "PromoCode"; null only for a note about no record in particular. */
    entity: text('entity'),
    entityId: text('entity_id'),
    /** Grouping for the global log's category filter, e.g. "shipments", "payments", "riders". */
    category: text('category').notNull(),
    summary: text('summary'),
    /**
     * The state the record was left in, when it has one (a shipment's delivery status, a ticket's status,
     * a user's ACTIVE/INACTIVE): the `status` filter of GET /activities.
     */
    status: text('status'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_logs_created_idx').on(t.createdAt),
    index('activity_logs_actor_created_idx').on(t.actorId, t.createdAt),
    index('activity_logs_entity_idx').on(t.entity, t.entityId),
    index('activity_logs_category_created_idx').on(t.category, t.createdAt),
    index('activity_logs_action_created_idx').on(t.action, t.createdAt),
  ],
);
