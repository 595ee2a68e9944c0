import { Trans, useLingui } from '@lingui/react/macro';
import { isValidTrackingNumber, normalizeTrackingNumber, s10CheckDigit, TRACKING_NUMBER_MESSAGE } from '@hatid/domain';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

export const TRACK_MESSAGES = {
  empty: 'Enter a tracking number',
  typo: TRACKING_NUMBER_MESSAGE,
} as const;

/** A real, valid number to show as an example (the spec's ND12345678?PH with its check digit worked out). */
export const EXAMPLE_TRACKING_NUMBER = `ND12345678${s10CheckDigit('12345678')}PH`;

/** Checks a typed tracking number in the browser; returns the message to show, or null when it is fine. */
export function trackingNumberProblem(value: string): string | null {
  const normalized = normalizeTrackingNumber(value);
  if (!normalized) return TRACK_MESSAGES.empty;
  return isValidTrackingNumber(normalized) ? null : TRACK_MESSAGES.typo;
}

/**
 * Asks for a tracking number. A typo (wrong layout or S10 check digit) is caught here, before any call
 * is made; a good number is handed over normalized (upper case, no spaces or dashes).
 */
export function TrackForm({ defaultValue = '', pending, onTrack }: { defaultValue?: string; pending?: boolean; onTrack: (trackingNumber: string) => void }) {
  const { t } = useLingui();
  // The checks speak English (trackingNumberProblem is shared); the form says them in the reader's language.
  const say = (problem: string) =>
    problem === TRACK_MESSAGES.empty ? t`Enter a tracking number` : problem === TRACK_MESSAGES.typo ? t`Check the tracking number: it has a typo` : problem;
  const [value, setValue] = useState(defaultValue);
  // A linked number (/track?trackingNumber=…) with a typo shows the message at once, without a call.
  const [error, setError] = useState<string | null>(() => (defaultValue ? trackingNumberProblem(defaultValue) : null));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = trackingNumberProblem(value);
    setError(problem);
    if (!problem) onTrack(normalizeTrackingNumber(value));
  };

  return (
    // action, method and name make it a plain GET form to /track?trackingNumber=… before the app has started
    // (the static landing page of /track draws this same form; React's onSubmit takes over once it runs).
    <form
      action="/track"
      method="get"
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Track a shipment`}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <FormField
        label={t`Tracking number`}
        error={error ? say(error) : undefined}
        hint={t`For example ${EXAMPLE_TRACKING_NUMBER}, as printed on the waybill.`}
        className="flex-1"
      >
        {(control) => (
          <Input
            {...control}
            name="trackingNumber"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            maxLength={40}
            placeholder={EXAMPLE_TRACKING_NUMBER}
          />
        )}
      </FormField>
      <Button type="submit" loading={pending} className="sm:mt-6">
        <Search className="h-4 w-4" aria-hidden="true" />
        <Trans>Track</Trans>
      </Button>
    </form>
  );
}
