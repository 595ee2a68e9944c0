import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useRiderStats } from '../api/rider-shipments';
import { useOnlineStatus, useSetOnline } from '../api/rider-shift';
import { BigButton } from './big-button';

/**
 * Time in and time out (TIME_IN / TIME_OUT): dispatchers see who is working, online riders first. Timing out
 * while holding cash asks first, naming the amount: the cash stays on the rider's name until it is handed
 * over at the hub (a cash collection), so the end of a shift is when to remember it.
 */
export function ShiftToggle() {
  const { t } = useLingui();
  const status = useOnlineStatus();
  const setOnline = useSetOnline();
  const stats = useRiderStats();
  const [confirming, setConfirming] = useState(false);
  if (!status.data) return null;
  const { isOnline, since } = status.data;
  const cashOnHand = stats.data?.cashOnHandInCents ?? 0;
  const cash = formatMoney(cashOnHand);
  const sinceText = since ? formatDateTime(since) : '';
  const toggle = async () => {
    setConfirming(false);
    try {
      await setOnline.mutateAsync(!isOnline);
      toast.success(isOnline ? t`Timed out. Rest well!` : t`Timed in. Ingat sa daan!`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const tap = () => (isOnline && cashOnHand > 0 ? setConfirming(true) : void toggle());
  return (
    <section aria-label={t`Your shift`} className="flex flex-col gap-2 rounded-xl border-2 border-slate-900 bg-white p-3">
      <p className="text-lg font-semibold" data-testid="shift-status">
        {isOnline ? <Trans>On shift</Trans> : <Trans>Off shift</Trans>}
        {since ? (
          <span className="block text-sm font-normal text-slate-700">
            <Trans>since {sinceText}</Trans>
          </span>
        ) : null}
      </p>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="time-out-title" aria-describedby="time-out-cash" className="flex flex-col gap-2 rounded-lg bg-yellow-100 p-3">
          <p id="time-out-title" className="text-lg font-bold">
            <Trans>Time out with cash on hand?</Trans>
          </p>
          <p id="time-out-cash" className="text-lg">
            <Trans>You still hold {cash} in cash. Hand it over at the hub: it stays on your name until it is handed over.</Trans>
          </p>
          <BigButton variant="secondary" onClick={() => void toggle()} loading={setOnline.isPending}>
            <Trans>Time out, I hold {cash}</Trans>
          </BigButton>
          <BigButton variant="ghost" onClick={() => setConfirming(false)}>
            <Trans>Stay on shift</Trans>
          </BigButton>
        </div>
      ) : (
        <BigButton variant={isOnline ? 'secondary' : 'primary'} onClick={tap} loading={setOnline.isPending}>
          {isOnline ? <Trans>Time out</Trans> : <Trans>Time in</Trans>}
        </BigButton>
      )}
    </section>
  );
}
