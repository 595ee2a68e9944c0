import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** autocannon (50 connections unless told) without pipelining; exact percentiles from every response time. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  let i = 0;
  const instance = autocannon({
    url: options.url,
    connections: options.connections ?? 50,
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
  return {
    name: options.name,
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
