import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One process's Prometheus metrics (prom-client). Request numbers are counted as requests finish; numbers that
 * need the database (backlogs, queue ages) are read only when Prometheus scrapes, by samplers with a time limit,
 * so no request ever pays for them.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Finished requests by method, route pattern and status code (rate, 5xx). */
  readonly requests: Counter<'method' | 'route' | 'status'>;
  /** Time to answer by method and route pattern (p95 from the buckets). */
  readonly requestSeconds: Histogram<'method' | 'route'>;
  /** A gauge in this registry. */
  gauge<L extends string>(name: string, help: string, labelNames?: readonly L[]): Gauge<L>;
  /**
   * Work run on every scrape before the numbers are written (reads a backlog, sets its gauges). Each sampler
   * gets `timeoutMs`; one that fails or is late has its gauges cleared (`clear`) and reports `up 0`, so a
   * stale number never reads as a current one and the scrape still answers.
   */
  addSampler(name: string, sample: () => Promise<void>, clear: () => void): void;
  /** The exposition text, after running the samplers. */
  render(): Promise<{ contentType: string; body: string }>;
}

export interface MetricsOptions {
  /** Time each sampler may take on a scrape (default 2 s: Prometheus' own default timeout is 10 s). */
  samplerTimeoutMs?: number;
  /** Process memory, CPU, event-loop lag, GC (prom-client's default metrics); tests may leave them out. */
  processMetrics?: boolean;
}

/** Seconds: from 5 ms (a cached tracking page) to 10 s (a large export's first byte). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  const timeoutMs = options.samplerTimeoutMs ?? 2000;
  // Unprefixed, as prom-client names them, so stock Node.js dashboards and rules work unchanged.
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'hatid_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (never the raw URL) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'hatid_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const samplerUp = new Gauge({
    name: 'hatid_metrics_sampler_up',
    help: '1 when the sampler read its numbers on this scrape, 0 when it failed or took longer than its time limit',
    labelNames: ['sampler'] as const,
    registers: [registry],
  });
  const samplers: { name: string; sample: () => Promise<void>; clear: () => void }[] = [];

  async function runSampler(sampler: (typeof samplers)[number]) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([sampler.sample(), late]);
      samplerUp.set({ sampler: sampler.name }, 1);
    } catch {
      sampler.clear();
      samplerUp.set({ sampler: sampler.name }, 0);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    registry,
    requests,
    requestSeconds,
    gauge: (name, help, labelNames) => new Gauge({ name, help, labelNames: labelNames ?? [], registers: [registry] }),
    addSampler: (name, sample, clear) => {
      samplers.push({ name, sample, clear });
    },
    render: async () => {
      await Promise.all(samplers.map(runSampler));
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
