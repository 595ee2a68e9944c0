import { lazy, Suspense, useSyncExternalStore } from 'react';
import { sonnerRequests } from '../../lib/toast';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Sonner's toaster, mounted once the first toast is asked for (lib/toast.ts). At the top centre: at the
 * bottom right they covered the sticky Continue bar of the booking form and the row menus of lists (whose
 * actions sit at the right), so a person had to wait 4 s to press what they had come for.
 */
export function LazyToaster() {
  const requested = useSyncExternalStore(sonnerRequests.subscribe, sonnerRequests.requested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" duration={4000} richColors closeButton />
    </Suspense>
  );
}
