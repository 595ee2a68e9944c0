import { and, eq, gt, sql } from 'drizzle-orm';
import type { RoleName } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { roles, sessions, userRoles, users } from '../../db/schema/index.js';
import type { UserWithRoles } from '../../core/actor.js';
import { hashToken, newToken } from '../../core/tokens.js';

export const SESSION_COOKIE = 'hatid_session';

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
  ttlDays: number;
}

/** A fresh random id on every sign-in (no session fixation). Returns the cookie value. */
export async function createSession(db: DbOrTx, userId: string, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + meta.ttlDays * 86_400_000);
  await db.insert(sessions).values({
    tokenHash: hash,
    userId,
    expiresAt,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

function prepareSessionLookup(db: DbOrTx) {
  return db
    .select({
      user: users,
      roles: sql<{ id: number; name: RoleName }[]>`coalesce(
        (select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roles.id})
           from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
          where ${userRoles.userId} = ${users.id}),
        '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user');
}

// Every signed-in request runs this: one round trip, planned once per connection.
const prepared = new WeakMap<DbOrTx, ReturnType<typeof prepareSessionLookup>>();

export async function findSessionUser(db: DbOrTx, token: string): Promise<UserWithRoles | null> {
  let query = prepared.get(db);
  if (!query) {
    query = prepareSessionLookup(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: hashToken(token) });
  // A deactivated account loses its sessions' power at once.
  if (row?.user.status !== 'ACTIVE') return null;
  const parsedRoles = typeof row.roles === 'string' ? (JSON.parse(row.roles) as UserWithRoles['roles']) : row.roles;
  return { ...row.user, roles: parsedRoles };
}

export async function destroySession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export type { RoleName };
