import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from '../platform/data-dir-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The drizzle API both drivers share; services take this (or a transaction) and never know which driver runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /**
   * kind 'pg' only: the node-postgres pool drizzle runs on, for what drizzle does not do (streaming
   * COPY ... TO STDOUT on one client: see the shipments CSV export).
   */
  pool?: pg.Pool;
  /**
   * LISTEN on a channel: `onNotify` runs for every NOTIFY committed by any connection (any server
   * instance on a real server). `onGap('lost')` runs when the listening connection drops (notifications
   * are being missed from then on) and `onGap('restored')` once it listens again, so the caller can treat
   * everything as changed, and trust nothing it kept in between.
   */
  listen(channel: string, onNotify: (payload: string) => void, onGap: (state: ListenGap) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Embedded only: the whole data directory as a tarball (tests make their template with it). */
  dumpDataDir?: () => Promise<Blob>;
}

export type ListenGap = 'lost' | 'restored';

/**
 * How long a request waits for a pooled connection (an idle one, or a new one to open) before it fails and
 * answers 503: without it a database that does not answer (a network cut, not a refused connection) would
 * hold requests until the operating system gives up on TCP, minutes later.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

export interface DatabaseOptions {
  /** A postgres:// URL: use a real server. */
  url?: string;
  /**
   * A directory for the embedded database (in `pglite/` under it); omitted = in memory (tests). It is
   * locked for this process until `close()` or exit: a second process gets DataDirLockedError.
   */
  dataDir?: string;
  poolSize?: number;
  /** Embedded: start from this dump of a data directory, in memory or in a new `dataDir` (tests copy a prepared template). */
  loadDataDir?: Blob;
  /**
   * PostgreSQL only, diagnostics (DB_STATEMENT_TRACE, bench/booking-profile.ts): told of every statement sent,
   * once it is answered. Off (undefined) in normal running: then nothing is timed or wrapped.
   */
  observeStatements?: StatementObserver;
}

/** One statement as the server sent it: its text (no values), round-trip time, and which pooled connection ran it (null: the pool's own `query`). */
export interface ObservedStatement {
  text: string;
  ms: number;
  connection: number | null;
  failed: boolean;
}
export type StatementObserver = (statement: ObservedStatement) => void;

/** Contrib extensions the migrations create (a real server ships them in postgresql-contrib). */
const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // An idle client that errors (server restart, pg_terminate_backend) must not crash the process; the pool
    // drops it (and a client whose query failed with a lost connection too) and opens a new one when asked.
    pool.on('error', () => {});
    // A client lent out (a transaction, an export) whose connection is cut between two queries emits 'error'
    // with no listener of the pool's: Node would end the process (measured: pg_terminate_backend under a
    // booking did). The query under way already failed with the cause; the pool drops the client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(releasingFailedBegins(pool, options.observeStatements), { schema }) as unknown as Db;
    const listeners = new Set<PgListener>();
    return {
      db,
      kind: 'pg',
      pool,
      listen: async (channel, onNotify, onGap) => {
        const listener = new PgListener(options.url as string, channel, onNotify, onGap);
        listeners.add(listener);
        await listener.start();
        return async () => {
          listeners.delete(listener);
          await listener.stop();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((l) => l.stop()));
        await pool.end();
      },
    };
  }
  let client: PGlite;
  // PGlite does not lock its files: two processes on one directory both answer and overwrite each
  // other's writes. The lock refuses the second (DataDirLockedError) before it opens anything.
  const lock = options.dataDir ? lockDataDir(options.dataDir) : null;
  try {
    if (options.dataDir) {
      const dir = path.join(options.dataDir, 'pglite');
      fs.mkdirSync(dir, { recursive: true });
      client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    } else {
      client = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    }
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process, one connection: nothing can be missed, so no gaps.
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      if (!client.closed) await client.close();
      // Only once PGlite has flushed to disk may another process open the directory.
      lock?.release();
    },
  };
}

/**
 * The pool as drizzle's transactions borrow from it. drizzle-orm 0.45 sends BEGIN before the try/finally that
 * gives the client back (drizzle-orm issue #6241): a BEGIN on a connection cut while it sat idle (PostgreSQL
 * restarted, pg_terminate_backend) rejects and the client is never released, a pool slot lost for the life
 * of the process; enough of them and every request waits for a connection. So a lent client whose first
 * query (BEGIN) fails is released here, with the error (the pool then closes it), and a second release is
 * ignored. Everything else is the pool itself.
 */
export function releasingFailedBegins(pool: pg.Pool, observe?: StatementObserver): pg.Pool {
  const timed = observe ? observing(observe) : null;
  const lend = (client: pg.PoolClient): pg.PoolClient => {
    let queries = 0;
    let released = false;
    const release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.release(err);
    };
    return new Proxy(client, {
      get(target, property) {
        if (property === 'release') return release;
        if (property === 'query') {
          return (...args: unknown[]) => {
            const first = queries++ === 0;
            const query = target.query as (...a: unknown[]) => unknown;
            // Only a trace wraps the call: every statement of the app passes here.
            const result = timed ? timed(target, (...a: unknown[]) => query.apply(target, a), args) : query.apply(target, args);
            if (!first || !(result instanceof Promise)) return result;
            return result.catch((error: Error) => {
              release(error);
              throw error;
            });
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return async () => lend(await target.connect());
      if (property === 'query' && timed)
        return (...args: unknown[]) => timed(null, (...a: unknown[]) => (target.query as (...b: unknown[]) => unknown)(...a), args);
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Times each promise-style query (drizzle's only style) and tells `observe` its text, its time and its
 * connection (numbered in the order the pool first lent them). One query is one round trip: node-postgres sends
 * parse, bind, execute and sync together.
 */
function observing(observe: StatementObserver) {
  const numbers = new WeakMap<object, number>();
  let next = 0;
  const numberOf = (client: object | null) => {
    if (!client) return null;
    const known = numbers.get(client);
    if (known !== undefined) return known;
    next += 1;
    numbers.set(client, next);
    return next;
  };
  return (client: object | null, query: (...args: unknown[]) => unknown, args: unknown[]): unknown => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const started = performance.now();
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    const told = (failed: boolean) => observe({ text, ms: performance.now() - started, connection: numberOf(client), failed });
    return result.then(
      (value) => {
        told(false);
        return value;
      },
      (error: unknown) => {
        told(true);
        throw error;
      },
    );
  };
}

const RELISTEN_DELAYS_MS = [250, 1000, 5000];

/**
 * A connection of its own (pooled ones are shared, and LISTEN is per connection) that keeps listening:
 * when it drops it reconnects, and reports the gap, since NOTIFYs sent meanwhile are lost.
 */
class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onNotify: (payload: string) => void,
    private readonly onGap: (state: ListenGap) => void,
  ) {}

  async start(): Promise<void> {
    // Keep-alive: a listener on a connection the network dropped silently would otherwise wait for NOTIFYs forever.
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onNotify(message.payload ?? '');
    });
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempt = 0;
  }

  private dropped(client: pg.Client) {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    this.onGap('lost');
    this.scheduleRestart();
  }

  private scheduleRestart() {
    const delay = RELISTEN_DELAYS_MS[Math.min(this.attempt++, RELISTEN_DELAYS_MS.length - 1)]!;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start().then(
        // Anything may have changed while the connection was down.
        () => this.onGap('restored'),
        () => {
          if (!this.stopped) this.scheduleRestart();
        },
      );
    }, delay);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }
}
