import { ACCOUNT_TYPES, registerCustomerBody, type AccountType } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { formResolver } from '../../../lib/form-resolver';

// The registration call's own field rules (product.md §5 names), checked a step early; the form's own message in
// the reader's language.
const enterNameSchemaOf = (chooseAccountType: string) =>
  z.object({
    firstName: registerCustomerBody.shape.firstName,
    lastName: registerCustomerBody.shape.lastName,
    accountType: z.enum(ACCOUNT_TYPES, chooseAccountType),
  });

export type EnterNameValues = z.output<ReturnType<typeof enterNameSchemaOf>>;

const KIND_TEXT: Record<AccountType, { title: MessageDescriptor; text: MessageDescriptor }> = {
  individual: { title: msg`Individual`, text: msg`Send parcels for yourself.` },
  business: { title: msg`Business`, text: msg`Ship for your shop or company.` },
};

/** First and last name, then the kind of account. */
export function EnterNameForm({ defaultValues, onSubmit }: { defaultValues?: Partial<EnterNameValues>; onSubmit: (values: EnterNameValues) => void }) {
  const { i18n, t } = useLingui();
  const schema = useMemo(() => enterNameSchemaOf(t`Choose an account type`), [t]);
  const form = useForm({
    resolver: formResolver(schema),
    defaultValues: { firstName: '', lastName: '', accountType: 'individual' as AccountType, ...defaultValues },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <FormField label={t`First name`} error={errors.firstName?.message}>
        {(control) => <Input {...control} autoComplete="given-name" autoFocus {...form.register('firstName')} />}
      </FormField>
      <FormField label={t`Last name`} error={errors.lastName?.message}>
        {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">
          <Trans>Account type</Trans>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ACCOUNT_TYPES.map((kind) => (
            <label
              key={kind}
              className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600"
            >
              <input type="radio" value={kind} className="mt-1 accent-teal-700 focus:outline-none" {...form.register('accountType')} />
              <span>
                <span className="block text-sm font-medium text-slate-900">{i18n._(KIND_TEXT[kind].title)}</span>
                <span className="block text-xs text-slate-600">{i18n._(KIND_TEXT[kind].text)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.accountType?.message ? (
          <p role="alert" className="text-sm text-red-600">
            {errors.accountType.message}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit">
        <Trans>Continue</Trans>
      </Button>
    </form>
  );
}
