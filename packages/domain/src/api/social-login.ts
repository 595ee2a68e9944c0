/**
 * Social sign-in (GET /users/social-login-url, GET /users/callback): the contract the server routes and the
 * web login page share. Google only for now: Facebook gives no "email verified" claim, so its email could
 * not safely find an existing account (docs/decisions.md "Social sign-in").
 */
export const CONNECTION_TYPES = ['google'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export const CONNECTION_TYPE_LABELS: Record<ConnectionType, string> = { google: 'Google' };

/** Where a signed-in person lands when the sign-in did not name a page (the web's /start sends each role home). */
export const DEFAULT_SIGN_IN_PATH = '/start';

// The request and answer schemas are in social-login-schemas.ts: this module stays free of zod, since the
// web's sign-in page needs only its labels and messages, and zod in its first visit cost a slow phone ~25 KB.

/**
 * A page of this site to return to after signing in: a path starting with one "/", never "//" or "/\"
 * (browsers read both as another host), no backslashes, spaces or control characters, not the API.
 */
export function isSafeRedirectPath(value: string): boolean {
  if (value.length === 0 || value.length > 500) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (/^\/api(\/|\?|#|$)/i.test(value)) return false;
  try {
    // Whatever the browser would make of it must stay on this site.
    return new URL(value, 'http://hatid.invalid').origin === 'http://hatid.invalid';
  } catch {
    return false;
  }
}

/**
 * `sign_in` (default): sign in or sign up with the provider. `connect`: a signed-in person adds the provider
 * to their own account (the profile's "Connect Google"); the link is bound to the session that started it.
 */
export const SOCIAL_LOGIN_INTENTS = ['sign_in', 'connect'] as const;

/** The profile page a connect flow returns to: `?connected=<type>`, or `?connectError=<reason>`. */
export const SOCIAL_CONNECT_RETURN_PATH = '/profile';

/**
 * Why a social sign-in came back to /login?error=… (GET /users/callback never answers an error page: a
 * person arriving from the provider lands on the sign-in page with one of these messages).
 */
export const SOCIAL_LOGIN_ERRORS = {
  expired: 'Your sign-in took too long or was started in another window. Please try again.',
  denied: 'Sign-in was cancelled.',
  provider: 'We could not confirm your account with the sign-in provider. Please try again.',
  not_configured: 'This way of signing in is not set up on this server.',
  inactive: 'This account is not active. Please contact support.',
  invited: 'You have an invitation waiting for this email. Open the link in the invitation email to set up your account.',
  email_unverified: 'Your email address is not verified with the sign-in provider. Verify it there, or sign in with your mobile number.',
  email_unconfirmed:
    'An account with this email exists, but its email was never confirmed. Sign in with your mobile number, then connect Google from your profile (or confirm your email there).',
  identity_in_use: 'This Google account already signs in to another Hatid account, so it cannot be connected to this one.',
  connect_session: 'You were signed out or signed in as someone else while connecting. Sign in, then connect Google from your profile again.',
  sandbox_staff: 'The test sign-in cannot open staff accounts. Sign in with your email and password.',
  rate_limited: 'Too many sign-in attempts. Please wait a minute and try again.',
} as const;
export type SocialLoginError = keyof typeof SOCIAL_LOGIN_ERRORS;

export function socialLoginErrorMessage(code: string | undefined | null): string | null {
  if (!code) return null;
  return (SOCIAL_LOGIN_ERRORS as Record<string, string>)[code] ?? 'Sign-in did not work. Please try again.';
}
