import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmEmail } from '../api/email-verification';
import { useMe } from '../api/get-me';
import { AuthCard } from '../components/auth-card';

const route = getRouteApi('/email-proof/verify-email');

/**
 * /verify-email?token=…: the page the confirmation email links to (EMAIL_PROOF_PATH on the server). It
 * sends the token once (the link works once) and says whether the email is now the account's; signed in
 * or not, since the link may be opened on another device.
 */
export function VerifyEmailPage() {
  const { t } = useLingui();
  const { token } = route.useSearch();
  const confirm = useConfirmEmail();
  const me = useMe();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page, even when React runs effects twice in development: a second try would find the link spent.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const next = me.data ? (
    <Link to="/profile" className="text-sm font-medium text-teal-700 underline">
      <Trans>Go to your profile</Trans>
    </Link>
  ) : (
    <Link to="/login" className="text-sm font-medium text-teal-700 underline">
      <Trans>Go to sign in</Trans>
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title={t`This link is incomplete`} description={t`Open the link from the email again, or ask for a new one from your profile.`}>
        {next}
      </AuthCard>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthCard
        title={t`Your email is confirmed`}
        description={
          <Trans>
            From now on your Hatid account uses <strong>{confirm.data.email}</strong>.
          </Trans>
        }
      >
        {next}
      </AuthCard>
    );
  }
  if (confirm.isError) {
    return (
      <AuthCard title={t`We could not confirm your email`} description={<span role="alert">{errorMessage(confirm.error)}</span>}>
        {next}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Confirming your email`}>
      <Spinner label={t`Confirming your email`} />
    </AuthCard>
  );
}
