import { CONNECTION_TYPE_LABELS, type ConnectionType } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../api/get-me';
import { useSocialLoginOffered } from '../api/social-login-providers';
import { ProfileForm } from '../components/profile-form';
import { SocialLoginButton } from '../components/social-login-button';
import { socialLoginMessage } from '../lib/social-login-messages';

/** How a "Connect Google" came back to /profile (SOCIAL_CONNECT_RETURN_PATH): connected, or why not. */
export interface ConnectOutcome {
  connected?: ConnectionType;
  connectError?: string;
}

/** The profile card: under /settings its heading sits below the page's "Settings" h1. */
export function ProfilePage({ standalone = false, outcome = {} }: { standalone?: boolean; outcome?: ConnectOutcome }) {
  // Read afresh on every visit: a link opened on another device (or a sign-in answer without the pending
  // email) may have left the cached account behind.
  const { t, i18n } = useLingui();
  const me = useQuery({ ...meQueryOptions(), refetchOnMount: 'always' });
  const provider = outcome.connected ? CONNECTION_TYPE_LABELS[outcome.connected] : '';
  const googleOffered = useSocialLoginOffered('google');
  return (
    <Card>
      {standalone ? (
        <h1 className="text-xl font-semibold text-slate-900">
          <Trans>Profile</Trans>
        </h1>
      ) : (
        <CardTitle>
          <Trans>Profile</Trans>
        </CardTitle>
      )}
      <CardDescription>
        <Trans>Your name and email on Hatid.</Trans>
      </CardDescription>
      <div className="mt-6">{me.data ? <ProfileForm user={me.data} /> : <Spinner label={t`Loading profile`} />}</div>
      {googleOffered ? (
        <section aria-labelledby="profile-google" className="mt-8 flex flex-col gap-3 border-t border-slate-200 pt-6">
          <h2 id="profile-google" className="text-base font-semibold text-slate-900">
            <Trans>Sign in with Google</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>Connect your Google account to sign in with it next time.</Trans>
          </p>
          {outcome.connected ? (
            <p role="status" className="rounded-md bg-teal-50 p-3 text-sm text-teal-800">
              <Trans>{provider} is connected: you can sign in with it now.</Trans>
            </p>
          ) : null}
          {outcome.connectError ? (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
              {socialLoginMessage(i18n, outcome.connectError)}
            </p>
          ) : null}
          <div className="sm:max-w-xs">
            <SocialLoginButton connectionType="google" intent="connect" />
          </div>
        </section>
      ) : null}
    </Card>
  );
}

/** /profile: the same card as a page of its own, so it carries the page's h1. */
const profileRoute = getRouteApi('/profile');

export function StandaloneProfilePage() {
  return <ProfilePage standalone outcome={profileRoute.useSearch()} />;
}
