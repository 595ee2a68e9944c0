import { z } from 'zod';
import { CONNECTION_TYPE_LABELS, CONNECTION_TYPES } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SANDBOX_AUTHORIZE_PATH, SANDBOX_CLIENT_ID } from '../../platform/oauth/index.js';
import { secretCheckLimit } from '../../core/secret-check-limit.js';
import { badRequestPage, consentPage } from './oauth-sandbox-page.js';

/** The authorization request as a real provider receives it (RFC 6749 §4.1.1 with PKCE, RFC 7636). */
const authorizeFields = {
  response_type: z.string().optional(),
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  state: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  connection: z.string().optional(),
  scope: z.string().optional(),
};
const authorizeQuery = z.object(authorizeFields);
const consentBody = z.object({
  ...authorizeFields,
  email: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  email_verified: z.string().optional(),
  decision: z.string().optional(),
});
type AuthorizeRequest = z.infer<typeof authorizeQuery>;

const EMAIL = z.email();

/**
 * The sign-in sandbox (OAUTH_PROVIDER=sandbox only, the default outside production): the consent page a
 * provider would show, at GET /api/oauth/sandbox/authorize, and its form's answer. Allow redirects to the
 * callback with a signed code (platform/oauth/sandbox.ts); Deny with error=access_denied, as OAuth says.
 */
export const oauthSandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.socialLogin.sandbox!;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  /** What a real provider refuses on its own page, never by redirecting (an unknown client or return address). */
  const problemOf = (q: AuthorizeRequest): string | null => {
    if (q.client_id !== SANDBOX_CLIENT_ID) return 'Unknown client_id.';
    if (q.redirect_uri !== app.socialLogin.redirectUri) return 'This redirect_uri is not registered for the client.';
    if (q.response_type !== 'code') return 'Only response_type=code is supported.';
    if (q.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge ?? '')) return 'A PKCE code_challenge (S256) is required.';
    if (!q.state || q.state.length > 500) return 'A state is required.';
    return null;
  };
  const hiddenOf = (q: AuthorizeRequest) =>
    Object.fromEntries(Object.keys(authorizeFields).flatMap((key) => (q[key as keyof AuthorizeRequest] ? [[key, q[key as keyof AuthorizeRequest]!]] : [])));
  const labelOf = (q: AuthorizeRequest) =>
    (CONNECTION_TYPES as readonly string[]).includes(q.connection ?? '')
      ? CONNECTION_TYPE_LABELS[q.connection as keyof typeof CONNECTION_TYPE_LABELS]
      : 'your account';
  const html = 'text/html; charset=utf-8';

  app.get('/authorize', { schema: { hide: true, querystring: authorizeQuery } }, async (request, reply) => {
    const problem = problemOf(request.query);
    if (problem) return reply.status(400).type(html).send(badRequestPage(problem));
    return reply
      .type(html)
      .header('cache-control', 'no-store')
      .send(consentPage({ action: SANDBOX_AUTHORIZE_PATH, providerLabel: labelOf(request.query), hidden: hiddenOf(request.query) }));
  });

  app.post('/authorize', { schema: { hide: true, body: consentBody }, config: { rateLimit: secretCheckLimit(20) } }, async (request, reply) => {
    const form = request.body;
    const problem = problemOf(form);
    if (problem) return reply.status(400).type(html).send(badRequestPage(problem));
    const back = (params: Record<string, string>) => `${form.redirect_uri}?${new URLSearchParams({ ...params, state: form.state! })}`;
    if (form.decision !== 'allow') return reply.redirect(back({ error: 'access_denied' }), 303);

    const email = (form.email ?? '').trim().toLowerCase();
    const givenName = (form.given_name ?? '').trim().slice(0, 100);
    const familyName = (form.family_name ?? '').trim().slice(0, 100);
    if (!EMAIL.safeParse(email).success || email.length > 254 || !givenName) {
      const page = consentPage({
        action: SANDBOX_AUTHORIZE_PATH,
        providerLabel: labelOf(form),
        hidden: hiddenOf(form),
        email,
        givenName,
        familyName,
        error: 'Enter a valid email address and a given name.',
      });
      return reply.status(422).type(html).send(page);
    }
    const code = sandbox.issueCode({
      email,
      givenName,
      familyName,
      emailVerified: form.email_verified === 'true',
      codeChallenge: form.code_challenge!,
      redirectUri: form.redirect_uri!,
    });
    return reply.redirect(back({ code }), 303);
  });
};
