import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

describe('createTtlCache', () => {
  it('computes once per key until the entry expires', async () => {
    let clock = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    clock = 999;
    expect(await cache.get('a', compute)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', compute)).toBe(2);
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let calls = 0;
    const compute = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    const results = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(results).toEqual([1, 1]);
    expect(calls).toBe(1);
  });

  it('does not remember failures', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('forgets everything on clear, including computations under way', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let release!: (value: string) => void;
    const pending = cache.get('k', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('stale');
    expect(await pending).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('drops the oldest entries beyond the limit', async () => {
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 10)).toBe(10);
  });
});
