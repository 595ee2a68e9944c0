import { registerWithEmailBody } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { formProblemOf } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useRegisterWithEmail } from '../api/register-with-email';

const FIELDS = ['firstName', 'lastName', 'password'] as const;
type Field = (typeof FIELDS)[number];

function fieldOf(apiField: string): Field | null {
  const field = apiField.replace(/^body\./, '');
  return (FIELDS as readonly string[]).includes(field) ? (field as Field) : null;
}

/**
 * The invitation link's form: first name, last name and a password. The token comes from the link; a
 * refused token (used, expired, unknown) reads as one sentence above the button, field errors on their field.
 */
export function AcceptInvitationForm({ token, onRegistered }: { token: string; onRegistered: () => void }) {
  const { t } = useLingui();
  const register = useRegisterWithEmail();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({ resolver: formResolver(registerWithEmailBody), defaultValues: { token, firstName: '', lastName: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await register.mutateAsync(values);
      onRegistered();
    } catch (error) {
      const problem = formProblemOf(error, form.setError, fieldOf, { focus: false });
      if (problem) setProblem(problem);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label={t`Set up your account`}>
      <FormField label={t`First name`} error={errors.firstName?.message}>
        {(control) => <Input {...control} autoComplete="given-name" maxLength={100} {...form.register('firstName')} />}
      </FormField>
      <FormField label={t`Last name`} error={errors.lastName?.message}>
        {(control) => <Input {...control} autoComplete="family-name" maxLength={100} {...form.register('lastName')} />}
      </FormField>
      <FormField label={t`Password`} hint={t`At least 10 characters.`} error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" maxLength={200} {...form.register('password')} />}
      </FormField>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button type="submit" loading={register.isPending}>
        <Trans>Set password and sign in</Trans>
      </Button>
    </form>
  );
}
