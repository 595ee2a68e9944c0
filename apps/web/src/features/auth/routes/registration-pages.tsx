import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AccountType } from '@hatid/domain';
import { AuthCard } from '../components/auth-card';
import { RegistrationDetailsForm } from '../components/registration-details-form';
import { clearSignInFlow, readSignInFlow } from '../sign-in-flow';
import { signInStep } from '../lib/sign-in-step';

function RegistrationStep({ accountType }: { accountType: AccountType }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const flow = readSignInFlow();
  const name = `${flow.firstName ?? ''} ${flow.lastName ?? ''}`.trim();
  return (
    <AuthCard step={i18n._(signInStep(4))} title={accountType === 'business' ? t`Your business` : t`Almost done`} description={t`Signing up as ${name}.`}>
      <RegistrationDetailsForm
        accountType={accountType}
        registrationToken={flow.registrationToken ?? ''}
        firstName={flow.firstName ?? ''}
        lastName={flow.lastName ?? ''}
        onRegistered={() => {
          clearSignInFlow();
          void navigate({ to: '/' });
        }}
      />
      <p className="mt-4 text-center text-sm">
        <Link to="/login/enter-name" className="text-teal-700 underline-offset-4 hover:underline">
          <Trans>Back</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}

export function IndividualPage() {
  return <RegistrationStep accountType="individual" />;
}

export function CompleteRegistrationPage() {
  return <RegistrationStep accountType="business" />;
}
