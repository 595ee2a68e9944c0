import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../components/auth-card';
import { MobileNumberForm } from '../components/mobile-number-form';
import { readSignInFlow, updateSignInFlow } from '../sign-in-flow';
import { signInStep } from '../lib/sign-in-step';

export function MobileNumberPage() {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  return (
    <AuthCard step={i18n._(signInStep(1))} title={t`Your mobile number`} description={t`New to Hatid? The same steps create your account.`}>
      <MobileNumberForm
        defaultMobileNumber={readSignInFlow().mobileNumber}
        onSent={(mobileNumber, result) => {
          updateSignInFlow({
            mobileNumber,
            otpSentAt: Date.now(),
            resendAfterSeconds: result.resendAfterSeconds,
            registrationToken: undefined,
          });
          void navigate({ to: '/login/verify-otp' });
        }}
      />
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-teal-700 underline-offset-4 hover:underline">
          <Trans>Back to sign-in options</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
