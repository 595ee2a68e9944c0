import { Trans, useLingui } from '@lingui/react/macro';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { currentPushState, turnOnPush, type PushState } from '../../../lib/push-subscription';
import { BigButton } from './big-button';

/**
 * Job alerts: a notification on the phone when a dispatcher assigns a job, even with the app closed (Web
 * Push). Shown until they are on; says so when the browser blocks them.
 */
export function JobAlerts() {
  const { t } = useLingui();
  const [state, setState] = useState<PushState | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    void currentPushState().then(setState);
  }, []);
  if (state === null || state === 'unsupported' || state === 'on') return null;
  if (state === 'blocked') {
    return (
      <p className="rounded-xl border-2 border-slate-900 bg-white p-3 text-base" role="status">
        <Trans>Job alerts are blocked in this browser. Allow notifications for Hatid in the site settings to hear of new jobs.</Trans>
      </p>
    );
  }
  const turnOn = async () => {
    setPending(true);
    try {
      await turnOnPush();
      toast.success(t`Job alerts are on`);
    } catch {
      // lib/push-subscription's reasons are English; a refused permission shows the "blocked" text above once the
      // state is read again, and every other failure (no service, no signal) is worth one more try.
      toast.error(t`Job alerts could not be turned on. Try again when the signal is better.`);
    } finally {
      setPending(false);
      setState(await currentPushState());
    }
  };
  return (
    <section aria-label={t`Job alerts`} className="flex flex-col gap-2 rounded-xl border-2 border-slate-900 bg-white p-3">
      <p className="text-base">
        <Trans>Get a notification on this phone when a job is assigned to you.</Trans>
      </p>
      <BigButton variant="secondary" onClick={() => void turnOn()} loading={pending}>
        <BellRing className="h-6 w-6" aria-hidden="true" /> <Trans>Turn on job alerts</Trans>
      </BigButton>
    </section>
  );
}
