import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import { CHANGE_TOPICS, type ChangeFeed, type ChangeTopic } from './change-feed.js';

/** The PostgreSQL channel every process of the shop publishes its changes on. */
export const CHANGE_CHANNEL = 'shop_changes';

/** What travels in a notification: the topic, and which process sent it (to skip its own echo). */
interface ChangeMessage {
  topic: string;
  origin: string;
}

function parseMessage(payload: string): ChangeMessage | undefined {
  try {
    const value = JSON.parse(payload) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { topic, origin } = value as Record<string, unknown>;
    return typeof topic === 'string' && typeof origin === 'string' ? { topic, origin } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Carries the change feed between processes on one database (docs/decisions/010): publish() in
 * any process notifies `shop_changes`; every other process runs its local subscribers for that
 * topic. A process tags its messages with a random id and ignores its own echo (its subscribers
 * already ran). After the listening connection was lost every topic counts as changed, since
 * notifications may have been missed. Failures are logged, never thrown at a writer.
 * Returns the function that disconnects (for the app's onClose).
 */
export async function connectChangeFeed(
  feed: ChangeFeed,
  database: Pick<DatabaseHandle, 'listen' | 'notify'>,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const origin = randomUUID();
  const stop = await database.listen(
    CHANGE_CHANNEL,
    (payload) => {
      const message = parseMessage(payload);
      if (!message) {
        log.warn({ payload: payload.slice(0, 200) }, 'unreadable change notification ignored');
        return;
      }
      if (message.origin !== origin) feed.receive(message.topic);
    },
    {
      onReconnect: () => {
        log.info('change notifications listening again: every cached copy is dropped');
        for (const topic of CHANGE_TOPICS) feed.receive(topic);
      },
      onError: (error) => log.warn({ err: error }, 'change notifications connection failed, retrying'),
    },
  );
  feed.connect({
    send: (topic: ChangeTopic) =>
      database.notify(CHANGE_CHANNEL, JSON.stringify({ topic, origin } satisfies ChangeMessage)),
  });
  return async () => {
    feed.connect(null);
    await stop();
  };
}
