import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { generateCodeVerifier, generateState } from 'arctic';
import {
  CONNECTION_TYPE_LABELS,
  CONNECTION_TYPES,
  DEFAULT_SIGN_IN_PATH,
  SOCIAL_CONNECT_RETURN_PATH,
  dataOf,
  isSafeRedirectPath,
  socialLoginCallbackQuery,
  socialLoginUrlQuery,
  socialLoginProvidersResult,
  socialLoginUrlResult,
  type ConnectionType,
  type SocialLoginError,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, fieldError } from '../../errors.js';
import { CALLBACK_PATH, OAuthExchangeError, readToken, signToken } from '../../platform/oauth/index.js';
import { SESSION_COOKIE } from '../auth/index.js';
import { secretCheckLimit } from '../../core/secret-check-limit.js';
import { hashToken } from '../../core/tokens.js';
import { SocialLoginRefused, connectIdentity, signInWithIdentity } from './social-login.service.js';

/** The signed, short-lived cookie that carries one sign-in from GET /social-login-url to GET /callback. */
export const OAUTH_STATE_COOKIE = 'hatid_oauth';
const STATE_PURPOSE = 'oauth-state';
const STATE_TTL_MS = 10 * 60_000;

interface PendingSignIn {
  state: string;
  codeVerifier: string;
  connectionType: ConnectionType;
  redirect: string;
  /**
   * A "Connect Google" from the profile: the account and the session (SHA-256 of its cookie) that started
   * it. Only that same session may finish it, so the identity lands on the account whose owner asked, never
   * on whoever else finishes the callback.
   */
  connect?: { userId: string; session: string };
}

/**
 * GET /users/social-login-url and GET /users/callback: sign-in through a provider (platform/oauth), OAuth 2.0
 * authorization code with PKCE and state. The state, the PKCE verifier and the page to return to travel in a
 * signed httpOnly SameSite=Lax cookie scoped to the callback; the callback always answers with a redirect:
 * to the page on success (with the very session cookie a password sign-in sets), else to /login?error=…
 * With intent=connect a signed-in person adds the provider to their own account instead (bound to the
 * session that started it); that flow ends on /profile?connected=… or /profile?connectError=….
 */
export const socialLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookieOptions = (request: FastifyRequest) => ({
    path: CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });
  const toLogin = (reply: FastifyReply, reason: SocialLoginError) => {
    reply.clearCookie(OAUTH_STATE_COOKIE, cookieOptions(reply.request));
    return reply.header('cache-control', 'no-store').redirect(`/login?error=${reason}`, 302);
  };
  // A connect flow ends on the profile (a signed-in person visiting /login would be sent away from the message).
  const toProfile = (reply: FastifyReply, outcome: { connected: ConnectionType } | { connectError: SocialLoginError }) => {
    reply.clearCookie(OAUTH_STATE_COOKIE, cookieOptions(reply.request));
    const query = 'connected' in outcome ? `connected=${outcome.connected}` : `connectError=${outcome.connectError}`;
    return reply.header('cache-control', 'no-store').redirect(`${SOCIAL_CONNECT_RETURN_PATH}?${query}`, 302);
  };
  const sessionHash = (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? hashToken(token) : null;
  };

  app.get(
    '/social-login-providers',
    {
      schema: {
        tags: ['users'],
        summary: 'The social sign-ins this server has set up, so the web app offers only those (none with OAUTH_PROVIDER=none)',
        response: { 200: dataOf(socialLoginProvidersResult) },
      },
    },
    async () => ({ data: { connectionTypes: CONNECTION_TYPES.filter((type) => Boolean(app.socialLogin.providers[type])) } }),
  );

  app.get(
    '/social-login-url',
    {
      schema: {
        tags: ['users'],
        summary: `Where to send the browser to sign in with a provider (connectionType: ${CONNECTION_TYPES.join(', ')}); intent=connect: add it to my account`,
        querystring: socialLoginUrlQuery,
        response: { 200: dataOf(socialLoginUrlResult) },
      },
      config: { rateLimit: secretCheckLimit(10) },
    },
    async (request, reply) => {
      const { connectionType, redirect, intent } = request.query;
      // Connecting needs a signed-in browser session: the flow is bound to it.
      const actor = intent === 'connect' ? request.requireActor() : null;
      const session = actor ? sessionHash(request) : null;
      if (actor && !session) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
      const provider = app.socialLogin.providers[connectionType];
      if (!provider) {
        throw fieldError('connectionType', `${CONNECTION_TYPE_LABELS[connectionType]} sign-in is not set up on this server`, 'RULE_BROKEN');
      }
      const pending: PendingSignIn = {
        state: generateState(),
        codeVerifier: generateCodeVerifier(),
        connectionType,
        redirect: actor ? SOCIAL_CONNECT_RETURN_PATH : (redirect ?? DEFAULT_SIGN_IN_PATH),
        ...(actor && session ? { connect: { userId: actor.id, session } } : {}),
      };
      const url = provider.authorizationUrl({ ...pending, redirectUri: app.socialLogin.redirectUri });
      reply.setCookie(OAUTH_STATE_COOKIE, signToken(app.secret, STATE_PURPOSE, pending, STATE_TTL_MS), {
        ...cookieOptions(request),
        maxAge: STATE_TTL_MS / 1000,
      });
      reply.header('cache-control', 'no-store');
      return { data: { url } };
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: ['users'],
        summary: 'Where the sign-in provider sends the browser back: signs in and redirects (302) to the page, or to /login?error=…',
        querystring: socialLoginCallbackQuery,
      },
      config: { rateLimit: secretCheckLimit(10) },
      // A person arriving from the provider gets the sign-in page with a message, never an error document.
      errorHandler: (error: FastifyError, request, reply) => {
        const status = error.statusCode ?? 500;
        if (status >= 500) request.log.error({ err: error }, 'social sign-in callback failed');
        else request.log.info({ status, reason: error.message }, 'social sign-in callback refused');
        return toLogin(reply, error.statusCode === 429 ? 'rate_limited' : 'provider');
      },
    },
    async (request, reply) => {
      const pending = readToken<PendingSignIn>(app.secret, STATE_PURPOSE, request.cookies[OAUTH_STATE_COOKIE]);
      const { code, state, error } = request.query;
      // The state is checked before anything else, the provider's "denied" included: only the browser that
      // started this sign-in may finish it (no login CSRF).
      if (!pending || !state || !sameText(state, pending.state)) return toLogin(reply, 'expired');
      const provider = app.socialLogin.providers[pending.connectionType];
      if (pending.connect) {
        const connecting = pending.connect;
        // The session finishing the flow must be the one that started it (signed out meanwhile, or someone else: refused).
        const sameSession = request.actor?.id === connecting.userId && sessionHash(request) === connecting.session;
        const refuse = (reason: SocialLoginError) => (request.actor ? toProfile(reply, { connectError: reason }) : toLogin(reply, reason));
        if (!sameSession) return refuse('connect_session');
        if (error) return refuse('denied');
        if (!provider) return refuse('not_configured');
        if (!code || code.length > 4096) return refuse('provider');
        try {
          const identity = await provider.exchange({ code, codeVerifier: pending.codeVerifier, redirectUri: app.socialLogin.redirectUri });
          await connectIdentity(app.db, connecting.userId, identity);
        } catch (failure) {
          if (failure instanceof SocialLoginRefused) return refuse(failure.reason);
          if (failure instanceof OAuthExchangeError) {
            request.log.warn({ provider: provider.name, reason: failure.message }, 'social connect code refused');
            return refuse('provider');
          }
          throw failure;
        }
        request.log.info({ userId: connecting.userId, provider: provider.name, outcome: 'connected' }, 'social sign-in connected');
        return toProfile(reply, { connected: pending.connectionType });
      }

      if (error) return toLogin(reply, 'denied');
      if (!provider) return toLogin(reply, 'not_configured');
      if (!code || code.length > 4096) return toLogin(reply, 'provider');

      let signedIn: Awaited<ReturnType<typeof signInWithIdentity>>;
      try {
        const identity = await provider.exchange({ code, codeVerifier: pending.codeVerifier, redirectUri: app.socialLogin.redirectUri });
        signedIn = await signInWithIdentity(app.db, identity);
      } catch (failure) {
        if (failure instanceof SocialLoginRefused) return toLogin(reply, failure.reason);
        if (failure instanceof OAuthExchangeError) {
          request.log.warn({ provider: provider.name, reason: failure.message }, 'social sign-in code refused');
          return toLogin(reply, 'provider');
        }
        throw failure;
      }
      request.log.info({ userId: signedIn.user.id, provider: provider.name, outcome: signedIn.outcome }, 'social sign-in');
      reply.clearCookie(OAUTH_STATE_COOKIE, cookieOptions(request));
      await reply.startSession(signedIn.user.id);
      // Checked when issued too; again here in case the rule tightened while the person was at the provider.
      const to = isSafeRedirectPath(pending.redirect) ? pending.redirect : DEFAULT_SIGN_IN_PATH;
      return reply.header('cache-control', 'no-store').redirect(to, 302);
    },
  );
};

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length > 0 && left.length === right.length && timingSafeEqual(left, right);
}
