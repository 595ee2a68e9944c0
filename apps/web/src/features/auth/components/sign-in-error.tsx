import { useLingui } from '@lingui/react/macro';
import { socialLoginMessage } from '../lib/social-login-messages';

/** Why a social sign-in came back to /login (?error=…, set by GET /api/users/callback). */
export function SignInError({ code }: { code: string | undefined }) {
  const { i18n } = useLingui();
  const message = socialLoginMessage(i18n, code);
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
      {message}
    </div>
  );
}
