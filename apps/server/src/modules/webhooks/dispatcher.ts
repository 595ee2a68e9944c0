import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rendered.js';
import { roles, userRoles, users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';
import type { OutboxBatchHandler, OutboxTransactionalHandler } from '../../platform/outbox/index.js';
import { pollLoop } from '../../platform/poll-loop.js';
import { writeNotifications, type NotificationRow } from '../notifications/index.js';
import { shipmentViews, type BusinessShipmentEvent } from '../shipments/index.js';
import { decryptSecret, signatureHeader } from './secrets.js';
import { postWebhook, type AttemptOutcome } from './sender.js';

/** Retries stop, and a failing endpoint is switched off, after this long (DECISIONS "Business webhooks"). */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** Wait before retry n (1-based): 30 s, 1 min, 2 min … doubling, at most 1 hour: about 30 tries in 24 hours. */
export const retryDelayMs = (failures: number) => Math.min(30_000 * 2 ** (failures - 1), 3_600_000);
/** A claimed delivery is hidden from other instances this long (longer than one attempt's 5 s). */
const LEASE_MS = 60_000;

export interface DispatcherLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WebhookDispatcherOptions {
  db: Db;
  appSecret: Buffer;
  allowPrivateTargets: boolean;
  logger: DispatcherLogger;
  /** The time the dispatcher lives by (tests move it forward). */
  clock?: () => Date;
  batchSize?: number;
  pollMs?: number;
  /** Business admins told an endpoint was switched off: the notifications' hints, after the commit. */
  publish?: (rows: NotificationRow[]) => Promise<void>;
}

export interface WebhookDispatcher {
  /** Sends the due deliveries once (the first pending one of each shipment per endpoint); answers how many were tried. */
  runOnce(): Promise<number>;
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The fan-out (an outbox handler, in the claiming transaction): each business shipment event becomes one event row
 * per type (its body frozen now: `{ id, type, createdAt, data }`, data the shipment as GET /api/shipments/{id} shows
 * it) and one delivery per active endpoint of the business that asked for the type. A batch of outbox rows is
 * handled at once, in at most four statements whatever its size: the businesses' endpoints, the shipments' views,
 * the events (one multi-row insert) and their deliveries (another). Nothing for businesses without endpoints (one
 * query). Deliveries are inserted in the rows' order, so `seq` keeps each shipment's events in the order they happened.
 */
async function fanOutEvents(tx: Tx, events: readonly BusinessShipmentEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const businessIds = [...new Set(events.map((e) => e.businessId))];
  const allTypes = [...new Set(events.flatMap((e) => e.types))];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, businessId: webhookEndpoints.businessId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.businessId, businessIds),
        eq(webhookEndpoints.status, 'active'),
        sql`${webhookEndpoints.events} && ${sql.param(allTypes)}::text[]`,
      ),
    );
  if (endpoints.length === 0) return 0;
  const heard = events.filter((e) => endpoints.some((ep) => ep.businessId === e.businessId && e.types.some((t) => ep.events.includes(t))));
  if (heard.length === 0) return 0;
  const views = await shipmentViews(tx, [...new Set(heard.map((e) => e.shipmentId))]);
  const eventRows: (typeof webhookEvents.$inferInsert)[] = [];
  const deliveryRows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const event of heard) {
    const shipment = views.get(event.shipmentId);
    if (!shipment) continue;
    for (const type of event.types) {
      const to = endpoints.filter((e) => e.businessId === event.businessId && e.events.includes(type));
      if (to.length === 0) continue;
      const id = randomUUID();
      // The statuses as the change left them (the shipment may have moved on since).
      const body = JSON.stringify({ id, type, createdAt: event.occurredAt, data: { ...shipment.view, ...(event.at ?? {}) } });
      eventRows.push({
        id,
        businessId: event.businessId,
        type,
        shipmentId: event.shipmentId,
        trackingNumber: shipment.view.trackingNumber,
        body,
        createdAt: new Date(event.occurredAt),
      });
      for (const endpoint of to) deliveryRows.push({ endpointId: endpoint.id, eventId: id, orderKey: event.shipmentId });
    }
  }
  // Chunks keep each statement under the driver's parameter limit (65,535).
  for (let i = 0; i < eventRows.length; i += 1000) await tx.insert(webhookEvents).values(eventRows.slice(i, i + 1000));
  for (let i = 0; i < deliveryRows.length; i += 5000) await tx.insert(webhookDeliveries).values(deliveryRows.slice(i, i + 5000));
  return deliveryRows.length;
}

/** Rows per fan-out transaction: the outbox rows' locks are held until it commits (a few hundred milliseconds). */
export const FAN_OUT_BATCH_SIZE = 500;

/** The fan-out's outbox handlers: one row (a request running what it committed), or a batch of them (the worker). */
export function createFanOut(kick: () => void): { row: OutboxTransactionalHandler; batch: OutboxBatchHandler } {
  const after = (queued: number) => (queued > 0 ? async () => kick() : undefined);
  return {
    row: async (tx, row) => after(await fanOutEvents(tx, [row.payload as BusinessShipmentEvent])),
    batch: async (tx, rows) =>
      after(
        await fanOutEvents(
          tx,
          rows.map((r) => r.payload as BusinessShipmentEvent),
        ),
      ),
  };
}

interface Claimed {
  id: string;
  endpointId: string;
  attempts: number;
  firstTriedAt: Date;
  url: string;
  secretCiphertext: string;
  body: string;
}

/**
 * Due deliveries, the head of each chain only (no earlier pending delivery of the same shipment to the same
 * endpoint), of endpoints that are on; locked, leased, and their attempt counted, in one statement.
 */
async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const nowIso = now.toISOString();
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const rows = rowsOf<{
    id: string;
    endpoint_id: string;
    attempts: number;
    first_tried_at: string | Date;
    url: string;
    secret_ciphertext: string;
    body: string;
  }>(
    await db.execute(sql`
    with heads as (
      select d.id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id and e.status = 'active'
      where d.status = 'pending' and d.next_attempt_at <= ${nowIso}::timestamptz
        and not exists (
          select 1 from webhook_deliveries p
          where p.endpoint_id = d.endpoint_id and p.order_key = d.order_key and p.status = 'pending' and p.seq < d.seq
        )
      order by d.seq
      limit ${limit}
      for update of d skip locked
    ), claimed as (
      update webhook_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz,
          first_tried_at = coalesce(d.first_tried_at, ${nowIso}::timestamptz), last_attempt_at = ${nowIso}::timestamptz
      from heads where d.id = heads.id
      returning d.id, d.endpoint_id, d.event_id, d.attempts, d.first_tried_at, d.seq
    )
    select c.id, c.endpoint_id, c.attempts, c.first_tried_at, e.url, e.secret_ciphertext, ev.body
    from claimed c
    join webhook_endpoints e on e.id = c.endpoint_id
    join webhook_events ev on ev.id = c.event_id
    order by c.seq`),
  );
  return rows.map((r) => ({
    id: r.id,
    endpointId: r.endpoint_id,
    attempts: Number(r.attempts),
    firstTriedAt: new Date(r.first_tried_at),
    url: r.url,
    secretCiphertext: r.secret_ciphertext,
    body: r.body,
  }));
}

async function businessAdmins(db: DbOrTx, businessId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.businessId, businessId), eq(users.status, 'ACTIVE'), eq(roles.name, 'business_admin')));
  return rows.map((r) => r.id);
}

/** Records the attempts, settles the deliveries, and switches off endpoints failing for 24 hours (telling their admins). */
async function record(tx: Tx, now: Date, results: { claimed: Claimed; outcome: AttemptOutcome }[]): Promise<NotificationRow[]> {
  await tx.insert(webhookAttempts).values(
    results.map(({ claimed, outcome }) => ({
      deliveryId: claimed.id,
      attemptedAt: now,
      statusCode: outcome.statusCode,
      latencyMs: outcome.latencyMs,
      error: outcome.error,
      responseExcerpt: outcome.responseExcerpt,
    })),
  );
  const succeeded = results.filter((r) => r.outcome.ok);
  if (succeeded.length > 0) {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'succeeded' })
      .where(
        inArray(
          webhookDeliveries.id,
          succeeded.map((r) => r.claimed.id),
        ),
      );
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(inArray(webhookEndpoints.id, [...new Set(succeeded.map((r) => r.claimed.endpointId))]), isNotNull(webhookEndpoints.failingSince)));
  }
  const failingEndpoints = new Set<string>();
  for (const { claimed } of results.filter((r) => !r.outcome.ok)) {
    failingEndpoints.add(claimed.endpointId);
    const givingUp = now.getTime() - claimed.firstTriedAt.getTime() >= RETRY_WINDOW_MS;
    await tx
      .update(webhookDeliveries)
      .set(givingUp ? { status: 'failed' } : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(claimed.attempts)) })
      .where(eq(webhookDeliveries.id, claimed.id));
  }
  const told: NotificationRow[] = [];
  if (failingEndpoints.size === 0) return told;
  // An endpoint that answered well in this batch is not failing, whatever else it refused.
  for (const id of succeeded.map((r) => r.claimed.endpointId)) failingEndpoints.delete(id);
  if (failingEndpoints.size === 0) return told;
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: now })
    .where(and(inArray(webhookEndpoints.id, [...failingEndpoints]), sql`${webhookEndpoints.failingSince} is null`));
  const switchedOff = await tx
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: 'failing', disabledAt: now })
    .where(
      and(
        inArray(webhookEndpoints.id, [...failingEndpoints]),
        eq(webhookEndpoints.status, 'active'),
        sql`${webhookEndpoints.failingSince} <= ${new Date(now.getTime() - RETRY_WINDOW_MS).toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: webhookEndpoints.id, businessId: webhookEndpoints.businessId, url: webhookEndpoints.url });
  for (const endpoint of switchedOff) {
    const admins = await businessAdmins(tx, endpoint.businessId);
    if (admins.length > 0) {
      told.push(...(await writeNotifications(tx, { userIds: admins, type: 'webhook_disabled', metadata: { url: endpoint.url, endpointId: endpoint.id } })));
    }
  }
  return told;
}

/**
 * The webhooks' sender: polls its own queue (webhook_deliveries), which the outbox fills (createFanOut). Per-endpoint
 * retries for 24 hours and order per shipment are its own: the generic outbox worker knows neither.
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 250;
  const pollMs = options.pollMs ?? 1000;
  const secrets = new Map<string, string>();

  const secretOf = (ciphertext: string) => {
    let secret = secrets.get(ciphertext);
    if (!secret) {
      secret = decryptSecret(options.appSecret, ciphertext);
      if (secrets.size > 1000) secrets.clear();
      secrets.set(ciphertext, secret);
    }
    return secret;
  };

  async function runOnce(): Promise<number> {
    const now = clock();
    const claimed = await claim(db, now, batchSize);
    if (claimed.length === 0) return 0;
    const t = Math.floor(now.getTime() / 1000);
    const results = await Promise.all(
      claimed.map(async (c) => {
        const outcome = await postWebhook(
          c.url,
          c.body,
          { 'hatid-signature': signatureHeader(secretOf(c.secretCiphertext), c.body, t), 'hatid-delivery': c.id },
          { allowPrivate: options.allowPrivateTargets },
        );
        return { claimed: c, outcome };
      }),
    );
    const told = await db.transaction((tx) => record(tx, clock(), results));
    if (told.length > 0 && options.publish)
      await options.publish(told).catch((err: unknown) => logger.error({ err }, 'webhook switch-off notice not published'));
    return claimed.length;
  }

  const loop = pollLoop({ runOnce, batchSize, pollMs, logger, failure: 'webhook dispatch' });

  return {
    runOnce,
    kick: loop.kick,
    start: loop.start,
    stop: loop.stop,
  };
}
