import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

// IndexedDB as a map (jsdom has none); structuredClone as the browser would store it.
const idb = new Map<string, unknown>();
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (key: string) => structuredClone(idb.get(key)),
  set: async (key: string, value: unknown) => void idb.set(key, structuredClone(value)),
  del: async (key: string) => void idb.delete(key),
}));

const { forgetRiderCache, restoreRiderCache, saveRiderCache } = await import('./offline-cache');

function phoneWithTheDay() {
  const client = new QueryClient();
  client.setQueryData(['users', 'me'], { id: 'rider-1', roles: [{ name: 'rider' }] });
  client.setQueryData(['rider', 'assignments'], [{ trackingNumber: 'ND000000001PH', deliveryStatus: 'For pickup' }]);
  client.setQueryData(['shipments', 'list'], [{ trackingNumber: 'not the rider app' }]);
  return client;
}

describe('the rider’s day kept on the phone', () => {
  it('comes back after a reload: who is signed in and the list, nothing else', async () => {
    await saveRiderCache(phoneWithTheDay());
    const reloaded = new QueryClient();
    expect(await restoreRiderCache(reloaded)).toBe(true);
    expect(reloaded.getQueryData(['users', 'me'])).toMatchObject({ id: 'rider-1' });
    expect(reloaded.getQueryData(['rider', 'assignments'])).toEqual([{ trackingNumber: 'ND000000001PH', deliveryStatus: 'For pickup' }]);
    expect(reloaded.getQueryData(['shipments', 'list'])).toBeUndefined();
  });

  it('is not used when older than a day, and is gone after sign-out', async () => {
    await saveRiderCache(phoneWithTheDay());
    expect(await restoreRiderCache(new QueryClient(), Date.now() + 25 * 60 * 60 * 1000)).toBe(false);
    await forgetRiderCache();
    const reloaded = new QueryClient();
    expect(await restoreRiderCache(reloaded)).toBe(false);
    expect(reloaded.getQueryData(['users', 'me'])).toBeUndefined();
  });
});
