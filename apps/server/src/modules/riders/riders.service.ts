import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RiderDto, RiderOnlineStatusDto } from '@hatid/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { activityLogs, roles, userRoles, users } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { findCityMunicipality } from '../../platform/psgc/index.js';

/** Category of the TIME_IN / TIME_OUT rows in the activity log (the global log's category filter). */
export const RIDER_TIME_CATEGORY = 'riders';

const riderRole = sql`(select ${roles.id} from ${roles} where ${roles.name} = 'rider')`;
/** A user id that holds the rider role. */
const isRider = (userId: typeof users.id) =>
  sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.roleId} = ${riderRole})`;

export function assertRider(actor: Actor): void {
  if (!actor.roles.includes('rider')) throw new AppError('FORBIDDEN', 'Only riders time in and out');
}

/** The rider's online status and since when (the last TIME_IN or TIME_OUT). */
export async function riderOnlineStatus(db: DbOrTx, actor: Actor): Promise<RiderOnlineStatusDto> {
  assertRider(actor);
  const [user] = await db.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, actor.id));
  const [last] = await db
    .select({ at: activityLogs.createdAt })
    .from(activityLogs)
    .where(and(eq(activityLogs.actorId, actor.id), inArray(activityLogs.action, ['TIME_IN', 'TIME_OUT'])))
    .orderBy(desc(activityLogs.createdAt))
    .limit(1);
  return { isOnline: user?.isOnline ?? false, since: last?.at.toISOString() ?? null };
}

export interface TimeInput {
  location?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  note?: string | undefined;
}

/**
 * Time in (online) or out: the status and its TIME_IN / TIME_OUT activity commit together. Pressing it again
 * in the same state changes nothing and writes nothing (a double tap, or a phone resending after a dropped
 * answer), so the log holds one row per real change.
 */
export async function setRiderOnline(db: Db, actor: Actor, online: boolean, input: TimeInput, ip?: string): Promise<RiderOnlineStatusDto> {
  assertRider(actor);
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ isOnline: users.isOnline }).from(users).where(eq(users.id, actor.id)).for('update');
    if (!user || user.isOnline === online) return;
    await tx.update(users).set({ isOnline: online }).where(eq(users.id, actor.id));
    const where = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    await recordActivity(tx, {
      actor,
      action: online ? 'TIME_IN' : 'TIME_OUT',
      entity: 'User',
      entityId: actor.id,
      category: RIDER_TIME_CATEGORY,
      summary: online ? `Timed in${input.location ? ` at ${input.location}` : ''}` : `Timed out${input.location ? ` at ${input.location}` : ''}`,
      before: { isOnline: !online },
      after: { isOnline: online, ...where },
      status: online ? 'ONLINE' : 'OFFLINE',
      ip: ip ?? null,
    });
  });
  return riderOnlineStatus(db, actor);
}

/**
 * Active riders serving a city or municipality, online first, then by name: the dispatcher's picker. Each
 * with how many live assignments they hold, so work can be spread.
 */
export async function ridersServing(db: Db, cityMunicipalityCode: string): Promise<RiderDto[]> {
  if (!findCityMunicipality(cityMunicipalityCode)) {
    throw fieldError('cityMunicipalityCode', 'Choose a city or municipality from the list', 'RULE_BROKEN');
  }
  // Live assignments: either leg, not delivered, not cancelled (the partial rider indexes of migration 0012).
  // Spelled out: in a select list drizzle renders users.id unqualified, which inside the subquery is s.id.
  const riderId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;
  const active = sql<number>`(select count(*)::int from shipments s
    where s.deleted_at is null and s.status <> 'Cancelled' and s.delivery_status <> 'Delivered'
      and (s.pickup_rider_id = ${riderId} or s.drop_off_rider_id = ${riderId}))`;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      mobileNumber: users.mobileNumber,
      isOnline: users.isOnline,
      serviceAreaCodes: users.serviceAreaCodes,
      activeAssignments: active,
    })
    .from(users)
    .where(and(eq(users.status, 'ACTIVE'), sql`${users.serviceAreaCodes} @> array[${cityMunicipalityCode}]::text[]`, isRider(users.id)))
    .orderBy(desc(users.isOnline), asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    mobileNumber: r.mobileNumber,
    isOnline: r.isOnline,
    serviceAreaCodes: r.serviceAreaCodes,
    activeAssignments: Number(r.activeAssignments),
  }));
}
