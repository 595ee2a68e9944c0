import { Redis, type RedisOptions } from 'ioredis';
import { isAppEvent, silentLogger, type AppEvent, type BusLogger, type EventBus, type EventHandler } from './types.js';

export interface RedisEventBusOptions {
  url: string;
  /** Prefix of the Redis channel, so several deployments (or test runs) can share one Redis. */
  prefix?: string;
  logger?: BusLogger;
  /** Give up connecting at start-up after this long. */
  connectTimeoutMs?: number;
  /**
   * When Redis cannot be reached at start-up: false (default) rejects with a clear message; true starts
   * anyway in `local-only` state and keeps connecting in the background (main.ts: a process restarted while
   * Redis is down still serves).
   */
  startWithoutRedis?: boolean;
  /** Longest a publish waits for Redis to answer before delivering in this process only. */
  commandTimeoutMs?: number;
}

/**
 * Every instance publishes to one Redis channel and subscribes to it once; each instance then fans events
 * out in memory to its own sockets. One publisher and one subscriber connection per process (a subscribed
 * Redis connection can run no other command). The publishing instance gets its own events back through
 * Redis, so there is exactly one delivery path while Redis answers.
 *
 * While Redis is down (docs/decisions.md "While a dependency is down"): a publish never waits (no offline
 * queue, a bounded answer time) and delivers to this instance's subscribers directly; both connections keep
 * reconnecting by themselves, and once the subscriber is subscribed again the bus calls its `onResync`
 * handlers, since events of other instances published meanwhile never arrived.
 */
export async function createRedisEventBus(options: RedisEventBusOptions): Promise<EventBus> {
  const logger = options.logger ?? silentLogger;
  const channel = `${options.prefix ?? 'hatid:'}events`;
  const connectTimeout = options.connectTimeoutMs ?? 5000;
  const redisOptions: RedisOptions = {
    lazyConnect: true,
    connectTimeout,
    // Keep reconnecting after a drop (Redis restarts), at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  };
  // A publish is made inside a request: it must fail at once while disconnected, not queue or retry.
  const publisher = new Redis(options.url, {
    ...redisOptions,
    connectionName: 'hatid-events-pub',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 1000,
  });
  // The subscriber re-subscribes by itself after a reconnect (ioredis autoResubscribe).
  const subscriber = new Redis(options.url, { ...redisOptions, connectionName: 'hatid-events-sub' });
  // ioredis emits 'error' on every failed reconnect; without a listener Node would crash the process.
  let lastError = '';
  for (const conn of [publisher, subscriber]) {
    conn.on('error', (err: Error) => {
      if (err.message !== lastError) logger.warn({ err }, 'redis event bus connection error');
      lastError = err.message;
    });
  }

  const handlers = new Set<EventHandler>();
  const resyncHandlers = new Set<() => void>();
  const deliver = (event: AppEvent) => {
    for (const handler of [...handlers]) {
      try {
        handler(event);
      } catch (err) {
        logger.error({ err, type: event.type }, 'event handler failed');
      }
    }
  };
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    let event: unknown;
    try {
      event = JSON.parse(raw);
    } catch {
      event = undefined;
    }
    if (!isAppEvent(event)) {
      logger.warn({ channel }, 'ignored a malformed event from redis');
      return;
    }
    deliver(event);
  });

  let closed = false;
  /** True while our own subscription is live, so our published events come back to us through Redis. */
  let subscribed = false;
  let everSubscribed = false;
  subscriber.on('close', () => {
    if (!subscribed) return;
    subscribed = false;
    if (!closed) logger.warn({ channel }, 'redis event bus lost redis: events reach this process only until it is back');
  });
  subscriber.on('ready', () => {
    if (!everSubscribed || closed) return; // the first subscription is made below
    subscriber.subscribe(channel).then(
      () => {
        if (closed || subscribed) return;
        subscribed = true;
        lastError = '';
        logger.info({ channel }, 'redis event bus is back: events reach every process again; browsers are told to refetch');
        for (const handler of [...resyncHandlers]) {
          try {
            handler();
          } catch (err) {
            logger.error({ err }, 'event bus resync handler failed');
          }
        }
      },
      () => {}, // dropped again: the next 'ready' tries again
    );
  });

  try {
    await withTimeout(Promise.all([publisher.connect(), subscriber.connect()]), connectTimeout);
    await withTimeout(subscriber.subscribe(channel), connectTimeout);
    subscribed = true;
    everSubscribed = true;
  } catch (err) {
    const reason = lastError || (err instanceof Error ? err.message : String(err));
    const message = `Cannot reach Redis at ${redactUrl(options.url)} for the event bus: ${reason}`;
    if (!options.startWithoutRedis) {
      publisher.disconnect();
      subscriber.disconnect();
      throw new Error(message);
    }
    // ioredis keeps reconnecting (retryStrategy); the first 'ready' subscribes and resyncs as after a drop.
    everSubscribed = true;
    logger.warn({ channel }, `${message}. Starting anyway: events reach this process only until Redis answers`);
    // A connect() that failed may have left a connection half-way; make sure both are trying.
    for (const conn of [publisher, subscriber]) {
      if (conn.status === 'wait' || conn.status === 'end') conn.connect().catch(() => {});
    }
  }

  return {
    kind: 'redis',
    get state() {
      return subscribed && publisher.status === 'ready' ? 'shared' : 'local-only';
    },
    async publish(event: AppEvent) {
      if (closed) return;
      let sent = false;
      if (publisher.status === 'ready') {
        try {
          await publisher.publish(channel, JSON.stringify(event));
          sent = true;
        } catch (err) {
          logger.warn({ err, type: event.type }, 'event not published to redis: delivered in this process only');
        }
      }
      // Our event comes back through Redis only when it went out and we are subscribed: otherwise hand it
      // to this process's subscribers ourselves (at worst twice around a reconnect: events are hints).
      if (!sent || !subscribed) {
        await Promise.resolve(); // as Redis would: never inside the publisher's own tick
        deliver(event);
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => {
        resyncHandlers.delete(handler);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      resyncHandlers.clear();
      // QUIT is polite while connected; while Redis is down it must not hold the shutdown.
      await withTimeout(Promise.allSettled([subscriber.quit(), publisher.quit()]), 1000).catch(() => {});
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Never print a Redis password. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured REDIS_URL';
  }
}
