import type { ActivityAction } from '@hatid/domain';
import type { DbOrTx } from '../db/client.js';
import { activityLogs } from '../db/schema/index.js';

export interface ActivityActor {
  id: string;
  user: { firstName: string; lastName: string };
}

export interface ActivityEntry {
  actor: ActivityActor | null;
  action: ActivityAction;
  /** The subject, e.g. "PromoCode", "PricingConfig". */
  entity: string;
  entityId?: string | null;
  /** Grouping for the global log's category filter. */
  category: string;
  summary?: string;
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
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}
