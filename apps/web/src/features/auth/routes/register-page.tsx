import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { AcceptInvitationForm } from '../components/accept-invitation-form';
import { AuthCard } from '../components/auth-card';

const route = getRouteApi('/sign-in/register');

/** /register?token=…: the page an invitation email links to (INVITATION_PATH in the domain). */
export function RegisterPage() {
  const { t } = useLingui();
  const { token } = route.useSearch();
  const navigate = useNavigate();
  if (!token) {
    return (
      <AuthCard
        title={t`This link is incomplete`}
        description={t`Open the link from your invitation email again, or ask whoever invited you to send a new one.`}
      >
        <Link to="/login" className="text-sm font-medium text-teal-700 underline">
          <Trans>Go to sign in</Trans>
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`Set up your account`} description={t`You were invited to Hatid. Enter your name and choose a password to sign in.`}>
      <AcceptInvitationForm token={token} onRegistered={() => void navigate({ to: '/start', replace: true })} />
    </AuthCard>
  );
}
