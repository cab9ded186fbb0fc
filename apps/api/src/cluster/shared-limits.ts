import type { Worker } from 'node:cluster';
import { localStore, type CountingStore, type RateLimitCount, type StoreOptions } from '../lib/rate-limit-store.js';

/**
 * Rate-limit counts of one machine's workers kept by their supervisor (the cluster's primary),
 * so WEB_CONCURRENCY workers never multiply a limit (docs/decisions/026). A worker asks over the
 * cluster's IPC channel; the supervisor counts with the library's LocalStore. Without an answer in
 * time (the supervisor is gone or stuck) the worker counts by itself: a weaker limit, never none.
 */

const REQUEST = 'shop:rate-limit';
const ANSWER = 'shop:rate-limit:answer';
/** How long a worker waits for its supervisor before it counts the request itself. */
const ANSWER_TIMEOUT_MS = 1000;
/** Keys the supervisor remembers per kind of limit (least recently used go first). */
const SUPERVISOR_CACHE = 100_000;

interface CountRequest {
  type: typeof REQUEST;
  id: number;
  method: 'incr' | 'read';
  key: string;
  timeWindow: number;
  max: number;
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

interface CountAnswer {
  type: typeof ANSWER;
  id: number;
  result: RateLimitCount;
}

const isRequest = (message: unknown): message is CountRequest =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === REQUEST;
const isAnswer = (message: unknown): message is CountAnswer =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === ANSWER;

/** Supervisor side: answers the counting requests of one worker (call for every worker forked). */
export function createLimitKeeper() {
  // One store per behaviour once a limit is exceeded; the keys already name the route.
  const stores = new Map<string, CountingStore>();
  const storeFor = (request: CountRequest) => {
    const kind = `${request.continueExceeding}:${request.exponentialBackoff}`;
    let store = stores.get(kind);
    if (!store) {
      store = localStore({
        continueExceeding: request.continueExceeding,
        exponentialBackoff: request.exponentialBackoff,
        cache: SUPERVISOR_CACHE,
      });
      stores.set(kind, store);
    }
    return store;
  };
  return {
    serve(worker: Worker): void {
      worker.on('message', (message: unknown) => {
        if (!isRequest(message)) return;
        storeFor(message)[message.method](
          message.key,
          (_error, result) => {
            if (!result || !worker.isConnected()) return;
            worker.send({ type: ANSWER, id: message.id, result } satisfies CountAnswer);
          },
          message.timeWindow,
          message.max,
        );
      });
    },
  };
}

interface Pending {
  callback: (error: Error | null, result?: RateLimitCount) => void;
  timer: NodeJS.Timeout;
}

/**
 * Worker side: a store factory for lib/rate-limit-store.ts that counts in the supervisor.
 * `onUnanswered` hears once per silence that the worker counts by itself.
 */
export function supervisorLimits(onUnanswered: () => void): (options: StoreOptions) => CountingStore {
  const send = process.send?.bind(process);
  if (!send) throw new Error('supervisorLimits needs a cluster worker (no IPC channel to the supervisor)');
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let silent = false;
  // Listening only while an answer is awaited: a 'message' listener keeps the IPC channel open.
  const onAnswer = (message: unknown) => {
    if (!isAnswer(message)) return;
    const entry = pending.get(message.id);
    if (!entry) return;
    forget(message.id);
    clearTimeout(entry.timer);
    silent = false;
    entry.callback(null, message.result);
  };
  const awaitAnswer = (id: number, entry: Pending) => {
    if (pending.size === 0) process.on('message', onAnswer);
    pending.set(id, entry);
  };
  const forget = (id: number) => {
    if (pending.delete(id) && pending.size === 0) process.off('message', onAnswer);
  };

  class SupervisorStore implements CountingStore {
    private readonly own: CountingStore;
    constructor(
      private readonly options: StoreOptions,
      private readonly prefix: string,
    ) {
      this.own = localStore(options);
    }

    private ask(method: 'incr' | 'read', key: string, callback: Pending['callback'], timeWindow: number, max: number) {
      const id = nextId++;
      const fallback = () => {
        forget(id);
        if (!silent) onUnanswered();
        silent = true;
        this.own[method](key, callback, timeWindow, max);
      };
      const timer = setTimeout(fallback, ANSWER_TIMEOUT_MS);
      timer.unref();
      awaitAnswer(id, { callback, timer });
      const request: CountRequest = {
        type: REQUEST,
        id,
        method,
        key: this.prefix + key,
        timeWindow,
        max,
        continueExceeding: this.options.continueExceeding ?? false,
        exponentialBackoff: this.options.exponentialBackoff ?? false,
      };
      try {
        send!(request, undefined, undefined, (error: Error | null) => {
          if (!error) return;
          clearTimeout(timer);
          if (pending.has(id)) fallback();
        });
      } catch {
        clearTimeout(timer);
        fallback();
      }
    }

    incr(key: string, callback: Pending['callback'], timeWindow: number, max: number): void {
      this.ask('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Pending['callback'], timeWindow: number, max: number): void {
      this.ask('read', key, callback, timeWindow, max);
    }

    child(options: StoreOptions): CountingStore {
      const method = Array.isArray(options.routeInfo?.method)
        ? options.routeInfo.method.join(',')
        : (options.routeInfo?.method ?? '');
      // The same key scheme as the library's RedisStore: one count per route and client.
      return new SupervisorStore(options, `${this.prefix}${method}${options.routeInfo?.url ?? ''}-`);
    }
  }

  return (options) => new SupervisorStore(options, '');
}
