import { registerCustomerBody, type AccountType } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showFormError } from '../../../lib/form-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useRegisterCustomer } from '../api/register-customer';
import { AgentCodeStatus, useLiveAgentCode } from './agent-code-status';

// The registration call's schema itself, plus the terms box that only the browser asks about (its message in the
// reader's language).
const schemaOf = (acceptTerms: string) => registerCustomerBody.and(z.object({ acceptTerms: z.literal(true, acceptTerms) }));

const VISIBLE_FIELDS = ['businessName', 'email', 'agentCode', 'acceptTerms'] as const;

/** Opens in a new tab, so what is typed in this form stays where it is. */
function TermsLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="font-medium text-teal-700 underline underline-offset-2 hover:text-teal-900">
      {children}
      <span className="sr-only">
        {' '}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}

/** The last registration step: business name (business only), optional email and agent code, terms. */
export function RegistrationDetailsForm({
  accountType,
  registrationToken,
  firstName,
  lastName,
  onRegistered,
}: {
  accountType: AccountType;
  registrationToken: string;
  firstName: string;
  lastName: string;
  onRegistered: () => void;
}) {
  const { t } = useLingui();
  const register = useRegisterCustomer();
  const schema = useMemo(() => schemaOf(t`Accept the terms and conditions to continue`), [t]);
  const form = useForm({
    resolver: formResolver(schema),
    defaultValues: {
      registrationToken,
      firstName,
      lastName,
      accountType,
      businessName: '',
      email: '',
      agentCode: '',
      acceptTerms: false as unknown as true,
    },
  });
  const { errors } = form.formState;
  const agent = useLiveAgentCode(form.watch('agentCode'));

  const onSubmit = form.handleSubmit(
    async ({ acceptTerms: _accepted, ...values }) => {
      if (agent.valid === false) {
        form.setError('agentCode', { message: t`We could not find this agent code` }, { shouldFocus: true });
        return;
      }
      try {
        await register.mutateAsync(accountType === 'business' ? values : { ...values, businessName: undefined });
        // The email becomes the account's once its owner opens the link sent to it (the profile shows it waiting).
        const email = values.email;
        if (email) toast.success(t`We sent a link to ${email}. Open it to confirm your email.`);
        onRegistered();
      } catch (error) {
        showFormError(error, form.setError, VISIBLE_FIELDS);
      }
    },
    (invalid) => {
      // Names and token come from the earlier steps; an error there means those steps must be redone.
      const hidden = invalid.firstName ?? invalid.lastName ?? invalid.registrationToken;
      if (hidden?.message) toast.error(hidden.message);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {accountType === 'business' ? (
        <FormField label={t`Business name`} error={errors.businessName?.message}>
          {(control) => <Input {...control} autoComplete="organization" autoFocus {...form.register('businessName')} />}
        </FormField>
      ) : null}
      <FormField label={t`Email`} optional error={errors.email?.message} hint={t`For receipts and shipment updates. We send a link to confirm it.`}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField
        label={t`Agent code`}
        optional
        error={errors.agentCode?.message}
        hint={errors.agentCode ? undefined : <AgentCodeStatus checking={agent.checking} valid={agent.valid} />}
      >
        {(control) => <Input {...control} autoCapitalize="characters" spellCheck={false} {...form.register('agentCode')} />}
      </FormField>
      <Checkbox
        label={
          <Trans>
            I have read and accept the Hatid <TermsLink href="/terms-and-conditions">terms and conditions</TermsLink> and{' '}
            <TermsLink href="/terms-and-conditions#terms-privacy">privacy policy</TermsLink>.
          </Trans>
        }
        error={errors.acceptTerms?.message}
        {...form.register('acceptTerms')}
      />
      <Button type="submit" loading={register.isPending}>
        <Trans>Create account</Trans>
      </Button>
    </form>
  );
}
