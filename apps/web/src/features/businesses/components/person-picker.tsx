import type { NewPersonInput } from '@hatid/domain';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { CustomerSearch, customerDetail, customerName } from '../../users/components/customer-search';

/**
 * Who becomes a business's owner or member: a person who already has an account (searched like "Book for
 * a customer") or someone new, signed up with the business on their mobile number (they sign in with a
 * one-time code; the email is theirs once they open the link sent to it).
 */
export type PersonChoice =
  | { mode: 'existing'; person: { id: string; name: string; detail: string } | null }
  | { mode: 'new'; firstName: string; lastName: string; mobileNumber: string; email: string };

export const NO_PERSON: PersonChoice = { mode: 'existing', person: null };

export type PersonErrors = Partial<Record<'person' | 'firstName' | 'lastName' | 'mobileNumber' | 'email', string>>;

/** What the API takes for the choice (`{ userId }` or `{ newPerson }`), null for none, or what to fix. */
export function readPersonChoice(
  choice: PersonChoice,
  options: { required: boolean },
): { ok: true; value: { userId: string } | { newPerson: NewPersonInput } | null } | { ok: false; errors: PersonErrors } {
  if (choice.mode === 'existing') {
    if (choice.person) return { ok: true, value: { userId: choice.person.id } };
    return options.required ? { ok: false, errors: { person: t`Choose a person from the list, or invite a new one` } } : { ok: true, value: null };
  }
  const errors: PersonErrors = {};
  const firstName = choice.firstName.trim();
  const lastName = choice.lastName.trim();
  const mobileNumber = choice.mobileNumber.trim();
  const email = choice.email.trim();
  const blank = !firstName && !lastName && !mobileNumber && !email;
  if (blank && !options.required) return { ok: true, value: null };
  if (!firstName) errors.firstName = t`Enter the first name`;
  if (!lastName) errors.lastName = t`Enter the last name`;
  if (!mobileNumber) errors.mobileNumber = t`Enter the mobile number: they sign in with it`;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = t`Enter a valid email address`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { newPerson: { firstName, lastName, mobileNumber, ...(email ? { email } : {}) } } };
}

/**
 * The server's field about the person ("body.newOwner.mobileNumber", "ownerId", "addMembers.0.newPerson.email",
 * "addMembers.0.userId") as the picker's; null for any other field (the business's own mobile number stays its own).
 */
export function personErrorOf(field: string, message: string): PersonErrors | null {
  const match = /(?:^|\.)(?:ownerId|newOwner|addMembers\.\d+\.(?:userId|mobileNumber|newPerson))(?:\.(firstName|lastName|mobileNumber|email))?$/.exec(field);
  if (!match) return null;
  return { [match[1] ?? 'person']: message };
}

/** An API error split into what the picker shows on its fields and the rest (a sentence for the form). */
export function splitPersonErrors(error: unknown): { errors: PersonErrors; problem: string | null } {
  const errors: PersonErrors = {};
  const rest: string[] = [];
  const details = error instanceof ApiError ? (error.details ?? []) : [];
  for (const detail of details) {
    const placed = personErrorOf(detail.field, detail.message);
    if (placed) Object.assign(errors, placed);
    else rest.push(detail.message);
  }
  if (details.length === 0) return { errors, problem: errorMessage(error) };
  return { errors, problem: rest.length ? rest.join(' ') : null };
}

/** The same error without the details the picker shows (for the form's own fields and sentence). */
export function withoutPersonErrors(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.details) return error;
  const details = error.details.filter((d) => !personErrorOf(d.field, d.message));
  if (details.length === error.details.length) return error;
  return new ApiError({ statusCode: error.statusCode, code: error.code, message: error.message, details });
}

export function PersonPicker({
  legend,
  choice,
  onChange,
  errors = {},
  optional = false,
}: {
  legend: string;
  choice: PersonChoice;
  onChange: (choice: PersonChoice) => void;
  errors?: PersonErrors;
  optional?: boolean;
}) {
  const name = useId();
  const setNew = (patch: Partial<Extract<PersonChoice, { mode: 'new' }>>) =>
    onChange({ ...(choice.mode === 'new' ? choice : { mode: 'new', firstName: '', lastName: '', mobileNumber: '', email: '' }), ...patch });

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">
        {legend}
        {optional ? (
          <span className="ml-1 font-normal text-slate-500">
            <Trans>(optional)</Trans>
          </span>
        ) : null}
      </legend>
      <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label={t`${legend}: who`}>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={choice.mode === 'existing'} onChange={() => onChange(NO_PERSON)} />
          <Trans>Someone with an account</Trans>
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={name} checked={choice.mode === 'new'} onChange={() => setNew({})} />
          <Trans>Invite someone new</Trans>
        </label>
      </div>
      {choice.mode === 'existing' ? (
        choice.person ? (
          <div className="flex items-center justify-between gap-2 rounded-md bg-teal-50 px-3 py-2 text-sm">
            <span>
              <span className="font-medium text-slate-900">{choice.person.name}</span>
              <span className="block text-xs text-slate-600">{choice.person.detail}</span>
            </span>
            <Button type="button" variant="secondary" size="sm" onClick={() => onChange(NO_PERSON)}>
              <Trans>Change</Trans>
            </Button>
          </div>
        ) : (
          <CustomerSearch
            limit={6}
            listLabel={t`Matching people`}
            onChoose={(person) => onChange({ mode: 'existing', person: { id: person.id, name: customerName(person), detail: customerDetail(person) } })}
            emptyText={(term) => (term ? t`Nobody matches “${term}”. Invite them as someone new.` : t`No customers yet. Invite someone new.`)}
            note={(person) =>
              person.businessId ? (
                <span className="text-xs text-amber-800">
                  <Trans>Already in a business</Trans>
                </span>
              ) : null
            }
            renderField={(input) => (
              <FormField label={t`Find a person`} error={errors.person}>
                {(control) => input(control)}
              </FormField>
            )}
          />
        )
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label={t`First name`} error={errors.firstName}>
            {(control) => (
              <Input {...control} value={choice.firstName} onChange={(event) => setNew({ firstName: event.target.value })} autoComplete="off" maxLength={100} />
            )}
          </FormField>
          <FormField label={t`Last name`} error={errors.lastName}>
            {(control) => (
              <Input {...control} value={choice.lastName} onChange={(event) => setNew({ lastName: event.target.value })} autoComplete="off" maxLength={100} />
            )}
          </FormField>
          <FormField label={t`Their mobile number`} hint={t`They sign in with it, e.g. 0917 123 4567`} error={errors.mobileNumber}>
            {(control) => (
              <Input
                {...control}
                value={choice.mobileNumber}
                onChange={(event) => setNew({ mobileNumber: event.target.value })}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                maxLength={20}
              />
            )}
          </FormField>
          <FormField label={t`Their email`} optional hint={t`We send a link to confirm it`} error={errors.email}>
            {(control) => (
              <Input
                {...control}
                value={choice.email}
                onChange={(event) => setNew({ email: event.target.value })}
                type="email"
                autoComplete="off"
                maxLength={254}
              />
            )}
          </FormField>
        </div>
      )}
    </fieldset>
  );
}
