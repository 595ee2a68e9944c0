import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showFormError } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useLoginWithEmail } from '../api/login-with-email';

// Most people on /login are customers: the staff form's checks (zod) load when someone starts on it (a field's focus).
const resolver = lazyResolver(() => import('../lib/staff-login-resolver').then((module) => module.staffLoginResolver));

const FIELDS = ['email', 'password'] as const;

/** Email and password sign-in for staff accounts. */
export function StaffLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useLingui();
  const login = useLoginWithEmail();
  const form = useForm({ resolver, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Staff sign in`}>
      <FormField label={t`Email`} error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="username" onFocus={resolver.preload} {...form.register('email')} />}
      </FormField>
      <FormField label={t`Password`} error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" onFocus={resolver.preload} {...form.register('password')} />}
      </FormField>
      <Button type="submit" variant="secondary" loading={login.isPending}>
        <Trans>Sign in as staff</Trans>
      </Button>
    </form>
  );
}
