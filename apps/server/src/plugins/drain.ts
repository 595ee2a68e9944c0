import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the start of a drain (`drainAndClose`): the warmup answers 503 and every answer closes its connection. */
    draining: boolean;
  }
}

/** The route load balancers check (modules/system): answered here while draining, before it touches the database. */
const WARMUP_PATH = '/api/_ah/warmup';

/**
 * While the process drains, its warmup answers 503 at once, so a load balancer's health check takes it out
 * of rotation, and every answer carries `Connection: close`, so a balancer's kept-alive connection is closed
 * by the answer itself instead of idling until the process closes it under a request being sent on it.
 */
export const drainPlugin = fp(async (app) => {
  app.decorate('draining', false);
  app.addHook('onRequest', (request, reply, done) => {
    if (!app.draining || request.url.split('?')[0] !== WARMUP_PATH) return done();
    reply
      .code(503)
      .header('retry-after', '1')
      .send({ statusCode: 503, code: 'DRAINING', message: 'This process is shutting down; another one answers.', traceId: request.id });
  });
  // onSend, not onRequest: a request already in flight when the drain began must close its connection too.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.draining) reply.header('connection', 'close');
    return payload;
  });
});

export interface DrainOptions {
  /** How long to keep answering on open connections, new ones refused, so the balancer notices the 503 first. */
  noticeMs: number;
  /** The longest the whole drain may take; then the connections still open are cut. */
  timeoutMs: number;
}

/**
 * The graceful stop (SIGTERM): stop accepting connections, answer warmup 503, keep serving the connections a
 * balancer already holds for `noticeMs` (it sends nothing new once its check fails), then close the app:
 * WebSockets get 1001 "going away" (plugins/realtime) and reconnect through the balancer to another process,
 * requests in flight finish, idle connections close. Resolves `'timed out'` when `timeoutMs` cut it short.
 */
export async function drainAndClose(app: FastifyInstance, { noticeMs, timeoutMs }: DrainOptions): Promise<'drained' | 'timed out'> {
  app.draining = true;
  const deadline = Date.now() + timeoutMs;
  // http.Server#close would also close the idle keep-alive connections at once, racing a request the balancer
  // may be writing on one of them; net.Server#close only stops the listener (new connections are refused,
  // which a balancer retries elsewhere).
  if (app.server.listening) net.Server.prototype.close.call(app.server);
  await sleep(Math.min(noticeMs, timeoutMs));
  // A connection whose answer was sent before the drain began is idle with no `Connection: close`: close the
  // idle ones as they appear (http.Server#close closes them once, at its start).
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), Math.max(0, deadline - Date.now()));
  });
  try {
    const outcome = await Promise.race([app.close().then(() => 'drained' as const), timedOut]);
    if (outcome === 'timed out') {
      app.log.warn({ timeoutMs }, 'drain timed out: closing the connections still open');
      app.server.closeAllConnections();
    }
    return outcome;
  } finally {
    clearInterval(idleSweep);
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
