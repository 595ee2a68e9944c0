import { Trans, useLingui } from '@lingui/react/macro';
import { BellOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage, fieldErrorMessage, isApiError } from '../../../lib/api-client';
import { useStopRecipientTexts } from '../api/stop-recipient-texts';

/**
 * "Stop texts about this parcel" on the public tracking page (issue 33): the recipient proves it is them with
 * the last 4 digits of their mobile number; the server checks them and limits the tries.
 */
export function StopTextsPanel({ trackingNumber }: { trackingNumber: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [digits, setDigits] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const stop = useStopRecipientTexts(trackingNumber);

  if (stop.isSuccess) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <BellOff className="h-4 w-4 text-slate-500" aria-hidden="true" />
        <Trans>We will not text you about this parcel any more.</Trans>
      </p>
    );
  }
  if (!open) {
    return (
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
          <BellOff className="h-4 w-4" aria-hidden="true" />
          <Trans>Stop texts about this parcel</Trans>
        </Button>
      </div>
    );
  }

  const wrongDigits = isApiError(stop.error) ? stop.error.details?.find((d) => d.field.endsWith('mobileLast4')) : undefined;
  const fieldError = wrongDigits ? fieldErrorMessage(wrongDigits) : undefined;
  const otherError = stop.error && !fieldError ? errorMessage(stop.error) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const clean = digits.trim();
    if (!/^\d{4}$/.test(clean)) {
      setProblem(t`Enter the last 4 digits of the mobile number the parcel is for`);
      return;
    }
    setProblem(null);
    stop.mutate({ mobileLast4: clean });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Stop texts about this parcel`} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <FormField
        label={t`Last 4 digits of your mobile number`}
        hint={t`The number this parcel is for: it shows that you are the recipient.`}
        error={problem ?? fieldError}
        className="flex-1"
      >
        {(control) => (
          <Input
            {...control}
            value={digits}
            onChange={(event) => setDigits(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            className="sm:max-w-32"
          />
        )}
      </FormField>
      <Button type="submit" loading={stop.isPending} className="sm:mt-6">
        <Trans>Stop texts</Trans>
      </Button>
      {otherError ? (
        <p role="alert" className="text-sm text-red-600 sm:mt-8">
          {otherError}
        </p>
      ) : null}
    </form>
  );
}
