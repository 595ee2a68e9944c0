import { createStore, get, set } from 'idb-keyval';
import { useEffect, useSyncExternalStore } from 'react';
import { Outbox, type OutboxItem, type OutboxStorage } from './outbox';

/** IndexedDB (idb-keyval): the queue survives reloads and closed tabs; photos are kept as Blobs. */
function indexedDbStorage(): OutboxStorage {
  const store = createStore('hatid-rider', 'outbox');
  const KEY = 'queue';
  return {
    load: async () => ((await get<OutboxItem[]>(KEY, store)) ?? []).filter((item) => item && typeof item.id === 'string'),
    save: (items) => set(KEY, items, store),
  };
}

let instance: Outbox | null = null;
let sentListener: (item: OutboxItem) => void = () => {};

/** The tab's one outbox (created on first use, so the rider chunk alone opens the database). */
export function riderOutbox(): Outbox {
  instance ??= new Outbox(indexedDbStorage(), undefined, undefined, (item) => sentListener(item));
  return instance;
}

/** What to do after the server accepted an item (refetch the lists it changed). */
export function onOutboxSent(listener: (item: OutboxItem) => void) {
  sentListener = listener;
}

const RETRY_MS = 15_000;

/**
 * The queue as React state, and the sending loop: on start, whenever the phone is back online, and every
 * 15 s while something waits (a server that was busy, a connection that came back without an event).
 */
export function useOutbox(): readonly OutboxItem[] {
  const outbox = riderOutbox();
  const items = useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.snapshot(),
  );
  useEffect(() => {
    const flush = () => void outbox.flush();
    flush();
    window.addEventListener('online', flush);
    const timer = window.setInterval(() => {
      if (outbox.snapshot().some((item) => item.state === 'waiting')) flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
  }, [outbox]);
  return items;
}

/** Whether the phone thinks it has a connection (navigator.onLine and its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}
