import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The rider's day as last seen (who is signed in, the list, each opened shipment and its activities), kept in
 * IndexedDB so that opening the app with no signal (a reload in a dead zone) still shows the work, beside the
 * outbox of what is waiting to be sent. Uses React Query's own dehydrate/hydrate; restored only when the phone
 * is offline, forgotten on sign-out, and not older than a day.
 */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
const KEY = 'day';
const SAVE_DELAY_MS = 500;

interface Saved {
  savedAt: number;
  state: DehydratedState;
}

let store: UseStore | null = null;
// Its own database: idb-keyval keeps one object store per database (the outbox has 'hatid-rider').
const cacheStore = () => (store ??= createStore('hatid-rider-cache', 'queries'));

export const isRiderQuery = (query: Pick<Query, 'queryKey' | 'state'>): boolean =>
  query.state.status === 'success' && (query.queryKey[0] === 'rider' || (query.queryKey[0] === 'users' && query.queryKey[1] === 'me'));

export async function saveRiderCache(client: QueryClient): Promise<void> {
  const saved: Saved = { savedAt: Date.now(), state: dehydrate(client, { shouldDehydrateQuery: isRiderQuery }) };
  await set(KEY, saved, cacheStore());
}

/** Puts the saved day back into the query cache; false when there is none (or it is too old). */
export async function restoreRiderCache(client: QueryClient, now = Date.now()): Promise<boolean> {
  const saved = await get<Saved>(KEY, cacheStore());
  if (!saved || now - saved.savedAt > MAX_AGE_MS) return false;
  hydrate(client, saved.state);
  return true;
}

export const forgetRiderCache = (): Promise<void> => del(KEY, cacheStore());

/** Saves the rider's queries shortly after each change; returns the unsubscribe. */
export function keepRiderCache(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isRiderQuery(event.query)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void saveRiderCache(client), SAVE_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
