import { lazy, Suspense, useSyncExternalStore } from 'react';
import { sonnerRequests } from '../../lib/toast';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Sonner's toaster, mounted once the first toast is asked for (lib/toast.ts). */
export function LazyToaster() {
  const requested = useSyncExternalStore(sonnerRequests.subscribe, sonnerRequests.requested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" duration={4000} richColors closeButton />
    </Suspense>
  );
}
