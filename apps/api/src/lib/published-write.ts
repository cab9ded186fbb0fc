import type { Database, Executor } from '../db/client.js';
import type { BusEvent, EventBus } from './event-bus.js';

/**
 * Back-office writes that tell of themselves with one event (the attributes, the synonyms): the
 * work runs in one transaction of the bus, which publishes `event` in it, so its subscribers hear
 * of every committed write and of none rolled back.
 */
export function publishedWrite<E extends BusEvent>(db: Database, events: EventBus<E>, event: E) {
  return function write<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return events.transaction(db, async (tx) => {
      const result = await work(tx);
      await events.publish(tx, event);
      return result;
    });
  };
}
