import { updateMeBody, type UserDto } from '@hatid/domain';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { formatMobileNumber } from '../../../lib/format';
import { showFormError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useUpdateMe } from '../api/update-me';

const FIELDS = ['firstName', 'lastName', 'email'] as const;

/** The signed-in person's own name and email; an emptied email is removed (null). */
export function ProfileForm({ user }: { user: UserDto }) {
  const update = useUpdateMe();
  const form = useForm({
    resolver: formResolver(updateMeBody, { blankAs: null }),
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email ?? '' },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ firstName: saved.firstName, lastName: saved.lastName, email: saved.email ?? '' });
      toast.success('Profile updated');
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </FormField>
      </div>
      <FormField label="Email" optional error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      {user.mobileNumber ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-slate-800">Mobile number</span>
          <span className="text-sm text-slate-700">{formatMobileNumber(user.mobileNumber)}</span>
        </div>
      ) : null}
      <div>
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
