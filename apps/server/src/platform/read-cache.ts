import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.js';

/** The channel the 0002_change_notifications triggers notify on every write to a table shipment lists read. */
export const SHIPMENTS_CHANGED_CHANNEL = 'hatid_shipments_changed';

export interface ReadCacheOptions {
  /** Most bytes kept (least recently used go first). */
  maxBytes?: number;
  /** Backstop: an entry is never served after this long, whatever happens to notifications. */
  ttlMs?: number;
}

/**
 * Serialized answers of read calls (kept as bytes: written to many sockets, encoded once), valid until the data behind them changes. Correctness does not rest on
 * a time-to-live: every committed write to the tables read (NOTIFY from PostgreSQL triggers, on every
 * instance) and every write call this instance answers moves the version, and an answer is only served
 * while the version it was read at is still current. A load that overlaps a change is returned but not kept.
 */
export class ReadCache<V extends {} = Buffer> {
  private version = 0;
  /** While notifications cannot arrive (the LISTEN connection is down), nothing is kept: every read loads. */
  private suspended = false;
  private readonly entries: LRUCache<string, { version: number; body: V }>;
  /** Identical reads arriving together share one load. */
  private readonly inFlight = new Map<string, Promise<V>>();
  hits = 0;
  misses = 0;

  constructor(options: ReadCacheOptions = {}) {
    this.entries = new LRUCache({
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (entry) => (typeof entry.body === 'string' || Buffer.isBuffer(entry.body) ? Math.max(1, entry.body.length) : 1),
      ttl: options.ttlMs ?? 60_000,
    });
  }

  /** How many times the cache has been emptied: tests wait on it to know a notification has arrived. */
  get generation(): number {
    return this.version;
  }

  /**
   * The payload of the last database notification that emptied the cache. Notifications arrive in commit
   * order, so once a test sees its own marker here, every change committed before it has been taken in.
   */
  lastNotice: string | null = null;

  /** Something changed: nothing cached so far may be served again. */
  invalidate(notice: string | null = null) {
    if (notice !== null) this.lastNotice = notice;
    this.version += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  /** Changes made elsewhere can no longer be heard: forget everything and keep nothing until `resume`. */
  suspend() {
    this.suspended = true;
    this.invalidate();
  }

  /** Changes are heard again; whatever changed in between was not, so start empty. */
  resume() {
    this.suspended = false;
    this.invalidate();
  }

  get isSuspended(): boolean {
    return this.suspended;
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    if (this.suspended) {
      this.misses += 1;
      return load();
    }
    const version = this.version;
    const cached = this.entries.get(key);
    if (cached && cached.version === version) {
      this.hits += 1;
      return cached.body;
    }
    const flightKey = `${version}\u0000${key}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) return pending;
    this.misses += 1;
    const loading = load().then(
      (body) => {
        if (this.version === version && !this.suspended) this.entries.set(key, { version, body });
        this.inFlight.delete(flightKey);
        return body;
      },
      (error: unknown) => {
        this.inFlight.delete(flightKey);
        throw error;
      },
    );
    this.inFlight.set(flightKey, loading);
    return loading;
  }
}

/** A cache for shipment reads that forgets everything when the database says shipment data changed. */
export async function openShipmentReadCache(
  database: Pick<Database, 'listen'>,
  options?: ReadCacheOptions,
): Promise<{ cache: ReadCache; close: () => Promise<void> }> {
  const cache = new ReadCache(options);
  const close = await database.listen(
    SHIPMENTS_CHANGED_CHANNEL,
    (payload) => cache.invalidate(payload),
    (gap) => (gap === 'lost' ? cache.suspend() : cache.resume()),
  );
  return { cache, close };
}

/** Sends a cached answer: already-serialized JSON, so the route's serializer is not run again. */
export function sendJsonBytes(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
