import { registerWithEmailBody } from '@hatid/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/form-resolver';
import { useRegisterWithEmail } from '../api/register-with-email';

const FIELDS = ['firstName', 'lastName', 'password'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The invitation link's form: first name, last name and a password. The token comes from the link; a
 * refused token (used, expired, unknown) reads as one sentence above the button, field errors on their field.
 */
export function AcceptInvitationForm({ token, onRegistered }: { token: string; onRegistered: () => void }) {
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
      if (isApiError(error) && error.details?.length) {
        const unplaced: string[] = [];
        for (const detail of error.details) {
          const field = detail.field.replace(/^body\./, '');
          if ((FIELDS as readonly string[]).includes(field)) form.setError(field as Field, { type: 'server', message: detail.message });
          else unplaced.push(detail.message);
        }
        if (unplaced.length) setProblem(unplaced.join(' '));
        return;
      }
      setProblem(errorMessage(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-label="Set up your account">
      <FormField label="First name" error={errors.firstName?.message}>
        {(control) => <Input {...control} autoComplete="given-name" maxLength={100} {...form.register('firstName')} />}
      </FormField>
      <FormField label="Last name" error={errors.lastName?.message}>
        {(control) => <Input {...control} autoComplete="family-name" maxLength={100} {...form.register('lastName')} />}
      </FormField>
      <FormField label="Password" hint="At least 10 characters." error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" maxLength={200} {...form.register('password')} />}
      </FormField>
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Button type="submit" loading={register.isPending}>
        Set password and sign in
      </Button>
    </form>
  );
}
