import type { FastifyInstance } from 'fastify';
import type { Metrics } from './registry.js';

/** What a request that matched no route is counted as: unknown URLs must not each become a series. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts every answer and its time by the route's pattern (`/api/shipments/:id`), never the URL itself:
 * tracking numbers and ids in paths would make one series per shipment and exhaust Prometheus.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = request.method;
    metrics.requests.inc({ method, route, status: String(reply.statusCode) });
    metrics.requestSeconds.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
}
