import { formatDateTime } from '@hatid/domain';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useOnlineStatus, useSetOnline } from '../api/rider-shift';
import { BigButton } from './big-button';

/** Time in and time out (TIME_IN / TIME_OUT): dispatchers see who is working, online riders first. */
export function ShiftToggle() {
  const status = useOnlineStatus();
  const setOnline = useSetOnline();
  if (!status.data) return null;
  const { isOnline, since } = status.data;
  const toggle = async () => {
    try {
      await setOnline.mutateAsync(!isOnline);
      toast.success(isOnline ? 'Timed out. Rest well!' : 'Timed in. Ingat sa daan!');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <section aria-label="Your shift" className="flex flex-col gap-2 rounded-xl border-2 border-slate-900 bg-white p-3">
      <p className="text-lg font-semibold" data-testid="shift-status">
        {isOnline ? 'On shift' : 'Off shift'}
        {since ? <span className="block text-sm font-normal text-slate-700">since {formatDateTime(since)}</span> : null}
      </p>
      <BigButton variant={isOnline ? 'secondary' : 'primary'} onClick={() => void toggle()} loading={setOnline.isPending}>
        {isOnline ? 'Time out' : 'Time in'}
      </BigButton>
    </section>
  );
}
