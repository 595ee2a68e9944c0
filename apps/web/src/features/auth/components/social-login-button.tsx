import { CONNECTION_TYPE_LABELS, type ConnectionType } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { getSocialLoginUrl } from '../api/social-login-url';

/** Google's "G", as its sign-in branding asks for on a "Continue with Google" button. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="h-5 w-5" aria-hidden="true" data-icon="google">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

export interface SocialLoginButtonProps {
  connectionType: ConnectionType;
  /** The page of this site to come back to after signing in (default: the server's, /start). */
  redirect?: string;
  /** `connect`: add the provider to the signed-in account (the profile's button); back on /profile. */
  intent?: 'sign_in' | 'connect';
  /** Leaves for the provider's page; tests replace it. */
  go?: (url: string) => void;
}

/**
 * "Continue with Google": asks the server for the provider's address (it sets the sign-in's state cookie),
 * then leaves for it. The provider sends the person back through /api/users/callback, signed in.
 */
export function SocialLoginButton({ connectionType, redirect, intent, go = (url) => window.location.assign(url) }: SocialLoginButtonProps) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = CONNECTION_TYPE_LABELS[connectionType];

  const start = async () => {
    setPending(true);
    setError(null);
    try {
      const { url } = await getSocialLoginUrl({ connectionType, ...(redirect ? { redirect } : {}), ...(intent ? { intent } : {}) });
      go(url);
      // Stay busy while the browser leaves; coming back with the Back button reloads the page anyway.
    } catch (failure) {
      setPending(false);
      setError(isApiError(failure) ? errorMessage(failure) : t`${label} sign-in is not available right now. Please try again.`);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" size="lg" className="w-full" loading={pending} onClick={() => void start()}>
        {pending ? null : <GoogleMark />}
        {intent === 'connect' ? t`Connect ${label}` : t`Continue with ${label}`}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
