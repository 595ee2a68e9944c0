import { and, eq, gt } from 'drizzle-orm';
import type { RoleName } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { loadUserWithRoles, type UserWithRoles } from '../users/users.repository.js';
import { hashToken, newToken } from './tokens.js';

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

export async function findSessionUser(db: DbOrTx, token: string): Promise<UserWithRoles | null> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const user = await loadUserWithRoles(db, row.userId);
  // A deactivated account loses its sessions' power at once.
  if (!user || user.status !== 'ACTIVE') return null;
  return user;
}

export async function destroySession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export type { RoleName };
