import type { SocialLoginError } from '@hatid/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Why a social sign-in or a "Connect Google" came back without doing it (SOCIAL_LOGIN_ERRORS, the reason in the
 * address), in the reader's language: the domain keeps the English for the API.
 */
const SOCIAL_LOGIN_MESSAGES: Record<SocialLoginError, MessageDescriptor> = {
  expired: msg`Your sign-in took too long or was started in another window. Please try again.`,
  denied: msg`Sign-in was cancelled.`,
  provider: msg`We could not confirm your account with the sign-in provider. Please try again.`,
  not_configured: msg`This way of signing in is not set up on this server.`,
  inactive: msg`This account is not active. Please contact support.`,
  invited: msg`You have an invitation waiting for this email. Open the link in the invitation email to set up your account.`,
  email_unverified: msg`Your email address is not verified with the sign-in provider. Verify it there, or sign in with your mobile number.`,
  email_unconfirmed: msg`An account with this email exists, but its email was never confirmed. Sign in with your mobile number, then connect Google from your profile (or confirm your email there).`,
  identity_in_use: msg`This Google account already signs in to another Hatid account, so it cannot be connected to this one.`,
  connect_session: msg`You were signed out or signed in as someone else while connecting. Sign in, then connect Google from your profile again.`,
  sandbox_staff: msg`The test sign-in cannot open staff accounts. Sign in with your email and password.`,
  rate_limited: msg`Too many sign-in attempts. Please wait a minute and try again.`,
};

const UNKNOWN = msg`Sign-in did not work. Please try again.`;

/** The message for a reason code from the address; null when there is none. */
export function socialLoginMessage(i18n: I18n, code: string | undefined | null): string | null {
  if (!code) return null;
  return i18n._(SOCIAL_LOGIN_MESSAGES[code as SocialLoginError] ?? UNKNOWN);
}
