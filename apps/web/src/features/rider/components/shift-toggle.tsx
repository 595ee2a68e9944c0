import { formatDateTime, formatMoney } from '@hatid/domain';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useRiderStats } from '../api/rider-shipments';
import { useOnlineStatus, useSetOnline } from '../api/rider-shift';
import { BigButton } from './big-button';

/**
 * Time in and time out (TIME_IN / TIME_OUT): dispatchers see who is working, online riders first. Timing out
 * while holding cash asks first, naming the amount: the cash stays on the rider's name until it is handed
 * over at the hub (a cash collection), so the end of a shift is when to remember it.
 */
export function ShiftToggle() {
  const status = useOnlineStatus();
  const setOnline = useSetOnline();
  const stats = useRiderStats();
  const [confirming, setConfirming] = useState(false);
  if (!status.data) return null;
  const { isOnline, since } = status.data;
  const cashOnHand = stats.data?.cashOnHandInCents ?? 0;
  const toggle = async () => {
    setConfirming(false);
    try {
      await setOnline.mutateAsync(!isOnline);
      toast.success(isOnline ? 'Timed out. Rest well!' : 'Timed in. Ingat sa daan!');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const tap = () => (isOnline && cashOnHand > 0 ? setConfirming(true) : void toggle());
  return (
    <section aria-label="Your shift" className="flex flex-col gap-2 rounded-xl border-2 border-slate-900 bg-white p-3">
      <p className="text-lg font-semibold" data-testid="shift-status">
        {isOnline ? 'On shift' : 'Off shift'}
        {since ? <span className="block text-sm font-normal text-slate-700">since {formatDateTime(since)}</span> : null}
      </p>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="time-out-title" aria-describedby="time-out-cash" className="flex flex-col gap-2 rounded-lg bg-yellow-100 p-3">
          <p id="time-out-title" className="text-lg font-bold">
            Time out with cash on hand?
          </p>
          <p id="time-out-cash" className="text-lg">
            You still hold {formatMoney(cashOnHand)} in cash. Hand it over at the hub: it stays on your name until it is handed over.
          </p>
          <BigButton variant="secondary" onClick={() => void toggle()} loading={setOnline.isPending}>
            Time out, I hold {formatMoney(cashOnHand)}
          </BigButton>
          <BigButton variant="ghost" onClick={() => setConfirming(false)}>
            Stay on shift
          </BigButton>
        </div>
      ) : (
        <BigButton variant={isOnline ? 'secondary' : 'primary'} onClick={tap} loading={setOnline.isPending}>
          {isOnline ? 'Time out' : 'Time in'}
        </BigButton>
      )}
    </section>
  );
}
