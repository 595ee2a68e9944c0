import { useDeferredValue, type ReactNode } from 'react';

/**
 * Mounts a large subtree (the booking form) in a background render that React slices and interrupts,
 * instead of the one long task a store update would run it in (TanStack Query and Router update through
 * useSyncExternalStore, which React always renders synchronously). On a slow phone the page stays
 * responsive while the form builds; `fallback` holds its place meanwhile. Only the first mount is deferred:
 * later updates of the children render as usual.
 */
export function SlicedMount({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
