import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@hatid/domain';
import { useLingui } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/utils';

/**
 * The language <select> as it looks: each language named in itself. The header's switch gives it its behaviour
 * (language-switch.tsx); the static landing pages draw it as it is, so their header has the app's height and
 * nothing moves when the app takes over (the app starts on the first interaction, before a choice is made).
 */
export function LanguageSelect({ value, onChange, className }: { value: Language; onChange?: (language: string) => void; className?: string }) {
  const { t } = useLingui();
  const id = useId();
  return (
    // Below sm (a phone) the face is the language's short code: the signed-out header's row (brand, switch, Track,
    // Sign in) then fits 360 px in Filipino too. The native <select> lies invisible on top of the face, so a tap
    // opens the phone's own list with each language named in full; from sm on it shows itself, in full.
    <span
      className={cn('relative inline-flex items-center rounded-md max-sm:has-[:focus-visible]:ring-2 max-sm:has-[:focus-visible]:ring-teal-600/30', className)}
    >
      <Languages className="pointer-events-none absolute left-2 h-4 w-4 text-slate-500" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <span
        aria-hidden="true"
        className="flex h-9 items-center rounded-md border border-slate-300 bg-white pr-2 pl-7 text-sm font-medium text-slate-700 uppercase sm:hidden"
      >
        {value}
      </span>
      <select
        id={id}
        {...(onChange ? { value, onChange: (event: { target: { value: string } }) => onChange(event.target.value) } : { defaultValue: value })}
        className="h-9 appearance-none rounded-md border border-slate-300 bg-white py-1 pr-2 pl-7 text-sm text-slate-700 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none max-sm:absolute max-sm:inset-0 max-sm:w-full max-sm:opacity-0"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
