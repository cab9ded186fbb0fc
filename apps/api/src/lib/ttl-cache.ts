import { countCacheLookup } from './metrics.js';

/**
 * A small in-process cache of computed values that expire after a fixed time. Concurrent misses
 * for one key share a single computation. The oldest entries are dropped beyond `maxEntries`.
 * Hits and misses are counted under `name` in the metrics (shop_cache_lookups_total).
 */
export interface TtlCache<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets everything, e.g. after a change to what the values were computed from. */
  clear(): void;
  readonly size: number;
}

export function createTtlCache<T>(options: {
  /** The cache's label in the metrics: a fixed snake_case name, e.g. `catalog_listings`. */
  name: string;
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): TtlCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expires: number; value: Promise<T> }>();

  return {
    get(key, compute) {
      const hit = entries.get(key);
      const fresh = hit !== undefined && hit.expires > now();
      countCacheLookup(options.name, fresh);
      if (fresh) return hit.value;
      if (hit) entries.delete(key);
      const value = compute();
      entries.set(key, { expires: now() + options.ttlMs, value });
      // A failed computation is not remembered.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
