import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

describe('ReadCache', () => {
  it('serves a stored answer until something changes, then loads again', async () => {
    const cache = new ReadCache<string>();
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await cache.getOrLoad('k', load)).toBe('answer 1');
    expect(await cache.getOrLoad('k', load)).toBe('answer 1');
    cache.invalidate();
    expect(await cache.getOrLoad('k', load)).toBe('answer 2');
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('returns but does not keep an answer whose load overlapped a change', async () => {
    const cache = new ReadCache<string>();
    let release!: () => void;
    const slow = cache.getOrLoad('k', () => new Promise<string>((resolve) => (release = () => resolve('read before the change'))));
    cache.invalidate();
    release();
    expect(await slow).toBe('read before the change');
    expect(await cache.getOrLoad('k', async () => 'read after the change')).toBe('read after the change');
  });

  it('runs one load for identical reads that arrive together, and none for a failed one later', async () => {
    const cache = new ReadCache<string>();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'shared';
    };
    expect(await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)])).toEqual(['shared', 'shared']);
    expect(loads).toBe(1);
    await expect(cache.getOrLoad('other', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.getOrLoad('other', async () => 'recovered')).toBe('recovered');
  });
});
