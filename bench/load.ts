import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  /** Requests in flight at once (autocannon connections). */
  connections: number;
  /** How many different paths the load asked (a path asked twice could be answered by the read cache). */
  distinctKeys: number;
  /** The server's read cache during the load (its metrics, when a probe is set): lookups answered from memory, and all lookups. */
  readCache: { hits: number; lookups: number } | null;
  requestsPerSecond: number;
  /** Answers counted (the percentiles' sample). */
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Varies the path per request (e.g. a different tracking number each time). */
  paths?: string[];
  path?: string;
  durationSeconds: number;
  /** Concurrent connections (default 50). */
  connections?: number;
  /** Stops the load when this settles, before `durationSeconds` (a load that lasts as long as some work). */
  until?: Promise<unknown>;
  /** Stops the load once every path was asked (before `durationSeconds`), so none is asked twice: a cold cache. */
  eachPathOnce?: boolean;
}

/** Reads the server's read-cache counters (its metrics port); set by the bench that started the server. */
export type ReadCacheProbe = () => Promise<{ hits: number; misses: number }>;
let readCacheProbe: ReadCacheProbe | null = null;
export function setReadCacheProbe(probe: ReadCacheProbe | null): void {
  readCacheProbe = probe;
}

/** A ReadCacheProbe on a server's metrics port (hatid_read_cache_lookups, apps/server/src/app.ts). */
export function metricsReadCacheProbe(metricsUrl: string): ReadCacheProbe {
  return async () => {
    const text = await (await fetch(`${metricsUrl}/metrics`)).text();
    const value = (result: string) => Number(new RegExp(`^hatid_read_cache_lookups\\{result="${result}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    return { hits: value('hit'), misses: value('miss') };
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** autocannon (50 connections unless told) without pipelining; exact percentiles from every response time. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  let i = 0;
  const connections = options.connections ?? 50;
  const probe = readCacheProbe;
  const cacheBefore = probe ? await probe() : null;
  const instance = autocannon({
    url: options.url,
    connections,
    pipelining: 1,
    duration: options.durationSeconds,
    requests: [
      {
        method: options.method ?? 'GET',
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.body ? { body: options.body } : {}),
        setupRequest: (request) => {
          if (options.eachPathOnce && options.paths && i === options.paths.length) instance.stop();
          request.path = options.paths ? options.paths[i++ % options.paths.length]! : (options.path ?? '/');
          return request;
        },
      },
    ],
    // autocannon's answer is both the running instance (its events) and a promise of the result; the types
    // declare one or the other.
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  void options.until?.finally(() => instance.stop());
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const cacheAfter = probe && cacheBefore ? await probe() : null;
  return {
    name: options.name,
    connections,
    distinctKeys: options.paths ? Math.min(i, options.paths.length) : 1,
    readCache:
      cacheBefore && cacheAfter
        ? { hits: cacheAfter.hits - cacheBefore.hits, lookups: cacheAfter.hits + cacheAfter.misses - cacheBefore.hits - cacheBefore.misses }
        : null,
    // A load stopped early ends inside a second: its last per-second sample is partial and would lower the mean.
    requestsPerSecond: options.eachPathOnce ? result.requests.total / result.duration : result.requests.average,
    requests: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The columns every results row carries (issue 34): how many at once, how many distinct keys, what the read cache answered. */
export const LOAD_SHAPE_HEADER = 'at once | distinct keys | read-cache hits / lookups';
export const LOAD_SHAPE_RULE = '---|---|---';
export function loadShape(l: Pick<LoadResult, 'connections' | 'distinctKeys' | 'readCache'>): string {
  const n = (x: number) => x.toLocaleString('en');
  return `${l.connections} | ${n(l.distinctKeys)} | ${l.readCache ? `${n(l.readCache.hits)} / ${n(l.readCache.lookups)}` : 'not measured'}`;
}
