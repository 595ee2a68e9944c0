import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { FAIL_CLOSED_WITHOUT_REDIS as FAIL_CLOSED } from '../core/secret-check-limit.js';
import { ServiceUnavailableError } from '../errors.js';

/** The counter @fastify/rate-limit's stores answer with. */
interface Count {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, count?: Count) => void;

/** The store contract of @fastify/rate-limit (its README "Custom stores"). */
interface LimitStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: RouteLimitOptions): LimitStore;
}
interface RouteLimitOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  [FAIL_CLOSED]?: boolean;
  routeInfo?: { method?: string; url?: string };
}

/** Retry-After of a fail-closed route while Redis is down: Redis restarts in seconds and is used again at once. */
export const RATE_LIMIT_RETRY_AFTER_SECONDS = 5;

// The package's own stores (the Redis one runs its counting Lua script): wrapped, not rewritten.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => LimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LimitStore;

export interface RateLimitLogger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/**
 * A Redis connection for rate limits that never makes a request wait for Redis: no offline queue (a command
 * while disconnected fails at once), no retries of a command, and at most `commandTimeoutMs` for an answer.
 * It keeps reconnecting in the background (at most every 2 s) and logs a failure once, not on every retry.
 */
export function createRateLimitRedis(url: string, logger: Pick<RateLimitLogger, 'warn'>, commandTimeoutMs = 500): Redis {
  const redis = new Redis(url, {
    connectionName: 'hatid-rate-limit',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let lastError = '';
  // ioredis emits 'error' on every failed reconnect: handled here, logged once per distinct cause.
  redis.on('error', (err: Error) => {
    if (err.message !== lastError) logger.warn({ err }, 'rate-limit redis connection error');
    lastError = err.message;
  });
  redis.on('ready', () => {
    lastError = '';
  });
  return redis;
}

/**
 * A @fastify/rate-limit store that counts in Redis (once for every process) and decides what happens while
 * Redis cannot answer (docs/decisions.md "While a dependency is down"):
 * - routes whose limit is a `secretCheckLimit` (core/secret-check-limit.ts: sign-in, one-time codes, invitations: secret checks) answer 503 with
 *   Retry-After: a guesser must never get unlimited tries because Redis is down;
 * - every other route counts in this process's memory: the general limit guards against floods, and N
 *   processes each counting to the limit still bound one, where refusing everyone would take the whole API
 *   down with Redis.
 * It asks Redis again on every request, so counting is shared again as soon as Redis answers.
 *
 * Use: `rateLimit({ store: resilientRateLimitStore(redis, logger), ... })`.
 */
export function resilientRateLimitStore(redis: Redis, logger: RateLimitLogger, nameSpace = 'hatid-rl:'): FastifyRateLimitStoreCtor {
  const state = { degraded: false };
  const onRedisFailed = (err: Error) => {
    if (state.degraded) return;
    state.degraded = true;
    logger.warn({ err }, 'rate limits: redis unavailable; sign-in and code checks answer 503, other limits count per process');
  };
  const onRedisAnswered = () => {
    if (!state.degraded) return;
    state.degraded = false;
    logger.info({}, 'rate limits: redis answers again; limits are shared by every process');
  };
  class ResilientStore implements LimitStore {
    private readonly shared: LimitStore;
    private readonly local: LimitStore;
    private readonly failClosed: boolean;

    constructor(options: RouteLimitOptions, parts?: { shared: LimitStore; local: LimitStore }) {
      this.shared = parts?.shared ?? new RedisStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, redis, nameSpace);
      this.local = parts?.local ?? new LocalStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, options.cache);
      this.failClosed = options[FAIL_CLOSED] === true;
    }

    incr(key: string, done: Done, timeWindow: number, max: number) {
      this.count('incr', key, done, timeWindow, max);
    }

    read(key: string, done: Done, timeWindow: number, max: number) {
      this.count('read', key, done, timeWindow, max);
    }

    private count(method: 'incr' | 'read', key: string, done: Done, timeWindow: number, max: number) {
      const fallBack = (err: Error) => {
        onRedisFailed(err);
        if (this.failClosed) {
          done(
            new ServiceUnavailableError('Sign-in and code checks are paused for a moment. Please try again in a few seconds.', RATE_LIMIT_RETRY_AFTER_SECONDS),
          );
        } else {
          this.local[method](key, done, timeWindow, max);
        }
      };
      // Not connected: do not even try (the command would fail at once anyway, without the offline queue).
      if (redis.status !== 'ready') return fallBack(new Error(`redis is ${redis.status}`));
      this.shared[method](
        key,
        (err, count) => {
          if (err) return fallBack(err);
          onRedisAnswered();
          done(null, count);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteLimitOptions): LimitStore {
      return new ResilientStore(routeOptions, { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) });
    }
  }
  // The package's types call child()'s argument route options; it receives the route's merged limit options.
  return ResilientStore as unknown as FastifyRateLimitStoreCtor;
}
