import { ACCOUNT_MANAGER_ROLES, type BusinessDto } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
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
import { ApiError } from '../../../lib/api-client';
import { useAccountManagers, useSaveBusiness } from '../api/businesses';
import { NO_PERSON, PersonPicker, readPersonChoice, splitPersonErrors, withoutPersonErrors, type PersonChoice, type PersonErrors } from './person-picker';
import {
  businessFormFieldOf,
  businessFormValuesOf,
  createBody,
  EMPTY_BUSINESS_FORM,
  readBusinessForm,
  updateBody,
  type BusinessFormValues,
} from '../lib/business-form';

const selectClasses =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none aria-invalid:border-red-500';

/** Staff and admins set the account manager and the invoice account (businesses.ts). */
export const useSetsInvoiceAccount = () => {
  const { roles } = useAccess();
  return roles.some((role) => (ACCOUNT_MANAGER_ROLES as readonly string[]).includes(role));
};

/**
 * "Add business" and edit: profile, account manager and invoice settings (terms in days, credit limit
 * typed in pesos, sent in centavos). Editing sends only what changed. Adding names the owner (someone
 * with an account, or someone new signed up with the business): they become its business admin, and
 * billings are addressed to them. Members are changed on the client's view (business-members.tsx).
 */
export function BusinessFormModal({ business, open, onOpenChange }: { business: BusinessDto | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const invoice = useSetsInvoiceAccount();
  const managers = useAccountManagers(invoice);
  const save = useSaveBusiness();
  const [problem, setProblem] = useState<string | null>(null);
  const [owner, setOwner] = useState<PersonChoice>(NO_PERSON);
  const [ownerErrors, setOwnerErrors] = useState<PersonErrors>({});
  const initial = useMemo(() => (business ? businessFormValuesOf(business) : EMPTY_BUSINESS_FORM), [business]);
  const resolver: Resolver<BusinessFormValues> = async (values) => {
    const read = readBusinessForm(values, { invoice });
    if (read.ok) return { values, errors: {} };
    return { values: {}, errors: fieldErrorsOf<BusinessFormValues>(read.errors) };
  };
  const form = useForm<BusinessFormValues>({ resolver, defaultValues: initial });
  const { register, formState } = form;
  const errors = formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const read = readBusinessForm(values, { invoice });
    if (!read.ok) return;
    const ownerRead = business ? null : readPersonChoice(owner, { required: true });
    setOwnerErrors(ownerRead && !ownerRead.ok ? ownerRead.errors : {});
    if (ownerRead && !ownerRead.ok) return;
    const ownerValue = ownerRead?.value;
    const ownerBody = !ownerValue ? {} : 'userId' in ownerValue ? { ownerId: ownerValue.userId } : { newOwner: ownerValue.newPerson };
    const body = business ? updateBody(initial, read.values, { invoice }) : { ...createBody(read.values, { invoice }), ...ownerBody };
    if (business && Object.keys(body).length === 0) {
      setProblem(t`Nothing has changed.`);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: business?.id ?? null, input: body });
      toast.success(business ? t`Business updated` : t`Business added`, { description: saved.name });
      onOpenChange(false);
    } catch (error) {
      // What is about the owner shows in the owner's box; the rest on the business's fields.
      const split = splitPersonErrors(error);
      setOwnerErrors(split.errors);
      const rest = withoutPersonErrors(error);
      const onlyOwner = Object.keys(split.errors).length > 0 && rest instanceof ApiError && !rest.details?.length;
      const problem = onlyOwner ? null : formProblemOf(rest, form.setError, businessFormFieldOf);
      if (problem) setProblem(problem);
    }
  });

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={business ? t`Edit ${business.name}` : t`Add business`}
      description={business ? t`Only what you change is saved.` : t`A client business we ship for.`}
      size="lg"
      submitLabel={business ? t`Save changes` : t`Add business`}
      pending={save.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t`Business name`} error={errors.name?.message} className="sm:col-span-2">
          {(control) => <Input {...control} {...register('name')} autoComplete="off" maxLength={150} />}
        </FormField>
        <FormField label={t`Email`} optional error={errors.email?.message}>
          {(control) => <Input {...control} {...register('email')} type="email" autoComplete="off" maxLength={254} />}
        </FormField>
        <FormField label={t`Mobile number`} optional hint={t`e.g. 0917 123 4567`} error={errors.mobileNumber?.message}>
          {(control) => <Input {...control} {...register('mobileNumber')} type="tel" inputMode="tel" autoComplete="off" maxLength={20} />}
        </FormField>
        <FormField label={t`TIN`} optional hint={t`000-000-000 or with the branch code`} error={errors.tin?.message}>
          {(control) => <Input {...control} {...register('tin')} autoComplete="off" maxLength={20} />}
        </FormField>
        {invoice ? (
          <FormField label={t`Account manager`} optional error={errors.accountManagerId?.message}>
            {(control) => (
              <select {...control} {...register('accountManagerId')} className={selectClasses}>
                <option value="">{t`No account manager`}</option>
                {(managers.data ?? []).map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                    {person.email ? ` (${person.email})` : ''}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
      </div>
      {business ? null : (
        <PersonPicker
          legend={t`Owner`}
          choice={owner}
          onChange={(next) => {
            setOwner(next);
            setOwnerErrors({});
          }}
          errors={ownerErrors}
        />
      )}
      {invoice ? (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">{t`Invoice settings`}</legend>
          <Checkbox label={t`Bill this business by invoice`} {...register('invoiceBillingEnabled')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Payment terms (days)`} hint={t`0 to 365 days`} error={errors.paymentTermsInDays?.message}>
              {(control) => <Input {...control} {...register('paymentTermsInDays')} inputMode="numeric" autoComplete="off" />}
            </FormField>
            <FormField label={t`Credit limit (₱)`} hint={t`In pesos, e.g. 50000.00`} error={errors.creditLimitPesos?.message}>
              {(control) => <Input {...control} {...register('creditLimitPesos')} inputMode="decimal" autoComplete="off" />}
            </FormField>
          </div>
        </fieldset>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
    </FormModal>
  );
}
