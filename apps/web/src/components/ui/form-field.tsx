// The shared UI says its few words through the app's i18n directly (`t` from @lingui/core/macro), not the React
// context: any screen can render it, in a test too, without an I18nProvider above; it re-renders with its screen.
import { t } from '@lingui/core/macro';
import { reasonOfMessage } from '@hatid/domain/errors';
import { useId, type ReactNode } from 'react';
import { translateReason } from '../../i18n/server-messages';
import { cn } from '../../lib/utils';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled form control with its hint and error message wired up for screen readers.
 * `children` receives the props to spread on the control.
 */
export function FormField({
  label,
  error,
  hint,
  optional,
  className,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-slate-500"> {t`(optional)`}</span> : null}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {/* A message the server also says (a mobile number, a name, an email) reads in the reader's language. */}
          {translateReason(reasonOfMessage(error), undefined, error)}
        </p>
      ) : null}
    </div>
  );
}
