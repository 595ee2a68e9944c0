import { t } from '@lingui/core/macro';
import * as Popover from '@radix-ui/react-popover';
import { Command } from 'cmdk';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import PhoneNumberInput, { getCountryCallingCode, type Country } from 'react-phone-number-input';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { FLAG_URL, type PhoneInputProps } from './phone-input';

interface CountrySelectProps {
  value?: Country;
  onChange: (value?: Country) => void;
  options: { value?: Country; label: string; divider?: boolean }[];
  iconComponent: ComponentType<{ country?: Country; label: string }>;
  disabled?: boolean;
  readOnly?: boolean;
}

function CountryFlag({ country }: { country: Country }) {
  return (
    <span className="flex h-4 w-6 shrink-0 overflow-hidden rounded-sm bg-slate-100">
      <img src={FLAG_URL.replace('{XX}', country)} alt="" width={24} height={16} loading="lazy" className="h-full w-full object-cover" />
    </span>
  );
}

/** The country picker: a searchable list ("No country found."). */
function CountrySelect({ value, onChange, options, disabled, readOnly }: CountrySelectProps) {
  const [open, setOpen] = useState(false);
  const countries = options.filter((option): option is { value: Country; label: string } => Boolean(option.value) && !option.divider);
  const selected = countries.find((option) => option.value === value);
  const country = selected?.label ?? '';
  const code = selected ? `+${getCountryCallingCode(selected.value)}` : '';
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          disabled={disabled || readOnly}
          aria-label={selected ? t`Country: ${country} ${code}` : t`Choose country`}
          className="flex h-10 shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 disabled:opacity-60"
        >
          {selected ? <CountryFlag country={selected.value} /> : null}
          <ChevronsUpDown className="h-4 w-4 text-slate-500" aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="z-50 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <Command>
            <Command.Input
              placeholder={t`Search country...`}
              aria-label={t`Search country`}
              className="h-9 w-full border-b border-slate-200 px-2 text-base outline-none placeholder:text-slate-400 sm:text-sm"
            />
            <Command.List className="max-h-64 overflow-y-auto py-1">
              <Command.Empty className="px-2 py-3 text-center text-sm text-slate-500">{t`No country found.`}</Command.Empty>
              {countries.map((option) => (
                <Command.Item
                  key={option.value}
                  value={option.value}
                  keywords={[option.label, `+${getCountryCallingCode(option.value)}`]}
                  onSelect={() => {
                    onChange(option.value);
                    setOpen(false);
                  }}
                  className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm data-[selected=true]:bg-teal-50"
                >
                  <CountryFlag country={option.value} />
                  <span className="flex-1 truncate">{option.label}</span>
                  <span className="text-slate-500">+{getCountryCallingCode(option.value)}</span>
                  <Check className={cn('h-4 w-4', option.value === value ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The full mobile number input (see PhoneInput, which loads this on first use). */
export function PhoneInputField({ value, onChange, placeholder = '0917 123 4567', ...props }: PhoneInputProps) {
  return (
    <PhoneNumberInput
      {...props}
      value={value || undefined}
      // An empty field reports undefined: keep it an empty string so forms see "" and not a missing value.
      onChange={(next) => onChange(next ?? '')}
      defaultCountry="PH"
      countryCallingCodeEditable={false}
      addInternationalOption={false}
      countrySelectComponent={CountrySelect}
      flagUrl={FLAG_URL}
      inputComponent={Input}
      placeholder={placeholder}
      type="tel"
      autoComplete="tel"
      className="flex items-center gap-2"
    />
  );
}
