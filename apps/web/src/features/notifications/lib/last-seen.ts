import { useCallback, useSyncExternalStore } from 'react';

/**
 * When did this person last look at their notifications? The API keeps no read state a client can set, so
 * the moment is kept per user in this browser's localStorage. It is the createdAt (server clock) of the
 * newest notification the list has shown, not the browser's clock, so a device whose clock is off still
 * counts correctly.
 */
const PREFIX = 'hatid.notifications.seen.';
const CHANGED = 'hatid:notifications-seen';

const keyOf = (userId: string) => `${PREFIX}${userId}`;

export function readLastSeen(userId: string): string | null {
  try {
    return localStorage.getItem(keyOf(userId));
  } catch {
    return null; // storage disabled (private mode): everything counts as unread
  }
}

/** Moves the moment forward (never back) and tells the bell, in this tab and in others. */
export function markSeenUpTo(userId: string, createdAt: string): void {
  const previous = readLastSeen(userId);
  if (previous && Date.parse(previous) >= Date.parse(createdAt)) return;
  try {
    localStorage.setItem(keyOf(userId), createdAt);
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** Newer than the last seen moment, i.e. unread; with no moment yet, everything is. */
export function isUnread(createdAt: string, lastSeen: string | null): boolean {
  return lastSeen === null || Date.parse(createdAt) > Date.parse(lastSeen);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The last seen moment of `userId`, re-rendering when it moves (here or in another tab). */
export function useLastSeen(userId: string | null | undefined): string | null {
  const read = useCallback(() => (userId ? readLastSeen(userId) : null), [userId]);
  return useSyncExternalStore(subscribe, read, () => null);
}
