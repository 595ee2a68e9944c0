import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMobileNumber } from '../../../lib/format';
import { AuthCard } from '../components/auth-card';
import { VerifyOtpForm } from '../components/verify-otp-form';
import { clearSignInFlow, readSignInFlow, updateSignInFlow } from '../sign-in-flow';
import { signInStep } from '../lib/sign-in-step';

const resendAtOf = (flow: { otpSentAt?: number; resendAfterSeconds?: number }) => (flow.otpSentAt ?? 0) + (flow.resendAfterSeconds ?? 0) * 1000;

export function VerifyOtpPage() {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const [flow, setFlow] = useState(readSignInFlow);
  const mobileNumber = flow.mobileNumber ?? '';

  return (
    <AuthCard
      step={i18n._(signInStep(2))}
      title={t`Enter the code`}
      description={
        <Trans>
          We texted a 6-digit code to <strong className="whitespace-nowrap text-slate-900">{formatMobileNumber(mobileNumber)}</strong>.
        </Trans>
      }
    >
      <VerifyOtpForm
        mobileNumber={mobileNumber}
        resendAt={resendAtOf(flow)}
        onResent={(result) => setFlow(updateSignInFlow({ otpSentAt: Date.now(), resendAfterSeconds: result.resendAfterSeconds }))}
        onVerified={(result) => {
          if (result.status === 'signed_in') {
            clearSignInFlow();
            // Customers go home; staff-side accounts to the screen where they work.
            void navigate({ to: '/start' });
          } else {
            updateSignInFlow({ registrationToken: result.registrationToken });
            void navigate({ to: '/login/enter-name' });
          }
        }}
      />
      <p className="mt-4 text-center text-sm">
        <Link to="/login/mobile-number" className="text-teal-700 underline-offset-4 hover:underline">
          <Trans>Use a different number</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
