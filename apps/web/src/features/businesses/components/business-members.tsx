import type { BusinessDetailDto, BusinessMemberDto, BusinessMemberRole, UpdateBusinessInput } from '@hatid/domain';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormModal } from '../../../components/ui/modal';
import { useAccess } from '../../../lib/ability';
import { errorMessage } from '../../../lib/api-client';
import { formatMobileNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSaveBusiness } from '../api/businesses';
import { NO_PERSON, PersonPicker, readPersonChoice, splitPersonErrors, type PersonChoice, type PersonErrors } from './person-picker';

const ROLE_LABELS: Record<BusinessMemberRole, MessageDescriptor> = { business_admin: msg`Business admin`, business_member: msg`Member` };
const ROLES = Object.keys(ROLE_LABELS) as BusinessMemberRole[];
const selectClasses =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

/**
 * The people of a business on the client's view. Client staff add one (someone with an account or someone
 * new), change a role, or take someone out (asked first). All through PATCH /businesses/{id}, which also
 * revokes the API keys of an admin who leaves or becomes a member.
 */
export function BusinessMembers({ business }: { business: BusinessDetailDto }) {
  const { t } = useLingui();
  const { ability } = useAccess();
  const manages = ability.can('update', 'Client');
  const save = useSaveBusiness();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BusinessMemberDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const change = (input: UpdateBusinessInput, done: string) =>
    save.mutateAsync({ id: business.id, input }).then(() => {
      toast.success(done, { description: business.name });
    });

  const setRole = (member: BusinessMemberDto, role: BusinessMemberRole) => {
    setProblem(null);
    const done = role === 'business_admin' ? t`${member.name} is now business admin` : t`${member.name} is now member`;
    change({ addMembers: [{ userId: member.id, role }] }, done).catch((error: unknown) => setProblem(errorMessage(error)));
  };

  return (
    <section aria-label={t`Members`} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          <Trans>Members</Trans>
        </h3>
        {manages ? (
          <Button type="button" size="sm" variant="secondary" onClick={() => setAdding(true)}>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            <Trans>Add member</Trans>
          </Button>
        ) : null}
      </div>
      {business.members.length === 0 ? (
        <p className="text-sm text-slate-600">{manages ? t`No members yet. Add the business’s admin: billings are addressed to them.` : t`No members yet.`}</p>
      ) : (
        <ul aria-label={t`Members`} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {business.members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">
                  {member.name}
                  {member.isOwner ? (
                    <span className="ml-1 text-xs font-normal text-slate-500">
                      <Trans>(owner)</Trans>
                    </span>
                  ) : null}
                </span>
                <span className="block text-xs text-slate-600">
                  {[member.mobileNumber ? formatMobileNumber(member.mobileNumber) : null, member.email].filter(Boolean).join(' · ') || '—'}
                </span>
              </span>
              {manages ? (
                <span className="flex items-center gap-2">
                  <select
                    aria-label={t`Role of ${member.name}`}
                    className={selectClasses}
                    value={member.role}
                    disabled={save.isPending}
                    onChange={(event) => setRole(member, event.target.value as BusinessMemberRole)}
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {i18n._(ROLE_LABELS[role])}
                      </option>
                    ))}
                  </select>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setRemoving(member)} aria-label={t`Remove ${member.name}`}>
                    <Trans>Remove</Trans>
                  </Button>
                </span>
              ) : (
                <span className="text-slate-600">{i18n._(ROLE_LABELS[member.role])}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
      {adding ? <AddMemberModal business={business} onOpenChange={(open) => setAdding(open)} /> : null}
      {removing ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setRemoving(null))}
          title={t`Remove ${removing.name} from ${business.name}?`}
          description={
            removing.role === 'business_admin'
              ? t`They keep their account as a customer. API keys they made for the business stop working.`
              : t`They keep their account as a customer and no longer see the business’s shipments.`
          }
          confirmLabel={t`Remove`}
          destructive
          pending={save.isPending}
          problem={problem}
          onConfirm={() => {
            setProblem(null);
            change({ removeMemberIds: [removing.id] }, t`${removing.name} removed`)
              .then(() => setRemoving(null))
              .catch((error: unknown) => setProblem(errorMessage(error)));
          }}
        />
      ) : null}
    </section>
  );
}

function AddMemberModal({ business, onOpenChange }: { business: BusinessDetailDto; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const save = useSaveBusiness();
  const [person, setPerson] = useState<PersonChoice>(NO_PERSON);
  const [role, setRole] = useState<BusinessMemberRole>(business.members.length === 0 ? 'business_admin' : 'business_member');
  const [errors, setErrors] = useState<PersonErrors>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    setProblem(null);
    const read = readPersonChoice(person, { required: true });
    if (!read.ok) return setErrors(read.errors);
    setErrors({});
    try {
      await save.mutateAsync({ id: business.id, input: { addMembers: [{ ...read.value!, role }] } });
      toast.success(t`Member added`, { description: business.name });
      onOpenChange(false);
    } catch (error) {
      const split = splitPersonErrors(error);
      setErrors(split.errors);
      setProblem(split.problem);
    }
  };

  return (
    <FormModal
      open
      onOpenChange={onOpenChange}
      title={t`Add a member to ${business.name}`}
      description={t`A business admin runs the business (billings, API keys, members); a member books for it.`}
      submitLabel={t`Add member`}
      pending={save.isPending}
      problem={problem}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <PersonPicker
        legend={t`Person`}
        choice={person}
        onChange={(next) => {
          setPerson(next);
          setErrors({});
        }}
        errors={errors}
      />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        <Trans>Role</Trans>
        <select className={`${selectClasses} h-10`} value={role} onChange={(event) => setRole(event.target.value as BusinessMemberRole)}>
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {i18n._(ROLE_LABELS[value])}
            </option>
          ))}
        </select>
      </label>
    </FormModal>
  );
}
