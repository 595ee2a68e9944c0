import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './registry.js';

export interface MetricsServerOptions {
  metrics: Metrics;
  port: number;
  host: string;
  /** When set, a scrape must send `Authorization: Bearer <token>` (Prometheus: `authorization: { credentials }`). */
  token?: string;
  logger?: { error(obj: object, msg?: string): void };
}

export interface MetricsServer {
  /** `http://host:port/metrics`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The operators' address: GET /metrics on its own port, apart from the public one, so no route, proxy rule or
 * rate limit of the API applies to it and the API's port never answers it. Bound to loopback by default; a
 * token is required to bind it anywhere else (config.ts).
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const expected = options.token ? digest(options.token) : null;
  const authorized = (header: string | undefined) => {
    if (!expected) return true;
    const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
    // Hashes have one length, so the comparison takes the same time whatever was sent.
    return given !== undefined && timingSafeEqual(digest(given.trim()), expected);
  };
  const server = http.createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    if (!authorized(request.headers.authorization)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="hatid-metrics"' })
        .end('A bearer token (METRICS_TOKEN) is required\n');
      return;
    }
    try {
      const { contentType, body } = await options.metrics.render();
      response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body);
    } catch (err) {
      options.logger?.error({ err }, 'metrics could not be written');
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be written; see the server log\n');
    }
  });
  // A scrape is one short request: keep nothing open between them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address, family } = server.address() as AddressInfo;
  const host = family === 'IPv6' ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
