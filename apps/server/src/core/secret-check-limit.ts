import type { RateLimitOptions } from '@fastify/rate-limit';

/**
 * The per-IP request limit of a route that checks a secret (password, one-time code, invitation) or sends a
 * code. RATE_LIMIT_ALLOWLIST exempts addresses from the general API limit only, never from these:
 * @fastify/rate-limit merges a route's options over the global ones, so without its own `allowList` a route
 * would inherit the global exemption.
 *
 * `failClosedWithoutRedis`: while Redis is unreachable these routes answer 503 with Retry-After rather than
 * count in one process only (platform/rate-limit-store.ts; docs/decisions.md "While a dependency is down").
 */
export const FAIL_CLOSED_WITHOUT_REDIS = 'failClosedWithoutRedis';

export const secretCheckLimit = (max: number): RateLimitOptions & { [FAIL_CLOSED_WITHOUT_REDIS]: true } => ({
  max,
  timeWindow: '1 minute',
  allowList: () => false,
  [FAIL_CLOSED_WITHOUT_REDIS]: true,
});
