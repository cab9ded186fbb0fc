import { Redis } from 'ioredis';

/** How long one Redis command may take before the caller treats Redis as out (and limits locally). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a command failed on a connection that looked up, Redis is left alone this long. */
const COMMAND_FAILURE_PAUSE_MS = 5000;
/** Longest wait between two reconnection attempts while Redis is unreachable. */
const RECONNECT_MAX_MS = 2000;

/** Where connectRedis reports an outage and its end (the app's logger). */
export interface RedisLog {
  warn(fields: { reason: string }, message: string): void;
  info(message: string): void;
}

/** The shop's connection to Redis (REDIS_URL): shared rate limits, and a readiness check. */
export interface SharedRedis {
  client: Redis;
  /** True while commands should go to Redis: connected, and no command failed just now. */
  available(): boolean;
  /** A command failed: Redis is left alone for a few seconds (one warning per outage). */
  commandFailed(error: unknown): void;
  /** Resolves when Redis answers a PING within the command timeout; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects to REDIS_URL without waiting: the shop starts (and limits locally) while Redis is
 * down, and the client keeps reconnecting. Commands never wait in a queue for a connection:
 * while it is down they fail at once, so a request never hangs on Redis. An outage is logged
 * once when it starts and once when it ends, never per request or per retry.
 */
export function connectRedis(url: string, log: RedisLog): SharedRedis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, RECONNECT_MAX_MS),
  });
  let outage = false;
  let pausedUntil = 0;
  let closing = false;

  const reportOutage = (error: unknown) => {
    if (outage || closing) return;
    outage = true;
    // Only the message: an error object could carry the URL, and with it the password.
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ reason }, 'Redis unreachable: rate limits are counted on this machine only until it is back');
  };
  // Without a listener an 'error' event would end the process.
  client.on('error', reportOutage);
  client.on('close', () => reportOutage(new Error('connection closed')));
  client.on('ready', () => {
    pausedUntil = 0;
    if (outage) log.info('Redis reachable again: rate limits are shared again');
    outage = false;
  });

  return {
    client,
    available: () => client.status === 'ready' && Date.now() >= pausedUntil,
    commandFailed(error) {
      pausedUntil = Date.now() + COMMAND_FAILURE_PAUSE_MS;
      reportOutage(error);
      // A connection that still says "ready" may be dead (no answer at all): a fresh one tells.
      if (client.status === 'ready') client.disconnect(true);
    },
    async ping() {
      await client.ping();
    },
    async close() {
      closing = true;
      if (client.status === 'end') return;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
