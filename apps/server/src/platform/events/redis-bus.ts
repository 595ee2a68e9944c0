import { Redis, type RedisOptions } from 'ioredis';
import { isAppEvent, silentLogger, type AppEvent, type BusLogger, type EventBus, type EventHandler } from './types.js';

export interface RedisEventBusOptions {
  url: string;
  /** Prefix of the Redis channel, so several deployments (or test runs) can share one Redis. */
  prefix?: string;
  logger?: BusLogger;
  /** Give up connecting after this long (start-up fails with a clear message instead of hanging). */
  connectTimeoutMs?: number;
}

/**
 * Every instance publishes to one Redis channel and subscribes to it once; each instance then fans events
 * out in memory to its own sockets. One publisher and one subscriber connection per process (a subscribed
 * Redis connection can run no other command). The publishing instance gets its own events back through
 * Redis, so there is exactly one delivery path.
 */
export async function createRedisEventBus(options: RedisEventBusOptions): Promise<EventBus> {
  const logger = options.logger ?? silentLogger;
  const channel = `${options.prefix ?? 'hatid:'}events`;
  const connectTimeout = options.connectTimeoutMs ?? 5000;
  const redisOptions: RedisOptions = {
    lazyConnect: true,
    connectTimeout,
    maxRetriesPerRequest: 2,
    // Keep reconnecting after a drop (Redis restarts), at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  };
  const publisher = new Redis(options.url, { ...redisOptions, connectionName: 'hatid-events-pub' });
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
    for (const handler of [...handlers]) {
      try {
        handler(event);
      } catch (err) {
        logger.error({ err, type: event.type }, 'event handler failed');
      }
    }
  });

  try {
    await withTimeout(Promise.all([publisher.connect(), subscriber.connect()]), connectTimeout);
    await withTimeout(subscriber.subscribe(channel), connectTimeout);
  } catch (err) {
    publisher.disconnect();
    subscriber.disconnect();
    const reason = lastError || (err instanceof Error ? err.message : String(err));
    throw new Error(`Cannot reach Redis at ${redactUrl(options.url)} for the event bus: ${reason}`);
  }

  let closed = false;
  return {
    kind: 'redis',
    async publish(event: AppEvent) {
      if (closed) return;
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch (err) {
        logger.warn({ err, type: event.type }, 'event not published (redis unavailable)');
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
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
