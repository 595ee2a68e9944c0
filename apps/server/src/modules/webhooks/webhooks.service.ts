import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookAttemptDto,
  WebhookDeliveryDto,
  WebhookDeliveryListQuery,
  WebhookDisabledReason,
  WebhookEndpointDto,
  WebhookEndpointListQuery,
  WebhookEndpointStatus,
  WebhookEndpointWithSecretDto,
  WebhookEventType,
  WebhookDeliveryStatus,
} from '@hatid/domain';
import type { Actor } from '../../core/actor.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { escapeLike, toPage } from '../../db/paging.js';
import { businesses, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import { findBusiness } from '../businesses/index.js';
import { encryptSecret, newWebhookSecret, secretHint } from './secrets.js';
import { RefusedTarget, resolveTarget } from './ssrf.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface WebhookContext {
  db: Db;
  /** The server's HMAC key: the endpoints' secrets are encrypted with a key derived from it. */
  appSecret: Buffer;
  allowPrivateTargets: boolean;
}

const isStaffSide = (actor: Actor) => actor.roles.some((r) => r === 'admin' || r === 'super_admin' || r === 'staff');

/**
 * Who sees which endpoints: staff and admins every business's (staff read-only: the abilities say so); a
 * business admin its own business's; nobody else any. Another business's endpoint is "not found".
 */
function scopeOf(actor: Actor, action: 'view' | 'update'): SQL {
  if (!actor.ability.can(action, 'Webhook')) {
    throw new AppError('FORBIDDEN', action === 'view' ? 'You are not allowed to see webhooks' : 'You are not allowed to change webhooks');
  }
  if (isStaffSide(actor)) return sql`true`;
  const businessId = actor.user.businessId;
  if (!businessId) throw new AppError('FORBIDDEN', 'Only a business admin of a business manages its webhooks');
  return eq(webhookEndpoints.businessId, businessId);
}

async function checkUrl(ctx: WebhookContext, url: string): Promise<void> {
  try {
    await resolveTarget(url, { allowPrivate: ctx.allowPrivateTargets });
  } catch (err) {
    if (err instanceof RefusedTarget) throw fieldError('url', err.message, 'RULE_BROKEN');
    throw fieldError('url', 'Enter an http:// or https:// URL', 'RULE_BROKEN');
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function countsOf(db: DbOrTx, endpointIds: string[]): Promise<Map<string, { pending: number; failed: number }>> {
  const counts = new Map<string, { pending: number; failed: number }>();
  if (endpointIds.length === 0) return counts;
  const rows = await db
    .select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, n: count() })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.endpointId, endpointIds), inArray(webhookDeliveries.status, ['pending', 'failed'])))
    .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status);
  for (const row of rows) {
    const c = counts.get(row.endpointId) ?? { pending: 0, failed: 0 };
    if (row.status === 'pending') c.pending = row.n;
    else c.failed = row.n;
    counts.set(row.endpointId, c);
  }
  return counts;
}

function toDto(row: EndpointRow & { businessName: string | null }, counts: { pending: number; failed: number } | undefined): WebhookEndpointDto {
  return {
    id: row.id,
    businessId: row.businessId,
    businessName: row.businessName,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    status: row.status as WebhookEndpointStatus,
    disabledReason: row.disabledReason as WebhookDisabledReason | null,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    secretHint: row.secretHint,
    pendingDeliveries: counts?.pending ?? 0,
    failedDeliveries: counts?.failed ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadEndpoints(db: DbOrTx, where: SQL, page?: { limit: number; offset: number }) {
  const query = db
    .select({ endpoint: webhookEndpoints, businessName: businesses.name })
    .from(webhookEndpoints)
    .leftJoin(businesses, eq(businesses.id, webhookEndpoints.businessId))
    .where(where)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const counts = await countsOf(
    db,
    rows.map((r) => r.endpoint.id),
  );
  return rows.map((r) => toDto({ ...r.endpoint, businessName: r.businessName }, counts.get(r.endpoint.id)));
}

async function findEndpoint(db: DbOrTx, actor: Actor, id: string, action: 'view' | 'update'): Promise<WebhookEndpointDto> {
  const [found] = await loadEndpoints(db, and(eq(webhookEndpoints.id, id), scopeOf(actor, action))!);
  if (!found) throw notFound('Webhook endpoint');
  return found;
}

export async function createEndpoint(ctx: WebhookContext, actor: Actor, input: CreateWebhookEndpointBody): Promise<WebhookEndpointWithSecretDto> {
  scopeOf(actor, 'update');
  const businessId = isStaffSide(actor) ? input.businessId : actor.user.businessId;
  if (!businessId) throw fieldError('businessId', 'Choose the business the endpoint is for');
  if (isStaffSide(actor) && !(await findBusiness(ctx.db, eq(businesses.id, businessId)))) throw fieldError('businessId', 'Business not found');
  await checkUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      businessId,
      url: input.url,
      description: input.description || null,
      events: input.events,
      secretCiphertext: encryptSecret(ctx.appSecret, secret),
      secretHint: secretHint(secret),
      createdById: actor.id,
    })
    .returning({ id: webhookEndpoints.id });
  return { ...(await findEndpoint(ctx.db, actor, row!.id, 'view')), secret };
}

export async function listEndpoints(db: Db, actor: Actor, query: WebhookEndpointListQuery) {
  const conditions = [scopeOf(actor, 'view')];
  if (query.status) conditions.push(eq(webhookEndpoints.status, query.status));
  if (query.search) conditions.push(ilike(webhookEndpoints.url, `%${escapeLike(query.search)}%`));
  const where = and(...conditions)!;
  const [total] = await db.select({ n: count() }).from(webhookEndpoints).where(where);
  const data = await loadEndpoints(db, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return toPage(data, query, total?.n ?? 0);
}

export const getEndpoint = (db: Db, actor: Actor, id: string) => findEndpoint(db, actor, id, 'view');

export async function updateEndpoint(ctx: WebhookContext, actor: Actor, id: string, input: UpdateWebhookEndpointBody): Promise<WebhookEndpointDto> {
  const current = await findEndpoint(ctx.db, actor, id, 'update');
  if (input.url !== undefined && input.url !== current.url) await checkUrl(ctx, input.url);
  const onOff =
    input.enabled === undefined
      ? {}
      : input.enabled
        ? { status: 'active', disabledReason: null, disabledAt: null, failingSince: null }
        : current.status === 'disabled'
          ? {}
          : { status: 'disabled', disabledReason: 'manual', disabledAt: new Date() };
  await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...onOff,
    })
    .where(eq(webhookEndpoints.id, id));
  return findEndpoint(ctx.db, actor, id, 'view');
}

export async function deleteEndpoint(db: Db, actor: Actor, id: string): Promise<void> {
  await findEndpoint(db, actor, id, 'update');
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** A new secret, shown this once; the old one stops signing at once. */
export async function rotateSecret(ctx: WebhookContext, actor: Actor, id: string): Promise<WebhookEndpointWithSecretDto> {
  await findEndpoint(ctx.db, actor, id, 'update');
  const secret = newWebhookSecret();
  await ctx.db
    .update(webhookEndpoints)
    .set({ secretCiphertext: encryptSecret(ctx.appSecret, secret), secretHint: secretHint(secret) })
    .where(eq(webhookEndpoints.id, id));
  return { ...(await findEndpoint(ctx.db, actor, id, 'view')), secret };
}

/** An endpoint's deliveries, newest first, each with its attempts (oldest first). */
export async function listDeliveries(db: Db, actor: Actor, endpointId: string, query: WebhookDeliveryListQuery) {
  await findEndpoint(db, actor, endpointId, 'view');
  const where = and(eq(webhookDeliveries.endpointId, endpointId), query.status ? eq(webhookDeliveries.status, query.status) : undefined)!;
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  const rows = await db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type, trackingNumber: webhookEvents.trackingNumber })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.seq))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const ids = rows.map((r) => r.delivery.id);
  const attempts = ids.length
    ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(webhookAttempts.attemptedAt)
    : [];
  const byDelivery = new Map<string, WebhookAttemptDto[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.deliveryId) ?? [];
    list.push({ at: a.attemptedAt.toISOString(), statusCode: a.statusCode, latencyMs: a.latencyMs, error: a.error, responseExcerpt: a.responseExcerpt });
    byDelivery.set(a.deliveryId, list);
  }
  const data: WebhookDeliveryDto[] = rows.map((r) => ({
    id: r.delivery.id,
    eventId: r.delivery.eventId,
    eventType: r.type as WebhookEventType,
    trackingNumber: r.trackingNumber,
    status: r.delivery.status as WebhookDeliveryStatus,
    attempts: r.delivery.attempts,
    nextAttemptAt: r.delivery.status === 'pending' ? r.delivery.nextAttemptAt.toISOString() : null,
    createdAt: r.delivery.createdAt.toISOString(),
    attemptLog: byDelivery.get(r.delivery.id) ?? [],
  }));
  return toPage(data, query, total?.n ?? 0);
}

/** Sends again, as soon as the endpoint is on: a new 24-hour window of retries, the same event and body. */
const replaySet = { status: 'pending', nextAttemptAt: sql`now()`, firstTriedAt: null } as const;

export async function replayDelivery(db: Db, actor: Actor, endpointId: string, deliveryId: string): Promise<number> {
  await findEndpoint(db, actor, endpointId, 'update');
  const [delivery] = await db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!delivery) throw notFound('Delivery');
  if (delivery.status === 'pending') throw new AppError('CONFLICT', 'This delivery is still being sent');
  await db.update(webhookDeliveries).set(replaySet).where(eq(webhookDeliveries.id, deliveryId));
  return 1;
}

export async function replayFailed(db: Db, actor: Actor, endpointId: string): Promise<number> {
  await findEndpoint(db, actor, endpointId, 'update');
  const replayed = await db
    .update(webhookDeliveries)
    .set(replaySet)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'failed')))
    .returning({ id: webhookDeliveries.id });
  return replayed.length;
}
