import { createHash } from 'node:crypto';
import { readToken, signToken } from './signed-token.js';
import { OAuthExchangeError, type AuthorizationInput, type ExchangeInput, type OAuthIdentity, type OAuthProvider } from './types.js';

export const SANDBOX_AUTHORIZE_PATH = '/api/oauth/sandbox/authorize';
export const SANDBOX_CLIENT_ID = 'hatid-sandbox';
const CODE_PURPOSE = 'oauth-sandbox-code';
/** Codes are traded at once by the callback the page redirects to; real providers allow about as long. */
const CODE_TTL_MS = 2 * 60_000;

/** What the tester chose on the consent page, sealed into the authorization code. */
export interface SandboxConsent {
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
  codeChallenge: string;
  redirectUri: string;
}

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The default sign-in provider outside production: works with no network. Its "authorization server" is a
 * consent page on this server (modules/users/oauth-sandbox.routes.ts) where the tester types an email and
 * names and clicks Allow. The code it hands back is signed and carries the PKCE challenge, so the exchange
 * checks the verifier exactly as a real provider would. Identities are `sandbox` ones: a real Google account
 * is never matched by a sandbox sign-in, and the sandbox never opens staff accounts (social-login.service.ts).
 */
export class SandboxOAuthProvider implements OAuthProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly secret: Buffer) {}

  authorizationUrl(input: AuthorizationInput): string {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: input.redirectUri,
      state: input.state,
      code_challenge: pkceChallenge(input.codeVerifier),
      code_challenge_method: 'S256',
      connection: input.connectionType,
      scope: 'openid email profile',
    });
    return `${SANDBOX_AUTHORIZE_PATH}?${query}`;
  }

  /** The consent page's Allow: a code for what the tester chose. */
  issueCode(consent: SandboxConsent): string {
    return signToken(this.secret, CODE_PURPOSE, { ...consent, email: consent.email.trim().toLowerCase() }, CODE_TTL_MS);
  }

  async exchange(input: ExchangeInput): Promise<OAuthIdentity> {
    const consent = readToken<SandboxConsent>(this.secret, CODE_PURPOSE, input.code);
    if (!consent) throw new OAuthExchangeError('The sandbox code is unknown or expired');
    if (consent.codeChallenge !== pkceChallenge(input.codeVerifier)) throw new OAuthExchangeError('The PKCE verifier does not match the sandbox code');
    if (consent.redirectUri !== input.redirectUri) throw new OAuthExchangeError('The sandbox code was issued for another redirect address');
    const name = `${consent.givenName} ${consent.familyName}`.trim();
    return {
      provider: 'sandbox',
      // The tester's email is who they are in the sandbox: the same email always comes back as the same person.
      subject: consent.email,
      email: consent.email,
      emailVerified: consent.emailVerified,
      name: name || null,
      givenName: consent.givenName || null,
      familyName: consent.familyName || null,
    };
  }
}
