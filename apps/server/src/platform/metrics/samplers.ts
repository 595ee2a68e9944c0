import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.js';
import type { EventBus } from '../events/index.js';
import { outboxBacklog } from '../outbox/index.js';
import type { Metrics } from './registry.js';

/**
 * The database as operators watch it. node-postgres: the pool's connections (open, idle) and the queries
 * waiting for one (waits mean DATABASE_POOL_SIZE or PostgreSQL is the bottleneck). PGlite has one connection
 * and a queue it does not expose, so there only the probe applies: the time a `select 1` takes on a scrape,
 * which is the time a request waits for the database (on both drivers).
 */
export function sampleDatabase(metrics: Metrics, database: Database): void {
  const probe = metrics.gauge('hatid_db_probe_seconds', 'Time a trivial query took on this scrape: the wait for a connection plus one round trip');
  metrics.addSampler(
    'database',
    async () => {
      const started = performance.now();
      await database.db.execute(sql`select 1`);
      probe.set((performance.now() - started) / 1000);
    },
    () => probe.reset(),
  );
  const { pool } = database;
  if (!pool) return;
  // The pool's own counters, read as the scrape is written: no query.
  const total = metrics.gauge('hatid_db_pool_connections', 'Connections the node-postgres pool holds open (at most DATABASE_POOL_SIZE)');
  const idle = metrics.gauge('hatid_db_pool_idle_connections', 'Open connections not running a query');
  const waiting = metrics.gauge('hatid_db_pool_waiting_clients', 'Queries waiting for a free connection');
  metrics.addSampler(
    'database_pool',
    async () => {
      total.set(pool.totalCount);
      idle.set(pool.idleCount);
      waiting.set(pool.waitingCount);
    },
    () => {},
  );
}

/** Pending background work (outbox rows) by topic, and how old the oldest is. */
export function sampleOutbox(metrics: Metrics, database: Database): void {
  const pending = metrics.gauge('hatid_outbox_pending_rows', 'Outbox rows not yet processed (waiting, held or retrying), by topic', ['topic']);
  const oldest = metrics.gauge('hatid_outbox_oldest_pending_age_seconds', 'Seconds since the oldest unprocessed outbox row was written (0 when none)');
  metrics.addSampler(
    'outbox',
    async () => {
      const backlog = await outboxBacklog(database.db);
      // Only the topics with work: a topic that drained leaves no stale series behind.
      pending.reset();
      for (const [topic, rows] of backlog.pendingByTopic) pending.set({ topic }, rows);
      oldest.set(backlog.oldestPendingAgeSeconds);
    },
    () => {
      pending.reset();
      oldest.reset();
    },
  );
}

/**
 * Whether real-time events reach every instance (the Redis bus connected; always 1 in memory), and whether the
 * Redis client of the shared rate limits is connected.
 */
export function sampleConnections(metrics: Metrics, events: EventBus, rateLimitRedis?: Redis): void {
  const bus = metrics.gauge('hatid_event_bus_connected', 'The event bus delivers to every instance now: 1 connected, 0 not (kind: memory or redis)', ['kind']);
  // Only with REDIS_URL: without it the limits are counted per process by design, and a 0 would read as an outage.
  const redis = rateLimitRedis
    ? metrics.gauge('hatid_rate_limit_redis_connected', 'The Redis client that counts rate limits for all instances is connected: 1, else 0')
    : null;
  metrics.addSampler(
    'connections',
    async () => {
      bus.set({ kind: events.kind }, events.state === 'local-only' ? 0 : 1);
      if (rateLimitRedis && redis) redis.set(rateLimitRedis.status === 'ready' ? 1 : 0);
    },
    () => {},
  );
}
