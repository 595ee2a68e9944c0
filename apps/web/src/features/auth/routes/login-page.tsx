import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Phone } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { useSocialLoginOffered } from '../api/social-login-providers';
import { AuthCard } from '../components/auth-card';
import { SignInError } from '../components/sign-in-error';
import { SocialLoginButton } from '../components/social-login-button';
import { StaffLoginForm } from '../components/staff-login-form';

const route = getRouteApi('/sign-in/login');

export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const googleOffered = useSocialLoginOffered('google');
  // ?error=… : a social sign-in that came back without signing in (GET /api/users/callback).
  const { error } = route.useSearch();
  return (
    <AuthCard title={t`Sign in to Hatid`} description={t`Book, pay for and track parcels anywhere in the Philippines.`}>
      <div className="flex flex-col gap-6">
        <SignInError code={error} />
        {/* Wraps rather than overflows: the Filipino label is longer than a 360 px phone's button. */}
        <Link to="/login/mobile-number" className={buttonClasses('primary', 'lg', 'h-auto min-h-11 w-full py-2 text-center whitespace-normal')}>
          {/* Lucide's "smartphone" is a bare rounded box at this size, read as a missing-emoji glyph; the handset is not. */}
          <Phone className="h-5 w-5 shrink-0" aria-hidden="true" data-icon="phone" />
          <Trans>Continue with mobile number</Trans>
        </Link>
        {googleOffered ? <SocialLoginButton connectionType="google" /> : null}
        <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          <Trans>Hatid staff</Trans>
          <span className="h-px flex-1 bg-slate-200" />
        </div>
        <StaffLoginForm onSignedIn={() => void navigate({ to: '/start' })} />
      </div>
    </AuthCard>
  );
}
