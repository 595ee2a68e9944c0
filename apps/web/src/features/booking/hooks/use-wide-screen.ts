import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: from here the price card fits beside the booking form. */
const WIDE = '(min-width: 64rem)';

const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);

function subscribe(listener: () => void) {
  const list = query();
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

/**
 * True on screens wide enough for the side-by-side layout. Where media queries are unknown (tests, old
 * browsers) the answer is true, the layout that works at any width.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? true,
    () => true,
  );
}
