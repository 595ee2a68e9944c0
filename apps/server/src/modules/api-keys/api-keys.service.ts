import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  apiKeyRevokedReasonText,
  type ApiKeyDto,
  type ApiKeyListQuery,
  type ApiKeyRevokedReason,
  type ApiKeyScope,
  type ApiKeySource,
  type ApiKeyStatus,
  type CreatedApiKeyDto,
  type CreateApiKeyBody as CreateInput,
  type UpdateApiKeyBody as UpdateInput,
} from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, businesses, roles, userRoles, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { hashToken } from '../../core/tokens.js';
import { escapeLike, toPage } from '../../db/paging.js';
import type { NotificationRow } from '../notifications/index.js';
import { writeNotifications } from '../notifications/index.js';

/**
 * API keys (DECISIONS "API keys and external sources"; docs/decisions.md "API keys"). A key is
 * `htd_<prefix>_<secret>`: the prefix (8 characters, not secret) tells keys apart; the whole key's SHA-256
 * is stored, never the key (it carries 192 random bits, so a fast hash is safe: nothing to guess).
 */
type ApiKeyRow = typeof apiKeys.$inferSelect;

const KEY_PATTERN = /^htd_([a-z0-9]{8})_([A-Za-z0-9_-]{32})$/;
const CATEGORY = 'api-keys';

/** A new key and what is stored of it. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const prefix = randomBytes(5).toString('hex').slice(0, 8);
  const key = `htd_${prefix}_${randomBytes(24).toString('base64url')}`;
  return { key, prefix, hash: hashToken(key) };
}

/** Well-formed keys only reach the database; anything else is refused without a query. */
export const looksLikeApiKey = (value: string) => KEY_PATTERN.test(value);

const isAdmin = (actor: Actor) => actor.roles.includes('admin') || actor.roles.includes('super_admin');

function assertMay(actor: Actor, action: 'view' | 'create' | 'update' | 'delete'): void {
  if (!actor.ability.can(action, 'ApiKey')) throw new AppError('FORBIDDEN', 'You are not allowed to manage API keys');
}

/** Admins see every key; a business admin the keys of its business. */
function keyScope(actor: Actor): SQL {
  if (isAdmin(actor)) return sql`true`;
  const businessId = actor.user.businessId;
  return businessId ? eq(apiKeys.businessId, businessId) : eq(apiKeys.userId, actor.id);
}

export function statusOf(row: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>, now = new Date()): ApiKeyStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function statusCondition(status: ApiKeyStatus): SQL {
  if (status === 'revoked') return isNotNull(apiKeys.revokedAt);
  if (status === 'expired') return and(isNull(apiKeys.revokedAt), lte(apiKeys.expiresAt, sql`now()`))!;
  return and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)))!;
}

/**
 * The rule a key lives by (DECISIONS "Production, codes and ownership"): its maker is an active business admin
 * of the key's business. One EXISTS on the maker's row and roles, so the check rides along with the query that
 * finds the key on every API-key call.
 */
const makerMayUse: SQL = sql`exists (select 1 from "users" "maker"
  join "user_roles" "maker_role" on "maker_role"."user_id" = "maker"."id"
  join "roles" "maker_role_name" on "maker_role_name"."id" = "maker_role"."role_id"
  where "maker"."id" = ${apiKeys.userId} and "maker"."status" = 'ACTIVE' and "maker"."business_id" = ${apiKeys.businessId}
    and "maker_role_name"."name" = 'business_admin')`;

const revoker = alias(users, 'revoker');
const listColumns = {
  key: apiKeys,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: businesses.name,
  revokerFirstName: revoker.firstName,
  revokerLastName: revoker.lastName,
};
function selectKeys(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(businesses, eq(businesses.id, apiKeys.businessId))
    .leftJoin(revoker, eq(revoker.id, apiKeys.revokedById))
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}
type ListedKey = Awaited<ReturnType<typeof selectKeys>>[number];

const fullName = (first: string, last: string | null) => `${first} ${last ?? ''}`.trim();

function toDto({ key: k, firstName, lastName, businessName, revokerFirstName, revokerLastName }: ListedKey): ApiKeyDto {
  return {
    id: k.id,
    name: k.name,
    prefix: `htd_${k.prefix}`,
    scopes: k.scopes as ApiKeyScope[],
    source: k.source as ApiKeySource,
    status: statusOf(k),
    userId: k.userId,
    userName: fullName(firstName, lastName),
    businessId: k.businessId,
    businessName,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    revokedReason: (k.revokedReason as ApiKeyRevokedReason | null) ?? null,
    revokedByName: revokerFirstName ? fullName(revokerFirstName, revokerLastName) : null,
    createdAt: k.createdAt.toISOString(),
  };
}

async function visibleKey(db: DbOrTx, actor: Actor, id: string): Promise<ApiKeyDto> {
  const [row] = await selectKeys(db, and(eq(apiKeys.id, id), keyScope(actor))).limit(1);
  if (!row) throw notFound('API key');
  return toDto(row);
}

/**
 * POST /api-keys: a key acting as its maker, for the maker's business. Only a business admin makes keys
 * (an admin's key would carry an admin's reach over every shipment).
 */
export async function createApiKey(db: DbOrTx, actor: Actor, input: CreateInput, ip?: string): Promise<CreatedApiKeyDto> {
  assertMay(actor, 'create');
  const businessId = actor.user.businessId;
  if (!actor.roles.includes('business_admin') || !businessId) {
    throw new AppError('FORBIDDEN', 'API keys belong to a business: a business admin makes them');
  }
  return issueKey(db, actor, businessId, { name: input.name, scopes: input.scopes, expiresAt: input.expiresAt ?? null, source: 'external' }, ip);
}

/** A new key acting as `actor` for its business, logged; the answer holds the key this once. */
async function issueKey(
  db: DbOrTx,
  actor: Actor,
  businessId: string,
  input: { name: string; scopes: ApiKeyScope[]; expiresAt: string | null; source: ApiKeySource },
  ip?: string,
): Promise<CreatedApiKeyDto> {
  const { key, prefix, hash } = newApiKey();
  const id = await db.transaction(async (tx) => {
    // The business's row, then the maker's, locked against a concurrent member change (which locks the
    // business first, the same order, so the two never deadlock), deactivation or role change (which write the
    // maker's row first); then the maker checked again: a key made while its maker leaves would otherwise stay live.
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('share');
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('share');
    const [stillAdmin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, actor.id),
          eq(users.status, 'ACTIVE'),
          eq(users.businessId, businessId),
          sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${roles.name} = 'business_admin')`,
        ),
      );
    if (!stillAdmin) throw new AppError('FORBIDDEN', 'API keys belong to a business: a business admin makes them');
    const [row] = await tx
      .insert(apiKeys)
      .values({
        name: input.name,
        prefix,
        keyHash: hash,
        userId: actor.id,
        businessId,
        scopes: input.scopes,
        source: input.source,
        createdById: actor.id,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .returning({ id: apiKeys.id });
    await recordActivity(tx, {
      actor,
      action: 'CREATED',
      entity: 'ApiKey',
      entityId: row!.id,
      category: CATEGORY,
      summary: `API key "${input.name}" (htd_${prefix}) made`,
      after: { name: input.name, scopes: input.scopes, expiresAt: input.expiresAt, source: input.source },
      status: 'active',
      ip: ip ?? null,
    });
    return row!.id;
  });
  return { ...(await visibleKey(db, actor, id)), key };
}

/**
 * POST /sms/otp/shopify/verification, after the code checked out: a key for the shop owner's business that
 * books with source `shopify`. `owner` is the business admin the mobile number belongs to.
 */
export async function issueShopifyKey(db: DbOrTx, owner: Actor, shopDomain: string, ip?: string): Promise<CreatedApiKeyDto> {
  const businessId = owner.user.businessId;
  if (!owner.roles.includes('business_admin') || !businessId) throw new AppError('FORBIDDEN', 'Only a business admin can connect a shop');
  return issueKey(
    db,
    owner,
    businessId,
    { name: `Shopify: ${shopDomain}`, scopes: ['shipments:read', 'shipments:write'], expiresAt: null, source: 'shopify' },
    ip,
  );
}

/** GET /api-keys: newest first. */
export async function listApiKeys(db: DbOrTx, actor: Actor, query: ApiKeyListQuery) {
  assertMay(actor, 'view');
  const search = query.search?.trim().toLowerCase().replace(/^htd_/, '');
  const where = and(
    keyScope(actor),
    query.status ? statusCondition(query.status) : undefined,
    search ? or(ilike(apiKeys.name, `%${escapeLike(search)}%`), eq(apiKeys.prefix, search)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectKeys(db, where)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);
  const total = totals?.n ?? 0;
  return toPage(rows.map(toDto), query, total);
}

export async function getApiKey(db: DbOrTx, actor: Actor, id: string): Promise<ApiKeyDto> {
  assertMay(actor, 'view');
  return visibleKey(db, actor, id);
}

/** PATCH /api-keys/{id}: name, scopes or expiry; a revoked key stays revoked and unchanged. */
export async function updateApiKey(db: DbOrTx, actor: Actor, id: string, input: UpdateInput, ip?: string): Promise<ApiKeyDto> {
  assertMay(actor, 'update');
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), keyScope(actor)))
      .for('update');
    if (!before) throw notFound('API key');
    if (before.revokedAt) throw new AppError('CONFLICT', 'This key is revoked: make a new one');
    const change = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.scopes !== undefined ? { scopes: input.scopes } : {}),
      ...(input.expiresAt !== undefined ? { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null } : {}),
    };
    await tx.update(apiKeys).set(change).where(eq(apiKeys.id, id));
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'ApiKey',
      entityId: id,
      category: CATEGORY,
      summary: `API key "${change.name ?? before.name}" (htd_${before.prefix}) changed`,
      before: { name: before.name, scopes: before.scopes, expiresAt: before.expiresAt?.toISOString() ?? null },
      after: { ...change, ...(change.expiresAt !== undefined ? { expiresAt: change.expiresAt?.toISOString() ?? null } : {}) },
      status: statusOf(before),
      ip: ip ?? null,
    });
  });
  return visibleKey(db, actor, id);
}

/** DELETE /api-keys/{id}: revoked at once (the row stays, so bookings made with it still name it). */
export async function revokeApiKey(db: DbOrTx, actor: Actor, id: string, ip?: string): Promise<void> {
  assertMay(actor, 'delete');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), keyScope(actor)))
      .for('update');
    if (!row) throw notFound('API key');
    if (row.revokedAt) return;
    await tx.update(apiKeys).set({ revokedAt: new Date(), revokedReason: 'manual', revokedById: actor.id }).where(eq(apiKeys.id, id));
    await recordActivity(tx, {
      actor,
      action: 'DELETED',
      entity: 'ApiKey',
      entityId: id,
      category: CATEGORY,
      summary: `API key "${row.name}" (htd_${row.prefix}) revoked`,
      before: { status: statusOf(row) },
      after: { status: 'revoked', revokedReason: 'manual' },
      status: 'revoked',
      ip: ip ?? null,
    });
  });
}

/** Which keys to look at: one maker's (their account changed) or one business's (its members changed). */
export type LapsedKeysOf = { userId: string } | { businessId: string };

/**
 * Revokes the keys whose maker is no longer an active business admin of the key's business, with the reason,
 * logged, and tells the business's other active admins (in-app and push). Call it in the transaction that
 * changed the maker (left the business, deactivated, lost the role), after the change: the key dies with it.
 * `by` is who made that change (null when a key is found lapsed at its use). Answers the notification rows to
 * publish once the transaction commits (publishNotifications).
 */
export async function revokeLapsedApiKeys(tx: DbOrTx, of: LapsedKeysOf, by: Actor | null, ip?: string | null): Promise<NotificationRow[]> {
  const lapsed = await tx
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      businessId: apiKeys.businessId,
      makerId: users.id,
      status: users.status,
      makerBusinessId: users.businessId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and('userId' in of ? eq(apiKeys.userId, of.userId) : eq(apiKeys.businessId, of.businessId), isNull(apiKeys.revokedAt), not(makerMayUse)))
    .for('update', { of: apiKeys });
  const notifications: NotificationRow[] = [];
  const now = new Date();
  for (const key of lapsed) {
    const reason: ApiKeyRevokedReason =
      key.status !== 'ACTIVE' ? 'maker_deactivated' : key.makerBusinessId !== key.businessId ? 'maker_left_business' : 'maker_not_business_admin';
    await tx
      .update(apiKeys)
      .set({ revokedAt: now, revokedReason: reason, revokedById: by?.id ?? null })
      .where(eq(apiKeys.id, key.id));
    const makerName = fullName(key.firstName, key.lastName);
    await recordActivity(tx, {
      actor: by,
      action: 'DELETED',
      entity: 'ApiKey',
      entityId: key.id,
      category: CATEGORY,
      summary: `API key "${key.name}" (htd_${key.prefix}) revoked: ${apiKeyRevokedReasonText(reason, makerName)}`,
      before: { status: 'active' },
      after: { status: 'revoked', revokedReason: reason },
      status: 'revoked',
      ip: ip ?? null,
    });
    if (!key.businessId) continue;
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.businessId, key.businessId),
          eq(users.status, 'ACTIVE'),
          ne(users.id, key.makerId),
          sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${roles.name} = 'business_admin')`,
        ),
      );
    notifications.push(
      ...(await writeNotifications(tx, {
        userIds: admins.map((a) => a.id),
        type: 'api_key_revoked',
        metadata: { apiKeyId: key.id, keyName: key.name, prefix: `htd_${key.prefix}`, makerName, reason },
      })),
    );
  }
  return notifications;
}

/**
 * The live key a request presents, or null (unknown, revoked, expired, or its maker no longer an active
 * business admin of its business). Marks its use at most once a minute. A key found with a lapsed maker (a
 * change that did not revoke it in its own transaction) is revoked here, so the list tells the truth too; the
 * answer then carries the notifications to publish.
 */
export async function findLiveApiKey(
  db: DbOrTx,
  key: string,
): Promise<{ key: Pick<ApiKeyRow, 'id' | 'userId' | 'businessId' | 'scopes' | 'source'> | null; lapsed: NotificationRow[] }> {
  if (!looksLikeApiKey(key)) return { key: null, lapsed: [] };
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      businessId: apiKeys.businessId,
      scopes: apiKeys.scopes,
      source: apiKeys.source,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      makerMayUse: sql<boolean>`${makerMayUse}`.mapWith(Boolean),
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashToken(key)))
    .limit(1);
  if (!row || statusOf(row) !== 'active') return { key: null, lapsed: [] };
  if (!row.makerMayUse) {
    const lapsed = await db.transaction((tx) => revokeLapsedApiKeys(tx, { userId: row.userId }, null));
    return { key: null, lapsed };
  }
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.id));
  }
  return { key: { id: row.id, userId: row.userId, businessId: row.businessId, scopes: row.scopes, source: row.source }, lapsed: [] };
}
