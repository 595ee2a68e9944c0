import type { ConnectionType } from '@hatid/domain';
import type { Config } from '../../config.js';
import { GoogleOAuthProvider } from './google.js';
import { SandboxOAuthProvider } from './sandbox.js';
import type { OAuthProvider } from './types.js';

export * from './types.js';
export { GoogleOAuthProvider } from './google.js';
export { SandboxOAuthProvider, SANDBOX_AUTHORIZE_PATH, SANDBOX_CLIENT_ID, pkceChallenge, type SandboxConsent } from './sandbox.js';
export { readToken, signToken } from './signed-token.js';

export const CALLBACK_PATH = '/api/users/callback';

export interface SocialLogin {
  /** The provider of each connection type this server can sign in with; a missing one is "not set up". */
  providers: Partial<Record<ConnectionType, OAuthProvider>>;
  /** Set when OAUTH_PROVIDER=sandbox: its consent page is served (modules/users/oauth-sandbox.routes.ts). */
  sandbox: SandboxOAuthProvider | null;
  /** Where providers send people back: relative for the sandbox (same server), PUBLIC_URL + path for Google. */
  redirectUri: string;
}

/**
 * OAUTH_PROVIDER picks who vouches for people: `sandbox` (default outside production, when no real provider is
 * configured: the local consent page stands in for every connection type; loadConfig refuses it in production),
 * `live` (each connection type whose credentials are set: GOOGLE_CLIENT_ID + GOOGLE_CLIENT_SECRET for Google;
 * others answer "not set up") or `none` (every connection type answers "not set up").
 */
export function createSocialLogin(config: Config, secret: Buffer): SocialLogin {
  if (config.OAUTH_PROVIDER === 'sandbox') {
    const sandbox = new SandboxOAuthProvider(secret);
    return { providers: { google: sandbox }, sandbox, redirectUri: CALLBACK_PATH };
  }
  const providers: SocialLogin['providers'] = {};
  if (config.OAUTH_PROVIDER === 'live' && config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    providers.google = new GoogleOAuthProvider(config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET);
  return { providers, sandbox: null, redirectUri: `${config.PUBLIC_URL}${CALLBACK_PATH}` };
}
