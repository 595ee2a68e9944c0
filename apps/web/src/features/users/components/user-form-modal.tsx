import { mayGoWithoutEmail, needsMobile, ROLE_NAMES, type AdminUserDto, type InviteUserResult, type RoleName } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { FormModal } from '../../../components/ui/modal';
import { useAccess } from '../../../lib/ability';
import { formProblemOf } from '../../../lib/form-errors';
import { fieldErrorsOf } from '../../../lib/form-resolver';
import { useSaveUser } from '../api/users';
import { checkUserForm, EMPTY_USER_FORM, inviteBody, updatePatch, userFormFieldOf, userFormValuesOf, type UserFormValues } from '../lib/user-form';
import { ROLE_NAMES_SHOWN } from '../lib/user-labels';
import { givableRoles } from '../lib/users-search';
import { ServiceAreasField } from './service-areas-field';

/** Roles the account holds that this person may not touch stay (their boxes are disabled, so unread). */
const resolverFor =
  (mode: 'add' | 'update', kept: readonly RoleName[]): Resolver<UserFormValues> =>
  async (raw) => {
    const values = { ...raw, roles: [...new Set([...(raw.roles || []), ...kept])] };
    const found = checkUserForm(values, mode);
    if (Object.keys(found).length === 0) return { values, errors: {} };
    return { values: {}, errors: fieldErrorsOf<UserFormValues>(found) };
  };

/**
 * "Add user" (an invitation by email; the person sets their own password through the emailed link) and
 * "update user" (names, email, mobile number, roles). Only roles this person may give can be ticked or
 * unticked; others the account holds stay as they are. The API's refusals show on their fields.
 */
export function UserFormModal({ user, open, onOpenChange }: { user: AdminUserDto | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useLingui();
  const mode = user ? 'update' : 'add';
  const { ability } = useAccess();
  const save = useSaveUser();
  const [problem, setProblem] = useState<string | null>(null);
  const initial = useMemo(() => (user ? userFormValuesOf(user) : EMPTY_USER_FORM), [user]);
  const givable = useMemo(() => givableRoles(ability, ROLE_NAMES), [ability]);
  const kept = initial.roles.filter((role) => !givable.includes(role));
  const form = useForm<UserFormValues>({ resolver: resolverFor(mode, kept), defaultValues: initial });
  const { register, formState } = form;
  const errors = formState.errors;
  const ticked = form.watch('roles') ?? [];
  const roles = [...new Set([...ticked, ...kept])];
  const rider = roles.includes('rider');
  // A rider-only account may go without an email: no invitation, they sign in with a code to their mobile.
  const emailOptional = mode === 'update' || mayGoWithoutEmail(roles);
  const serviceAreas = form.watch('serviceAreas') ?? [];
  // Roles shown: those one may give, plus any the account holds that one may not (read-only).
  const shown: RoleName[] = ROLE_NAMES.filter((role) => givable.includes(role) || initial.roles.includes(role));

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const body = user ? updatePatch(initial, values) : inviteBody(values);
    if (user && Object.keys(body).length === 0) {
      setProblem(t`Nothing has changed.`);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: user?.id ?? null, input: body });
      const firstName = values.firstName.trim();
      const mobileNumber = values.mobileNumber.trim();
      const email = values.email.trim();
      if (user) toast.success(t`User updated`, { description: user.name });
      else if ((saved as InviteUserResult).invitation === null) {
        toast.success(t`Rider added`, { description: t`${firstName} signs in with a code sent to ${mobileNumber}.` });
      } else toast.success(t`Invitation sent`, { description: t`${email} gets a link to set a password.` });
      onOpenChange(false);
    } catch (error) {
      const problem = formProblemOf(error, form.setError, userFormFieldOf, { focus: (field) => field !== 'roles' });
      if (problem) setProblem(problem);
    }
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={user ? t`Update ${user.name}` : t`Add user`}
      description={
        user
          ? t`Only what you change is saved.`
          : t`We email them a link to set their password. The link works for 7 days. A rider with no email signs in at once with a code sent to their mobile.`
      }
      size="lg"
      submitLabel={user ? t`Save changes` : emailOptional && !form.watch('email')?.trim() ? t`Add rider` : t`Send invitation`}
      pending={save.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`First name`} error={errors.firstName?.message}>
          {(control) => <Input {...control} {...register('firstName')} autoComplete="off" maxLength={100} />}
        </FormField>
        <FormField label={t`Last name`} error={errors.lastName?.message}>
          {(control) => <Input {...control} {...register('lastName')} autoComplete="off" maxLength={100} />}
        </FormField>
        <FormField
          label={t`Email`}
          error={errors.email?.message}
          optional={emailOptional}
          hint={mode === 'add' && emailOptional ? t`Riders may go without one: they sign in with a code sent to their mobile number.` : undefined}
        >
          {(control) => <Input {...control} {...register('email')} type="email" autoComplete="off" maxLength={254} />}
        </FormField>
        <FormField
          label={t`Mobile number`}
          optional={!needsMobile(roles)}
          hint={rider ? t`Required for riders: they sign in with a code sent to it. e.g. 0917 123 4567` : t`e.g. 0917 123 4567`}
          error={errors.mobileNumber?.message}
        >
          {(control) => <Input {...control} {...register('mobileNumber')} type="tel" inputMode="tel" autoComplete="off" maxLength={20} />}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.roles ? 'user-roles-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          <Trans>Roles</Trans>
        </legend>
        {givable.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>You may not give roles.</Trans>
          </p>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-3">
          {shown.map((role) => (
            <Checkbox key={role} label={i18n._(ROLE_NAMES_SHOWN[role])} value={role} disabled={!givable.includes(role)} {...register('roles')} />
          ))}
        </div>
        {errors.roles?.message ? (
          <p id="user-roles-error" role="alert" className="text-sm text-red-600">
            {errors.roles.message}
          </p>
        ) : null}
      </fieldset>
      {rider ? (
        <ServiceAreasField
          value={serviceAreas}
          onChange={(next) => form.setValue('serviceAreas', next, { shouldDirty: true })}
          error={errors.serviceAreas?.message}
        />
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
    </FormModal>
  );
}
