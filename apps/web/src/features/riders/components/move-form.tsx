import { findActivityStatus, PROOF_FOR_ACTIVITY, type ActivityName } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../lib/format';
import { activityLabel, reasonLabel } from '../lib/labels';
import type { RiderTask } from '../lib/tasks';
import { BigButton } from './big-button';
import { PhotoCapture } from './photo-capture';

export interface MoveDraft {
  reason?: string;
  note?: string;
  receivedBy?: string;
  photo: Blob | null;
  /** Cash collected at this stop, in cents (0: none). */
  cashInCents: number;
  /** Why the cash is less than was due (then required: the shortfall stays on record with it). */
  shortReason?: string;
}

const fieldClasses = 'h-14 w-full rounded-lg border-2 border-slate-900 bg-white px-3 text-lg';

/** Where cash changes hands: the sender pays at pickup, the recipient on delivery. */
const COLLECTS_CASH: Partial<Record<ActivityName, true>> = { 'Package picked up': true, Delivered: true };

/**
 * One step of a pickup or delivery: the failure reason where the step has one (the spec's lists), the proof
 * photo where it needs one, who received the parcel when it was not the recipient, and the cash collected.
 */
export function MoveForm({
  task,
  activity,
  onSave,
  onCancel,
}: {
  task: RiderTask;
  activity: ActivityName;
  onSave: (draft: MoveDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const reasons = findActivityStatus(activity)?.reasons ?? null;
  const proof = PROOF_FOR_ACTIVITY[activity];
  const collects = COLLECTS_CASH[activity] === true && task.cashDueInCents > 0;
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [someoneElse, setSomeoneElse] = useState(false);
  const [receivedBy, setReceivedBy] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [cash, setCash] = useState((task.cashDueInCents / 100).toFixed(2));
  const [cashTaken, setCashTaken] = useState(false);
  const [shortReason, setShortReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // What the typed cash falls short of the amount due (0 when it is all there or not a number yet).
  const typedCents = Math.round(Number(cash) * 100);
  const shortBy = collects && Number.isFinite(typedCents) && typedCents > 0 && typedCents < task.cashDueInCents ? task.cashDueInCents - typedCents : 0;

  const name = activityLabel(i18n, activity);
  const due = formatMoney(task.cashDueInCents);
  const short = formatMoney(shortBy);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (reasons && !reason) return setProblem(t`Choose a reason`);
    if (proof && !photo) return setProblem(t`Take the proof photo first`);
    if (someoneElse && receivedBy.trim().length < 2) return setProblem(t`Enter the name of the person who received it`);
    let cashInCents = 0;
    if (collects) {
      if (!cashTaken) return setProblem(t`Collect ${due} in cash first, then tick the box`);
      cashInCents = Math.round(Number(cash) * 100);
      if (!Number.isFinite(cashInCents) || cashInCents <= 0) return setProblem(t`Enter the cash you collected`);
      if (cashInCents > task.cashDueInCents) return setProblem(t`That is more than the ${due} to collect`);
      if (cashInCents < task.cashDueInCents && shortReason.trim().length < 3) {
        const missing = formatMoney(task.cashDueInCents - cashInCents);
        return setProblem(t`The cash is ${missing} short: say why`);
      }
    }
    setSaving(true);
    try {
      await onSave({
        ...(reason ? { reason } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(someoneElse ? { receivedBy: receivedBy.trim() } : {}),
        photo,
        cashInCents,
        ...(collects && cashInCents < task.cashDueInCents ? { shortReason: shortReason.trim() } : {}),
      });
    } catch {
      // The phone's storage refused it (full, private mode): its own words are technical English.
      setProblem(t`It could not be saved on the phone. Try again.`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border-4 border-teal-700 bg-white p-3" aria-label={name}>
      <h3 className="text-xl font-bold">{name}</h3>
      {reasons ? (
        <label className="flex flex-col gap-1 text-lg font-semibold">
          <Trans>Reason</Trans>
          <select className={fieldClasses} value={reason} onChange={(event) => setReason(event.target.value)}>
            <option value="">{t`Choose a reason`}</option>
            {reasons.map((r) => (
              <option key={r} value={r}>
                {reasonLabel(i18n, r)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {proof ? <PhotoCapture label={proof === 'pickup' ? t`Pickup photo` : t`Delivery photo`} photo={photo} onChange={setPhoto} /> : null}
      {activity === 'Delivered' ? (
        <div className="flex flex-col gap-2">
          <label className="flex min-h-12 items-center gap-3 text-lg">
            <input type="checkbox" className="h-7 w-7" checked={someoneElse} onChange={(event) => setSomeoneElse(event.target.checked)} />
            <Trans>Someone else received it</Trans>
          </label>
          {someoneElse ? (
            <label className="flex flex-col gap-1 text-lg font-semibold">
              <Trans>Name of the person who received it</Trans>
              <input className={fieldClasses} value={receivedBy} onChange={(event) => setReceivedBy(event.target.value)} autoComplete="off" />
            </label>
          ) : null}
        </div>
      ) : null}
      {collects ? (
        <div className="flex flex-col gap-2 rounded-lg bg-yellow-100 p-3">
          <label className="flex min-h-12 items-center gap-3 text-lg font-semibold">
            <input type="checkbox" className="h-7 w-7" checked={cashTaken} onChange={(event) => setCashTaken(event.target.checked)} />
            <Trans>I collected the cash</Trans>
          </label>
          <label className="flex flex-col gap-1 text-lg font-semibold">
            <Trans>Cash collected (₱)</Trans>
            <input className={fieldClasses} inputMode="decimal" value={cash} onChange={(event) => setCash(event.target.value)} />
          </label>
          {shortBy > 0 ? (
            <>
              <p role="status" className="rounded-lg border-2 border-red-700 bg-white p-2 text-lg font-bold text-red-800">
                <Trans>
                  {short} short of the {due} to collect
                </Trans>
              </p>
              <label className="flex flex-col gap-1 text-lg font-semibold">
                <Trans>Why is the cash short?</Trans>
                <input
                  className={fieldClasses}
                  value={shortReason}
                  maxLength={300}
                  onChange={(event) => setShortReason(event.target.value)}
                  autoComplete="off"
                />
              </label>
            </>
          ) : null}
        </div>
      ) : null}
      <label className="flex flex-col gap-1 text-lg font-semibold">
        <Trans>Note (optional)</Trans>
        <input className={fieldClasses} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      </label>
      {problem ? (
        <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-2 text-lg font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
      <BigButton type="submit" loading={saving}>
        <Trans>Confirm: {name}</Trans>
      </BigButton>
      <BigButton type="button" variant="ghost" onClick={onCancel}>
        <Trans>Back</Trans>
      </BigButton>
    </form>
  );
}
