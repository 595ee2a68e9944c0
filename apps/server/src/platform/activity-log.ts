import type { ActivityAction } from '@hatid/domain';
import type { DbOrTx } from '../db/client.js';
import { activityLogs } from '../db/schema/index.js';

export interface ActivityActor {
  id: string;
  user: { firstName: string; lastName: string };
}

export interface ActivityEntry {
  actor: ActivityActor | null;
  /** The server's own verbs; NOTE is what a person writes (modules/activities), never an event. */
  action: Exclude<ActivityAction, 'NOTE'>;
  /** The subject, e.g. "PromoCode", "PricingConfig". */
  entity: string;
  entityId?: string | null;
  /** Grouping for the global log's category filter. */
  category: string;
  summary?: string;
  /** The state the record was left in; by default `after.status`, else `after.deliveryStatus`. */
  status?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string | null;
}

/**
 * One append-only row of the activity log (DECISIONS "Activity log"). Pass the caller's transaction so
 * the log row commits or rolls back with the change it describes.
 */
export async function recordActivity(db: DbOrTx, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogs).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor ? `${entry.actor.user.firstName} ${entry.actor.user.lastName}`.trim() : null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    category: entry.category,
    summary: entry.summary ?? null,
    status: entry.status === undefined ? statusOf(entry.after) : entry.status,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}

/** A record's status as the `after` snapshot tells it (a ticket's status, a shipment's delivery status). */
function statusOf(after: Record<string, unknown> | null | undefined): string | null {
  for (const key of ['status', 'deliveryStatus'] as const) {
    const value = after?.[key];
    if (typeof value === 'string' && value.length > 0) return value.slice(0, 50);
  }
  return null;
}
