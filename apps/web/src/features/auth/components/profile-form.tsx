import { updateMeBody, type UserDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { formatMobileNumber } from '../../../lib/format';
import { showFormError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useResendEmailLink } from '../api/email-verification';
import { useUpdateMe } from '../api/update-me';

const FIELDS = ['firstName', 'lastName', 'email'] as const;

/** The account as GET /users/me answers it; a sign-in answer may not carry `pendingEmail` yet. */
type ProfileUser = UserDto & { pendingEmail?: string | null };

/**
 * The signed-in person's own name and email; an emptied email is removed (null). Names change at once; a
 * new email changes only once its owner opens the link we send to it, so until then it shows as waiting.
 */
export function ProfileForm({ user }: { user: ProfileUser }) {
  const { t } = useLingui();
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
      const askedFor = values.email?.toLowerCase();
      const pendingEmail = saved.pendingEmail;
      if (askedFor && askedFor !== saved.email && pendingEmail === askedFor) {
        toast.success(t`We sent a link to ${pendingEmail}`, { description: t`Your email changes once you open it.` });
      } else {
        toast.success(t`Profile updated`);
      }
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`First name`} error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </FormField>
        <FormField label={t`Last name`} error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </FormField>
      </div>
      <FormField label={t`Email`} optional error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <EmailStatus user={user} />
      {user.mobileNumber ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-slate-800">
            <Trans>Mobile number</Trans>
          </span>
          <span className="text-sm text-slate-700">{formatMobileNumber(user.mobileNumber)}</span>
        </div>
      ) : null}
      <div>
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          <Trans>Save changes</Trans>
        </Button>
      </div>
    </form>
  );
}

/** A new email waiting for its link, or an email nobody confirmed yet: what to do, and the link again. */
function EmailStatus({ user }: { user: ProfileUser }) {
  const { t } = useLingui();
  const resend = useResendEmailLink();
  const pending = user.pendingEmail ?? null;
  const unconfirmed = !pending && user.email !== null && !user.emailVerified;
  const email = user.email;
  if (!pending && !unconfirmed) return null;

  const sendAgain = async () => {
    try {
      const { sentTo } = await resend.mutateAsync();
      toast.success(t`We sent a new link to ${sentTo}`, { description: t`It works once, for 24 hours.` });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div role="status" className="flex flex-col gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {pending ? (
        <p>
          <Trans>
            We sent a link to <strong>{pending}</strong>. Check your inbox: your email changes to it once you open the link.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>
            Your email <strong>{email}</strong> is not confirmed yet. Confirm it to sign in with Google and to be sure it reaches you.
          </Trans>
        </p>
      )}
      <div>
        <Button type="button" variant="secondary" size="sm" loading={resend.isPending} onClick={() => void sendAgain()}>
          {pending ? <Trans>Send the link again</Trans> : <Trans>Send a confirmation link</Trans>}
        </Button>
      </div>
    </div>
  );
}
