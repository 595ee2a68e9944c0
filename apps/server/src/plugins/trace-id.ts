import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { TRACE_ID_HEADER } from '@hatid/domain';

const SAFE_TRACE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify's request id IS the trace id: taken from the caller's header when it is sane, else new. */
export function genTraceId(req: IncomingMessage): string {
  const given = req.headers[TRACE_ID_HEADER];
  return typeof given === 'string' && SAFE_TRACE_ID.test(given) ? given : randomUUID();
}

export const traceIdPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(TRACE_ID_HEADER, request.id);
  });
});
