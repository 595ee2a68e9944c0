import { AlertTriangle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { CopyButton } from './copy-button';
import { Input } from './input';
import { DoneModal } from './modal';

/**
 * A secret the server gives back once (an API key, a webhook signing secret): a warning that it will not be shown
 * again, the secret read-only with a copy button, and whatever helps use it below. The secret lives only in the
 * caller's state: closing forgets it.
 */
export function SecretShownOnceModal({
  title,
  description,
  warning,
  label,
  secret,
  copyLabel,
  onClose,
  children,
}: {
  title: string;
  description: string;
  /** What to do with it and what to do if it is lost, after the bold "Copy this … now" line. */
  warning: { headline: string; body: ReactNode };
  label: string;
  secret: string;
  copyLabel: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <DoneModal open onOpenChange={(open) => (open ? undefined : onClose())} title={title} description={description} size="lg">
      <div className="flex flex-col gap-4">
        <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-950">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
          <p>
            <strong className="font-semibold">{warning.headline}</strong> {warning.body}
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          <div className="flex gap-2">
            <Input
              id={id}
              readOnly
              value={secret}
              spellCheck={false}
              autoComplete="off"
              className="font-mono"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={secret} label={copyLabel} variant="primary" />
          </div>
          {children}
        </div>
      </div>
    </DoneModal>
  );
}
