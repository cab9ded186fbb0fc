import { describe, expect, it, vi } from 'vitest';
import { metricsRegistry } from './metrics.js';
import { createTtlCache } from './ttl-cache.js';

async function lookups(cache: string, result: 'hit' | 'miss'): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('shop_cache_lookups_total')?.get();
  return (
    metric?.values.find((value) => value.labels.cache === cache && value.labels.result === result)
      ?.value ?? 0
  );
}

describe('createTtlCache', () => {
  it('computes once per key until the entry expires', async () => {
    let clock = 0;
    const cache = createTtlCache<number>({
      name: 'test',
      ttlMs: 1000,
      maxEntries: 10,
      now: () => clock,
    });
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
    const cache = createTtlCache<number>({ name: 'test', ttlMs: 1000, maxEntries: 10 });
    let calls = 0;
    const compute = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    const results = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(results).toEqual([1, 1]);
    expect(calls).toBe(1);
  });

  it('does not remember failures', async () => {
    const cache = createTtlCache<number>({ name: 'test', ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('forgets everything on clear, including computations under way', async () => {
    const cache = createTtlCache<string>({ name: 'test', ttlMs: 1000, maxEntries: 10 });
    let release!: (value: string) => void;
    const pending = cache.get('k', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('stale');
    expect(await pending).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('drops the oldest entries beyond the limit', async () => {
    const cache = createTtlCache<number>({ name: 'test', ttlMs: 1000, maxEntries: 2 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 10)).toBe(10);
  });

  it('counts hits and misses under its name', async () => {
    let clock = 0;
    const cache = createTtlCache<number>({
      name: 'counted_test',
      ttlMs: 1000,
      maxEntries: 10,
      now: () => clock,
    });
    await cache.get('a', async () => 1);
    await cache.get('a', async () => 1);
    await cache.get('a', async () => 1);
    clock = 1000;
    await cache.get('a', async () => 2);
    expect(await lookups('counted_test', 'hit')).toBe(2);
    expect(await lookups('counted_test', 'miss')).toBe(2);
  });

  it('says whether a value it handed out is still the one it holds', async () => {
    let clock = 0;
    const cache = createTtlCache<{ page: number }>({
      name: 'test',
      ttlMs: 1000,
      maxEntries: 2,
      now: () => clock,
    });
    const first = await cache.get('a', async () => ({ page: 1 }));
    expect(cache.holds(first)).toBe(true);
    expect(cache.holds({ page: 1 })).toBe(false);
    clock = 999;
    expect(cache.holds(first)).toBe(true);
    clock = 1000;
    expect(cache.holds(first)).toBe(false);

    const second = await cache.get('a', async () => ({ page: 2 }));
    expect(cache.holds(second)).toBe(true);
    cache.clear();
    expect(cache.holds(second)).toBe(false);

    const dropped = await cache.get('b', async () => ({ page: 3 }));
    await cache.get('c', async () => ({ page: 4 }));
    await cache.get('d', async () => ({ page: 5 }));
    expect(cache.holds(dropped)).toBe(false);
  });

  it('keeps the very value it had when one computed again on expiry is the same', async () => {
    let clock = 0;
    const cache = createTtlCache<{ page: number }>({
      name: 'test',
      ttlMs: 1000,
      maxEntries: 10,
      now: () => clock,
      same: (earlier, fresh) => earlier.page === fresh.page,
    });
    let page = 1;
    const compute = vi.fn(async () => ({ page }));
    const first = await cache.get('a', compute);
    clock = 1000;
    expect(await cache.get('a', compute)).toBe(first);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(cache.holds(first)).toBe(true);
    // Held for the new entry's whole lifetime, not the old one's.
    clock = 1999;
    expect(cache.holds(first)).toBe(true);
    expect(await cache.get('a', compute)).toBe(first);
    expect(compute).toHaveBeenCalledTimes(2);

    page = 2;
    clock = 2000;
    const second = await cache.get('a', compute);
    expect(second).toEqual({ page: 2 });
    expect(cache.holds(first)).toBe(false);
    expect(cache.holds(second)).toBe(true);
  });

  it('compares nothing after a clear or a failure: only an expired value it holds is kept', async () => {
    let clock = 0;
    const same = vi.fn(() => true);
    const cache = createTtlCache<{ page: number }>({
      name: 'test',
      ttlMs: 1000,
      maxEntries: 10,
      now: () => clock,
      same,
    });
    const first = await cache.get('a', async () => ({ page: 1 }));
    cache.clear();
    const afterClear = await cache.get('a', async () => ({ page: 1 }));
    expect(afterClear).not.toBe(first);

    await expect(cache.get('b', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    const afterFailure = await cache.get('b', async () => ({ page: 1 }));
    expect(afterFailure).toEqual({ page: 1 });
    expect(same).not.toHaveBeenCalled();

    clock = 1000;
    await expect(cache.get('a', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('a', async () => ({ page: 1 }))).not.toBe(afterClear);
  });
});
