import type { Database, Executor } from '../db/client.js';
import type { ChangeFeed, ChangeTopic } from './change-feed.js';

/**
 * Back-office writes to data that processes keep copies of: the work runs in one transaction,
 * then every cached copy of `topic` is told (after the commit, so nobody reloads the old rows).
 */
export function publishedWrite(db: Database, changes: ChangeFeed, topic: ChangeTopic) {
  return async function write<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    changes.publish(topic);
    return result;
  };
}
