import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedRedis } from './redis.js';

/** What a rate-limit store answers: requests counted in the window, and the window's time left. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}
type CountCallback = (error: Error | null, result?: RateLimitCount) => void;

/** The parts of the plugin's (merged) options the stores read. */
export interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A store as @fastify/rate-limit calls it (its types leave out `read` and the child's options). */
export interface CountingStore {
  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  read(key: string, callback: CountCallback, timeWindow: number, max: number): void;
  child(options: StoreOptions): CountingStore;
}

interface LibraryStores {
  LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => CountingStore;
  RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: SharedRedis['client'],
    nameSpace: string,
  ) => CountingStore;
}

// The library's own stores (CommonJS files its type declarations do not describe).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as LibraryStores['LocalStore'];
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as LibraryStores['RedisStore'];

/** Prefix of every rate-limit key in Redis (the library adds the route's method and URL). */
export const REDIS_RATE_LIMIT_NAMESPACE = 'shop:rate-limit:';

/** A process-local store with the same options (the library's LocalStore). */
export function localStore(options: StoreOptions): CountingStore {
  return new LocalStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, options.cache);
}

/**
 * Counts in Redis (the library's RedisStore) while Redis is available, otherwise in `fallback`
 * (this process, or the supervisor of this machine's workers): an outage weakens a limit to one
 * machine's count for a while, never to no limit and never to an error. The counts of the two
 * are separate, so a client gets at most the limit again when Redis comes back.
 */
class RedisWithFallbackStore implements CountingStore {
  constructor(
    private readonly redis: SharedRedis,
    private readonly shared: CountingStore,
    private readonly fallback: CountingStore,
  ) {}

  private count(method: 'incr' | 'read', key: string, callback: CountCallback, timeWindow: number, max: number): void {
    if (!this.redis.available()) {
      this.fallback[method](key, callback, timeWindow, max);
      return;
    }
    this.shared[method](
      key,
      (error, result) => {
        if (error || !result) {
          this.redis.commandFailed(error);
          this.fallback[method](key, callback, timeWindow, max);
          return;
        }
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.count('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: CountCallback, timeWindow: number, max: number): void {
    this.count('read', key, callback, timeWindow, max);
  }

  child(options: StoreOptions): CountingStore {
    return new RedisWithFallbackStore(this.redis, this.shared.child(options), this.fallback.child(options));
  }
}

export interface RateLimitStorage {
  /** Redis shared by every process (REDIS_URL), or null. */
  redis: SharedRedis | null;
  /**
   * The counts of this machine when Redis is not configured or out: this process's own
   * (a single process), or the supervisor's (a worker of `npm start`, cluster/shared-limits.ts).
   */
  machineStore?: (options: StoreOptions) => CountingStore;
}

/**
 * The `store` option of @fastify/rate-limit for this process, or undefined for the library's
 * default (a single process without Redis: its own memory is the whole shop's).
 */
export function rateLimitStore({ redis, machineStore }: RateLimitStorage): FastifyRateLimitStoreCtor | undefined {
  if (!redis && !machineStore) return undefined;
  const machine = machineStore ?? localStore;
  const build = (options: StoreOptions): CountingStore => {
    if (!redis) return machine(options);
    const shared = new RedisStore(
      options.continueExceeding ?? false,
      options.exponentialBackoff ?? false,
      redis.client,
      REDIS_RATE_LIMIT_NAMESPACE,
    );
    return new RedisWithFallbackStore(redis, shared, machine(options));
  };
  // The plugin calls `new store(globalOptions)`, then `.child(mergedOptions)` per limited route;
  // its type declarations name the route's options there instead, hence the cast at the end.
  class ShopRateLimitStore implements CountingStore {
    private readonly store: CountingStore;
    constructor(options: StoreOptions) {
      this.store = build(options);
    }
    incr(key: string, callback: CountCallback, timeWindow: number, max: number): void {
      this.store.incr(key, callback, timeWindow, max);
    }
    read(key: string, callback: CountCallback, timeWindow: number, max: number): void {
      this.store.read(key, callback, timeWindow, max);
    }
    child(options: StoreOptions): CountingStore {
      return this.store.child(options);
    }
  }
  return ShopRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
