import { Google, decodeIdToken } from 'arctic';
import { OAuthExchangeError, type AuthorizationInput, type ExchangeInput, type OAuthIdentity, type OAuthProvider } from './types.js';

const ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);
const SCOPES = ['openid', 'email', 'profile'];

/**
 * Google sign-in (OpenID Connect), through `arctic`: authorization code with PKCE (S256) and state. The ID
 * token comes straight from Google's token endpoint over TLS, which OIDC Core §3.1.3.7 accepts in place of
 * checking its signature; its issuer, audience and expiry are still checked here.
 */
export class GoogleOAuthProvider implements OAuthProvider {
  readonly name = 'google' as const;

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  private client(redirectUri: string) {
    return new Google(this.clientId, this.clientSecret, redirectUri);
  }

  authorizationUrl(input: AuthorizationInput): string {
    const url = this.client(input.redirectUri).createAuthorizationURL(input.state, input.codeVerifier, SCOPES);
    // Let the person pick among their Google accounts instead of silently using the last one.
    url.searchParams.set('prompt', 'select_account');
    return url.toString();
  }

  async exchange(input: ExchangeInput): Promise<OAuthIdentity> {
    let claims: Record<string, unknown>;
    try {
      const tokens = await this.client(input.redirectUri).validateAuthorizationCode(input.code, input.codeVerifier);
      claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
    } catch (error) {
      throw new OAuthExchangeError(`Google refused the sign-in code: ${(error as Error).message}`, { cause: error });
    }
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!ISSUERS.has(String(claims.iss)) || !audience.includes(this.clientId)) {
      throw new OAuthExchangeError('Google answered with an ID token for another issuer or client');
    }
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now() - 60_000) throw new OAuthExchangeError('Google answered with an expired ID token');
    if (typeof claims.sub !== 'string' || claims.sub.length === 0) throw new OAuthExchangeError('Google answered without a subject');
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    return {
      provider: 'google',
      subject: claims.sub,
      email: text(claims.email)?.toLowerCase() ?? null,
      // Google sends a boolean; older tokens carried the string "true".
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: text(claims.name),
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
    };
  }
}
