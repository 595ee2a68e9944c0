import type { ConnectionType } from '@hatid/domain';

/**
 * The one door to sign-in providers (OAuth 2.0 authorization code with PKCE, OpenID Connect claims). Sign-in
 * code never speaks HTTP to a provider itself: `sandbox` (the default outside production: a consent page
 * served by this server) and `google` (the real one, with GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET) both
 * answer these two calls. See modules/users/social-login.routes.ts for the flow around them.
 */
export interface AuthorizationInput {
  /** Random, kept in the person's signed state cookie; the provider hands it back to the callback. */
  state: string;
  /** PKCE: its S256 challenge goes to the provider; the verifier itself only to the code exchange. */
  codeVerifier: string;
  /** Where the provider sends the person back: this server's GET /api/users/callback. */
  redirectUri: string;
  connectionType: ConnectionType;
}

export interface ExchangeInput {
  code: string;
  codeVerifier: string;
  /** The same address the authorization used (OAuth checks the two match). */
  redirectUri: string;
}

/** Who the provider says the person is. */
export interface OAuthIdentity {
  /** Who vouches for it: `google`, or `sandbox` (never mistaken for a real Google account). */
  provider: OAuthProviderName;
  /** The provider's stable id of the person (OIDC `sub`); emails change, this does not. */
  subject: string;
  email: string | null;
  /** The provider checked the person controls the email (OIDC `email_verified`). */
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
}

export type OAuthProviderName = 'sandbox' | 'google';

export interface OAuthProvider {
  readonly name: OAuthProviderName;
  authorizationUrl(input: AuthorizationInput): string;
  /** Trades the code for the person's identity; throws OAuthExchangeError when the provider refuses. */
  exchange(input: ExchangeInput): Promise<OAuthIdentity>;
}

/** The provider refused the code (expired, used, forged) or answered something unusable. */
export class OAuthExchangeError extends Error {
  override readonly name = 'OAuthExchangeError';
}
