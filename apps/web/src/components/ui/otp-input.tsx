import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';
import { cn } from '../../lib/utils';

function Slot({ char, hasFakeCaret, isActive }: SlotProps) {
  return (
    <div
      className={cn(
        'relative flex h-12 w-10 items-center justify-center rounded-md border border-slate-300 bg-white text-xl font-semibold text-slate-900 sm:w-12',
        isActive && 'border-teal-600 ring-2 ring-teal-600',
      )}
    >
      {char}
      {hasFakeCaret ? <div className="absolute h-6 w-px animate-pulse bg-slate-900" aria-hidden="true" /> : null}
    </div>
  );
}

/** A one-time-code input: digits only, pastes and autofills the whole code. */
export function OtpInput({
  id,
  value,
  onChange,
  length = 6,
  onComplete,
  disabled,
  ...aria
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  length?: number;
  onComplete?: (value: string) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}) {
  return (
    <OTPInput
      id={id}
      value={value}
      onChange={onChange}
      onComplete={onComplete}
      maxLength={length}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode="numeric"
      autoComplete="one-time-code"
      disabled={disabled}
      containerClassName="flex items-center gap-2 has-[:disabled]:opacity-60"
      {...aria}
      render={({ slots }) => (
        <div className="flex gap-1.5 sm:gap-2">
          {slots.map((slot, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a digit's place is its identity
            <Slot key={index} {...slot} />
          ))}
        </div>
      )}
    />
  );
}
