import { useSyncExternalStore } from 'react';

export interface LazyModule<M> {
  /** Starts the import (once) and resolves to the module. */
  load(): Promise<M>;
  /** The module once loaded, else null; components using it re-render when it arrives. */
  use(): M | null;
}

/**
 * A module imported on first use rather than with the page, shared by every component that asks for it:
 * the first `load()` starts the import, and all `use()`rs switch over together when it arrives.
 */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const waiting = new Set<() => void>();
  const subscribe = (notify: () => void) => {
    waiting.add(notify);
    return () => void waiting.delete(notify);
  };
  const current = () => loaded;
  return {
    load() {
      loading ??= importer().then((module) => {
        loaded = module;
        for (const notify of waiting) notify();
        return module;
      });
      return loading;
    },
    use: () => useSyncExternalStore(subscribe, current, current),
  };
}
