import { isValidTrackingNumber, normalizeTrackingNumber, PACKAGE_DECONSOLIDATION_STATUSES, type PackageDeconsolidationStatus } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PACKAGE_STATUS_NAMES } from '../lib/consolidation-labels';

/**
 * The scan box: a handheld scanner types the waybill's Code 128 and presses Enter, so a focused text box
 * is all it needs; typing the number works the same. At the destination, the finding is chosen first.
 */
export function ScanBox({
  label,
  withFinding,
  pending,
  onScan,
}: {
  label: string;
  withFinding: boolean;
  pending: boolean;
  onScan: (trackingNumber: string, finding: PackageDeconsolidationStatus) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const [value, setValue] = useState('');
  const [finding, setFinding] = useState<PackageDeconsolidationStatus>('received');
  const input = useRef<HTMLInputElement>(null);

  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Typed numbers may be spaced or grouped with hyphens; a mistyped one is caught here, naming it, before any call.
    const number = normalizeTrackingNumber(value);
    if (!number) return;
    if (!isValidTrackingNumber(number)) {
      // The domain's TRACKING_NUMBER_MESSAGE, naming the number that was scanned.
      setProblem(t`${number}: check the tracking number: it has a typo`);
      input.current?.select();
      return;
    }
    setProblem(null);
    await onScan(number, finding);
    setValue('');
    input.current?.focus();
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <label htmlFor="scan-tracking-number" className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {withFinding ? (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">
            <Trans>Package found</Trans>
          </legend>
          {PACKAGE_DECONSOLIDATION_STATUSES.map((status) => (
            <label key={status} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="finding"
                value={status}
                checked={finding === status}
                onChange={() => setFinding(status)}
                className="h-4 w-4 accent-teal-700"
              />
              {i18n._(PACKAGE_STATUS_NAMES[status])}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex gap-2">
        <Input
          id="scan-tracking-number"
          ref={input}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (problem) setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'scan-problem' : undefined}
          placeholder={t`Scan or type a tracking number`}
          autoComplete="off"
          autoCapitalize="characters"
          className="font-mono uppercase"
        />
        <Button type="submit" loading={pending}>
          {withFinding ? t`Confirm` : t`Add`}
        </Button>
      </div>
      {problem ? (
        <p id="scan-problem" role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
