import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppAbility } from '@hatid/domain';
import { AppError } from '../errors.js';
import { API_KEY_ROUTES, presentedApiKey } from '../modules/api-keys/index.js';
import { findLiveApiKey } from '../modules/api-keys/index.js';
import { publishNotifications } from '../modules/notifications/index.js';
import { SESSION_COOKIE, createSession, findSessionUser } from '../modules/auth/index.js';
import { loadUserWithRoles } from '../modules/users/index.js';
import { actorFrom, type Actor } from '../core/actor.js';

type Action = Parameters<AppAbility['can']>[0];
type Subject = Parameters<AppAbility['can']>[1];

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The signed-in actor, or 401. */
    requireActor(): Actor;
    /** The signed-in actor allowed to do `action` on `subject`, or 401/403. */
    authorize(action: Action, subject: Subject): Actor;
  }
  interface FastifyReply {
    startSession(userId: string): Promise<void>;
    endSession(): void;
  }
}

/** Reads the session cookie once per request; abilities come from the domain's CASL rules. */
export const authPlugin = fp(async (app) => {
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });

  app.decorateRequest('actor', null);
  app.decorateRequest('requireActor', function (this: FastifyRequest) {
    if (!this.actor) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    return this.actor;
  });
  app.decorateRequest('authorize', function (this: FastifyRequest, action: Action, subject: Subject) {
    const actor = this.requireActor();
    if (!actor.ability.can(action, subject)) {
      throw new AppError('FORBIDDEN', 'You are not allowed to do this');
    }
    return actor;
  });

  app.decorateReply('startSession', async function (this: FastifyReply, userId: string) {
    const request = this.request;
    const { token, expiresAt } = await createSession(app.db, userId, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      ttlDays: app.config.SESSION_TTL_DAYS,
    });
    this.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expiresAt });
  });
  app.decorateReply('endSession', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, cookieOptions(this.request));
  });

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const user = await findSessionUser(app.db, token);
      request.actor = user ? actorFrom(user) : null;
      return;
    }
    // No session: a business system may present an API key instead (docs/decisions.md "API keys").
    const presented = presentedApiKey(request.headers);
    if (!presented) return;
    const { key, lapsed } = await findLiveApiKey(app.db, presented);
    if (lapsed.length > 0) await publishNotifications(app.events, lapsed);
    const user = key ? await loadUserWithRoles(app.db, key.userId) : null;
    // A key acts for its business only: its maker (checked an active business admin of it with the key) must
    // still be in it as the request's actor is loaded, so a booking never lands in the maker's own name.
    if (!key || !user || user.status !== 'ACTIVE' || !key.businessId || user.businessId !== key.businessId) {
      throw new AppError('UNAUTHENTICATED', 'This API key is not valid: it is unknown, revoked or expired');
    }
    const scope = API_KEY_ROUTES[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!scope) throw new AppError('FORBIDDEN', 'An API key can only book and read shipments');
    if (!key.scopes.includes(scope)) throw new AppError('FORBIDDEN', `This API key does not have the ${scope} scope`);
    request.actor = { ...actorFrom(user), apiKeyId: key.id, apiKeySource: key.source === 'shopify' ? 'shopify' : 'external' };
  });
});
