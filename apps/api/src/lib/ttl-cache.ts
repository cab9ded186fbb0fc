import { countCacheLookup } from './metrics.js';

/**
 * A small in-process cache of computed values that expire after a fixed time. Concurrent misses
 * for one key share a single computation. The oldest entries are dropped beyond `maxEntries`.
 * Hits and misses are counted under `name` in the metrics (shop_cache_lookups_total).
 */
export interface TtlCache<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Whether `value` (an object this cache handed out) is still what it holds for its key: not
   * expired, cleared or replaced. What was made from a value may be reused exactly as long.
   */
  holds(value: object): boolean;
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
  /**
   * Whether a value computed again when its entry expired is the same as the one it replaces:
   * then the earlier value is kept, the very object, and what was made from it (parsed, frozen,
   * rendered) stays good. Nothing changed; only the time to look again had come.
   */
  same?: (earlier: T, fresh: T) => boolean;
}): TtlCache<T> {
  const now = options.now ?? Date.now;
  type Entry = { expires: number; value: Promise<T>; resolved?: { value: T } };
  const entries = new Map<string, Entry>();
  // Each object value's key and entry, for holds(); gone with the value.
  const holders = new WeakMap<object, { key: string; entry: Entry }>();

  return {
    get(key, compute) {
      const hit = entries.get(key);
      const fresh = hit !== undefined && hit.expires > now();
      countCacheLookup(options.name, fresh);
      if (fresh) return hit.value;
      if (hit) entries.delete(key);
      const earlier = hit?.resolved;
      const same = options.same;
      const value =
        earlier && same
          ? compute().then((fresh) => (same(earlier.value, fresh) ? earlier.value : fresh))
          : compute();
      const entry: Entry = { expires: now() + options.ttlMs, value };
      entries.set(key, entry);
      value.then(
        (resolved) => {
          entry.resolved = { value: resolved };
          if (typeof resolved === 'object' && resolved !== null)
            holders.set(resolved, { key, entry });
        },
        // A failed computation is not remembered.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    holds(value) {
      const holder = holders.get(value);
      return (
        holder !== undefined &&
        entries.get(holder.key) === holder.entry &&
        holder.entry.expires > now()
      );
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
