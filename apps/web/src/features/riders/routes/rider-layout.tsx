import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { CloudOff, LogOut, Wifi } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { LanguageSwitch } from '../../../app/layout/language-switch';
import { toast } from '../../../lib/toast';
import { api, errorMessage } from '../../../lib/api-client';
import { refreshPushSubscription } from '../../../lib/push-subscription';
import { useRealtimeChannel } from '../../../lib/realtime';
import { registerServiceWorker } from '../../../lib/service-worker';
import { useMe } from '../api/use-me';
import { JobAlerts } from '../components/job-alerts';
import { OutboxPanel } from '../components/outbox-panel';
import { ShiftToggle } from '../components/shift-toggle';
import { forgetRiderCache, keepRiderCache } from '../lib/offline-cache';
import { onOutboxSent, useOnline, useOutbox } from '../lib/rider-outbox';

/**
 * The rider app's frame, made for a phone held in one hand outdoors: high contrast, big targets, the shift
 * switch and the connection always in view, and what is still waiting to be sent.
 */
export function RiderLayout() {
  const { t } = useLingui();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const online = useOnline();
  const items = useOutbox();
  // One function for the whole life of the layout, so the effect below runs when the connection changes only.
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['rider'] }), [queryClient]);

  // Sent actions change the lists; so do the dispatcher's assignments and staff moves (hints on my channel).
  useEffect(() => {
    onOutboxSent(refetch);
    return () => onOutboxSent(() => {});
  });
  useRealtimeChannel(me.data ? `user:${me.data.id}` : null, refetch);
  // The app shell and job alerts (service worker), and the day kept on the phone for a reload with no signal.
  useEffect(() => {
    void registerServiceWorker()
      .then((registered) => (registered ? refreshPushSubscription() : undefined))
      .catch(() => {});
    return keepRiderCache(queryClient);
  }, [queryClient]);
  // When the connection comes back.
  useEffect(() => {
    if (online) refetch();
  }, [online, refetch]);

  const signOut = async () => {
    if (items.some((item) => item.state === 'waiting')) {
      toast.error(t`Some of your updates are not sent yet. Stay signed in until they are.`);
      return;
    }
    try {
      await api.post('/users/logout');
    } catch (error) {
      toast.error(errorMessage(error));
    }
    queryClient.clear();
    await forgetRiderCache().catch(() => {});
    await navigate({ to: '/rider/login', replace: true });
  };

  return (
    <div className="min-h-svh bg-slate-100 text-slate-950">
      <header className="sticky top-0 z-20 flex items-center gap-2 bg-slate-950 px-3 py-2 text-white">
        <Link to="/rider" className="mr-auto text-lg font-bold focus-visible:ring-4 focus-visible:ring-yellow-300 focus-visible:outline-none">
          {/* i18n-ignore: the app's name, the same in every language */}
          Hatid Rider
        </Link>
        <span
          className={`flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold ${online ? 'bg-emerald-300 text-slate-950' : 'bg-yellow-300 text-slate-950'}`}
          role="status"
        >
          {online ? <Wifi className="h-4 w-4" aria-hidden="true" /> : <CloudOff className="h-4 w-4" aria-hidden="true" />}
          {online ? <Trans>Online</Trans> : <Trans>No signal</Trans>}
        </span>
        <button
          type="button"
          onClick={() => void signOut()}
          className="flex h-11 w-11 items-center justify-center rounded-lg hover:bg-slate-800 focus-visible:ring-4 focus-visible:ring-yellow-300 focus-visible:outline-none"
          aria-label={t`Sign out`}
        >
          <LogOut className="h-6 w-6" aria-hidden="true" />
        </button>
      </header>
      <main className="mx-auto flex w-full max-w-lg flex-col gap-4 px-3 py-4">
        <ShiftToggle />
        <JobAlerts />
        <OutboxPanel items={items} />
        <Outlet />
        {/* Chosen on the sign-in page; changed here too, and kept on the account so the texts follow it. */}
        <footer className="flex justify-center pt-4 pb-2">
          <LanguageSwitch />
        </footer>
      </main>
    </div>
  );
}
