import type { AddressDto } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Checkbox } from '../../../components/ui/checkbox';
import { Combobox } from '../../../components/ui/combobox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PhoneInput, preloadPhoneInput } from '../../../components/ui/phone-input';
import { formatMobileNumber } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import type { PartyDraft, PartyRole } from '../draft/booking-draft';
import { PlacePicker } from './place-picker';

export const PARTY_TITLES: Record<PartyRole, MessageDescriptor> = { sender: msg`Sender`, receiver: msg`Receiver` };
const PARTY_ADDRESS: Record<PartyRole, MessageDescriptor> = { sender: msg`Sender address`, receiver: msg`Receiver address` };
const PARTY_SAVED_ADDRESS: Record<PartyRole, MessageDescriptor> = { sender: msg`Sender saved address`, receiver: msg`Receiver saved address` };

export const addressLine = (a: Pick<AddressDto, 'streetName' | 'barangayName' | 'cityLabel' | 'provinceName'>) =>
  [a.streetName, a.barangayName, a.cityLabel, a.provinceName].filter(Boolean).join(', ');

const savedLabel = (a: AddressDto) => `${a.label ? `${a.label} · ` : ''}${a.name}, ${a.cityLabel}`;

export interface PartyFieldsProps {
  role: PartyRole;
  party: PartyDraft;
  onChange: (patch: Partial<PartyDraft>) => void;
  /** The visible message of a field ("name", "provinceCode", ...), if any. */
  errorOf: (field: string) => string | undefined;
  onTouched: (field: string) => void;
  /** Undefined when nobody is signed in (no address book to choose from). */
  savedAddresses: readonly AddressDto[] | undefined;
  signedIn: boolean;
  /** false: no "Save to my addresses" (booking for a customer, whose address book is not the booker's). */
  canSave?: boolean;
}

function ModeSwitch({ role, mode, onChange }: { role: PartyRole; mode: PartyDraft['mode']; onChange: (mode: PartyDraft['mode']) => void }) {
  const { t, i18n } = useLingui();
  const options = [
    ['saved', t`Saved address`],
    ['new', t`New address`],
  ] as const;
  return (
    <div role="radiogroup" aria-label={i18n._(PARTY_ADDRESS[role])} className="flex flex-wrap gap-2">
      {options.map(([value, label]) => (
        <label
          key={value}
          className={cn(
            'cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600',
            mode === value ? 'border-teal-700 bg-teal-50 text-teal-900' : 'border-slate-300 bg-white text-slate-700',
          )}
        >
          <input type="radio" name={`${role}-mode`} value={value} checked={mode === value} onChange={() => onChange(value)} className="sr-only" />
          {label}
        </label>
      ))}
    </div>
  );
}

/** Sender or receiver: pick a saved address, or type one (and optionally keep it in the address book). */
export function PartyFields({ role, party, onChange, errorOf, onTouched, savedAddresses, signedIn, canSave }: PartyFieldsProps) {
  const hasSaved = (savedAddresses?.length ?? 0) > 0;
  const mode = hasSaved ? party.mode : 'new';
  const chosen = savedAddresses?.find((a) => a.id === party.addressId);
  const { t, i18n } = useLingui();
  const title = i18n._(PARTY_TITLES[role]);

  return (
    // Anyone filling in a party will reach its mobile number: load the full phone field on the way there.
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: focus and pointer only warm a download; nothing happens to the person
    <fieldset className="flex min-w-0 flex-col gap-4" onFocus={() => void preloadPhoneInput()} onPointerEnter={() => void preloadPhoneInput()}>
      <legend className="mb-3 text-base font-semibold text-slate-900">{title}</legend>
      {hasSaved ? <ModeSwitch role={role} mode={mode} onChange={(next) => onChange({ mode: next })} /> : null}

      {mode === 'saved' ? (
        <>
          <FormField label={i18n._(PARTY_SAVED_ADDRESS[role])} error={errorOf('addressId')}>
            {(control) => (
              <Combobox
                {...control}
                options={(savedAddresses ?? []).map((a) => ({ value: a.id, label: savedLabel(a) }))}
                value={party.addressId}
                placeholder={t`Choose a saved address`}
                searchPlaceholder={t`Search saved addresses...`}
                onChange={(id) => {
                  onChange({ addressId: id });
                  onTouched('addressId');
                }}
              />
            )}
          </FormField>
          {chosen ? (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              <span className="font-medium text-slate-900">{chosen.name}</span> · {formatMobileNumber(chosen.mobileNumber)}
              <br />
              {addressLine(chosen)}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t`Contact name`} error={errorOf('name')}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete={role === 'sender' ? 'name' : 'off'}
                  value={party.name}
                  onChange={(event) => onChange({ name: event.target.value })}
                  onBlur={() => onTouched('name')}
                />
              )}
            </FormField>
            <FormField label={t`Mobile number`} error={errorOf('mobileNumber')}>
              {(control) => (
                <PhoneInput
                  {...control}
                  name={`${role}-mobile`}
                  value={party.mobileNumber}
                  onChange={(value) => onChange({ mobileNumber: value })}
                  onBlur={() => onTouched('mobileNumber')}
                />
              )}
            </FormField>
          </div>
          <FormField label={t`Email`} optional error={errorOf('email')}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete={role === 'sender' ? 'email' : 'off'}
                value={party.email}
                onChange={(event) => onChange({ email: event.target.value })}
                onBlur={() => onTouched('email')}
              />
            )}
          </FormField>
          <PlacePicker
            value={party}
            onChange={(patch) => {
              onChange(patch);
              Object.keys(patch).forEach(onTouched);
            }}
            errors={{ provinceCode: errorOf('provinceCode'), cityCode: errorOf('cityCode'), barangayCode: errorOf('barangayCode') }}
          />
          <FormField label={t`Street, building, house number`} error={errorOf('streetName')}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                value={party.streetName}
                onChange={(event) => onChange({ streetName: event.target.value })}
                onBlur={() => onTouched('streetName')}
              />
            )}
          </FormField>
          {canSave === false ? null : (
            <Checkbox
              label={signedIn ? t`Save to my addresses` : t`Save to my addresses (after you sign in)`}
              checked={party.save}
              onChange={(event) => onChange({ save: event.target.checked })}
            />
          )}
        </>
      )}
    </fieldset>
  );
}
