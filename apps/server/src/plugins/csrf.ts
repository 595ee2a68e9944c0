import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie sessions. SameSite=Lax already keeps the cookie off cross-site
 * POSTs; on top of that a state-changing call whose Origin (or Referer) names another site is refused.
 * Calls without either header (curl, server-to-server with an API key) are allowed: a browser always sends
 * Origin on a cross-site POST/PUT/PATCH/DELETE.
 */
export const csrfPlugin = fp<{ allowedOrigins: string[] }>(async (app, options) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!origin || origin === 'null') {
      if (request.headers.origin === 'null') throw new AppError('FORBIDDEN', 'Cross-site request refused');
      return;
    }
    const own = `${request.protocol}://${request.host}`;
    if (origin === own || options.allowedOrigins.includes(origin)) return;
    throw new AppError('FORBIDDEN', 'Cross-site request refused');
  });
});

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
