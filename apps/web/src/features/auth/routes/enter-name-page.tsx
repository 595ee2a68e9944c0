import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { AuthCard } from '../components/auth-card';
import { EnterNameForm } from '../components/enter-name-form';
import { readSignInFlow, updateSignInFlow } from '../sign-in-flow';
import { signInStep } from '../lib/sign-in-step';

export function EnterNamePage() {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const flow = readSignInFlow();
  return (
    <AuthCard step={i18n._(signInStep(3))} title={t`Welcome to Hatid`} description={t`Tell us your name as it should appear on your shipments.`}>
      <EnterNameForm
        defaultValues={{ firstName: flow.firstName ?? '', lastName: flow.lastName ?? '' }}
        onSubmit={({ firstName, lastName, accountType }) => {
          updateSignInFlow({ firstName, lastName });
          void navigate({ to: accountType === 'business' ? '/complete-registration' : '/login/individual' });
        }}
      />
    </AuthCard>
  );
}
