import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineAbilityFor, type AppAbility, type RoleName } from '@hatid/domain';
import { AppError } from '../errors.js';
import { SESSION_COOKIE, createSession, findSessionUser } from '../modules/auth/session.service.js';
import type { UserWithRoles } from '../modules/users/users.repository.js';

export interface Actor {
  id: string;
  user: UserWithRoles;
  roles: RoleName[];
  ability: AppAbility;
}

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

export function actorFrom(user: UserWithRoles): Actor {
  const roleNames = user.roles.map((r) => r.name);
  return { id: user.id, user, roles: roleNames, ability: defineAbilityFor({ roles: roleNames }) };
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
    if (!token) return;
    const user = await findSessionUser(app.db, token);
    request.actor = user ? actorFrom(user) : null;
  });
});
