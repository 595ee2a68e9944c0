import { and, count, desc, eq, gte, ilike, inArray, lt, lte, notInArray, or, type SQL } from 'drizzle-orm';
import {
  isWrittenByHand,
  NOTE_CATEGORY,
  SERVER_WRITTEN_CATEGORIES,
  type ActivityListQuery,
  type ActivityLogDto,
  type GlobalActivityQuery,
  type SubjectName,
  type CreateActivityBody as CreateInput,
} from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { activityLogs, shipments, users } from '../../db/schema/index.js';
import { fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { isDateOnly, manilaDayStart, manilaNextDayStart } from '../../core/manila-time.js';
import { escapeLike, toPage } from '../../db/paging.js';

type ActivityRow = typeof activityLogs.$inferSelect;

/** Whoever may read the whole log (view ActivityLog: admins); everyone else reads what they did themselves. */
export const readsWholeLog = (actor: Actor) => actor.ability.can('view', 'ActivityLog');

// Keys of a before/after snapshot that are never shown, whatever a caller logged by mistake.
const SECRET_KEY = /password|token|secret|hash|otp/i;

function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, withoutSecrets(v, depth + 1)]),
  );
}

export function toActivityLogDto(row: ActivityRow, names: ReadonlyMap<string, string> = new Map()): ActivityLogDto {
  return {
    id: row.id,
    // Entries written by hand before notes existed took the writer's verb; they are notes all the same.
    action: isWrittenByHand(row) ? 'NOTE' : row.action,
    entity: row.entity,
    entityId: row.entityId,
    entityName: (row.entityId && names.get(`${row.entity}:${row.entityId}`)) || null,
    category: row.category,
    status: row.status,
    summary: row.summary,
    before: (withoutSecrets(row.before) as Record<string, unknown> | null) ?? null,
    after: (withoutSecrets(row.after) as Record<string, unknown> | null) ?? null,
    createdById: row.actorId,
    createdByName: row.actorName,
    createdAt: row.createdAt.toISOString(),
  };
}

async function page(db: Db, where: SQL | undefined, query: { page: number; limit: number }) {
  const [totals] = await db.select({ n: count() }).from(activityLogs).where(where);
  const rows = await db
    .select()
    .from(activityLogs)
    .where(where)
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = Number(totals?.n ?? 0);
  const names = await entityNames(db, rows);
  return toPage(
    rows.map((row) => toActivityLogDto(row, names)),
    query,
    total,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the people and shipments a page of entries is about are called today ("User Jose Ramos", "Shipment
 * ND927201310PH" rather than their ids), keyed `${entity}:${id}`: one look-up per kind for the whole page.
 */
async function entityNames(db: Db, rows: ActivityRow[]): Promise<Map<string, string>> {
  const idsOf = (entity: string) => [...new Set(rows.filter((r) => r.entity === entity && r.entityId && UUID.test(r.entityId)).map((r) => r.entityId!))];
  const names = new Map<string, string>();
  const userIds = idsOf('User');
  if (userIds.length > 0) {
    const found = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, userIds));
    for (const u of found) names.set(`User:${u.id}`, `${u.firstName} ${u.lastName ?? ''}`.trim());
  }
  const shipmentIds = idsOf('Shipment');
  if (shipmentIds.length > 0) {
    const found = await db.select({ id: shipments.id, trackingNumber: shipments.trackingNumber }).from(shipments).where(inArray(shipments.id, shipmentIds));
    for (const s of found) names.set(`Shipment:${s.id}`, s.trackingNumber);
  }
  return names;
}

/** The `action` filter as the entries are reported (an older hand-written entry is a NOTE whatever it said). */
function actionIs(action: ActivityLogDto['action']): SQL | undefined {
  const server = inArray(activityLogs.category, [...SERVER_WRITTEN_CATEGORIES]);
  if (action === 'NOTE') return or(eq(activityLogs.action, 'NOTE'), notInArray(activityLogs.category, [...SERVER_WRITTEN_CATEGORIES]));
  return and(eq(activityLogs.action, action), server);
}

/**
 * GET /activities: admins read the whole log; everyone else the entries of what they did themselves (so a
 * `createdById` of someone else finds nothing). Newest first.
 */
export async function listActivities(db: Db, actor: Actor, query: ActivityListQuery) {
  const where = and(
    readsWholeLog(actor) ? undefined : eq(activityLogs.actorId, actor.id),
    query.createdById ? eq(activityLogs.actorId, query.createdById) : undefined,
    query.entity ? eq(activityLogs.entity, query.entity) : undefined,
    query.entityId ? eq(activityLogs.entityId, query.entityId) : undefined,
    query.status ? eq(activityLogs.status, query.status) : undefined,
    query.action ? actionIs(query.action) : undefined,
  );
  return page(db, where, query);
}

/** GET /activities/global (admins): words of the summary, the person, the record; dates as Manila days. */
export async function listGlobalActivities(db: Db, query: GlobalActivityQuery) {
  const term = query.search?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : null;
  const { startDate, endDate } = query;
  const where = and(
    pattern
      ? or(
          ilike(activityLogs.summary, pattern),
          ilike(activityLogs.actorName, pattern),
          ilike(activityLogs.entity, pattern),
          ilike(activityLogs.entityId, pattern),
        )
      : undefined,
    startDate ? gte(activityLogs.createdAt, isDateOnly(startDate) ? manilaDayStart(startDate) : new Date(startDate)) : undefined,
    endDate ? (isDateOnly(endDate) ? lt(activityLogs.createdAt, manilaNextDayStart(endDate)) : lte(activityLogs.createdAt, new Date(endDate))) : undefined,
    query.category ? eq(activityLogs.category, query.category) : undefined,
  );
  return page(db, where, query);
}

/**
 * POST /activities: a note by a person with the activities ability (admins, consolidators): stored as a NOTE
 * by its author, in the notes category, about the record named if any. Who and when come from the session;
 * the verb, category, status and before/after are never a client's, so a note cannot pass for an event.
 */
export async function createActivity(db: Db, actor: Actor, input: CreateInput, ip?: string): Promise<ActivityLogDto> {
  if (input.entity && !actor.ability.can('view', input.entity as SubjectName)) {
    throw fieldError('entity', 'You cannot see records of this kind, so you cannot write a note about one', 'RULE_BROKEN');
  }
  const [row] = await db
    .insert(activityLogs)
    .values({
      actorId: actor.id,
      actorName: `${actor.user.firstName} ${actor.user.lastName}`.trim(),
      action: 'NOTE',
      entity: input.entity ?? null,
      entityId: input.entityId ?? null,
      category: NOTE_CATEGORY,
      summary: input.summary,
      status: null,
      ip: ip ?? null,
    })
    .returning();
  return toActivityLogDto(row!);
}
