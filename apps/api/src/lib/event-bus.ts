import type { Database, Executor } from '../db/client.js';

/** An event: plain data naming what happened, told by the part of the shop that made it happen. */
export interface BusEvent {
  type: string;
}

type OfType<E extends BusEvent, T extends E['type']> = Extract<E, { type: T }>;

export interface EventBus<E extends BusEvent> {
  /**
   * Subscribes inside the publisher's transaction: the handler runs when the event is published,
   * with the transaction, so what it writes (a queue entry, an activity row) commits or rolls back
   * with the change itself. Its failure fails the change.
   */
  duringTransaction<T extends E['type']>(
    type: T,
    handler: (tx: Executor, event: OfType<E, T>) => Promise<void>,
  ): void;
  /**
   * duringTransaction for a handler that writes its rows in one statement: publish hands it the
   * event alone, publishAll every event of its type at once (a burst of thousands stays a few
   * statements).
   */
  duringTransactionBatch<T extends E['type']>(
    type: T,
    handler: (tx: Executor, events: readonly OfType<E, T>[]) => Promise<void>,
  ): void;
  /**
   * Subscribes after the commit: the handler runs once per committed transaction that published
   * events of this type, with all of them in the order they were published. A failure is
   * reported, never thrown at the writer, whose change is already committed.
   */
  afterCommit<T extends E['type']>(
    type: T,
    handler: (events: readonly OfType<E, T>[]) => void | Promise<void>,
  ): void;
  /**
   * Runs `work` in one transaction whose events reach the duringTransaction subscribers when
   * published, and the afterCommit subscribers once it committed (never when it rolled back).
   * A retry that calls it again starts with no events.
   */
  transaction<R>(db: Database, work: (tx: Executor) => Promise<R>): Promise<R>;
  /** Runs `work` in a savepoint of `tx`: what it publishes counts only if the savepoint holds. */
  savepoint<R>(tx: Executor, work: (savepoint: Executor) => Promise<R>): Promise<R>;
  /**
   * Tells of a change made in `tx`, which must be a transaction (or savepoint) this bus opened:
   * an event outside one could never be delivered after a commit, so it is refused at once.
   */
  publish(tx: Executor, event: E): Promise<void>;
  /**
   * Tells of many changes made in `tx` at once (an import): each duringTransaction handler hears
   * every event in order, each duringTransactionBatch handler all the events of its type in one
   * call. The afterCommit subscribers hear them as if published one by one.
   */
  publishAll(tx: Executor, events: readonly E[]): Promise<void>;
}

export interface EventBusOptions<E extends BusEvent> {
  /** Where an afterCommit subscriber's failure goes. */
  onError: (error: unknown, type: E['type']) => void;
  /** Called after the afterCommit subscribers, with every event of the committed transaction. */
  onCommitted?: (events: readonly E[]) => void;
}

/**
 * The shop's in-process event bus (docs/decisions/041): typed events published by the module
 * that owns a change, heard by the modules that declared they listen, inside the change's
 * transaction or after its commit.
 */
export function createEventBus<E extends BusEvent>(options: EventBusOptions<E>): EventBus<E> {
  // Keyed by the event's type, so a handler only ever receives events of the type it named.
  type During = (tx: Executor, event: E) => Promise<void>;
  type DuringBatch = (tx: Executor, events: readonly E[]) => Promise<void>;
  type After = (events: readonly E[]) => void | Promise<void>;
  const during = new Map<string, During[]>();
  const duringBatch = new Map<string, DuringBatch[]>();
  const after = new Map<string, After[]>();
  /** The events published so far in each open transaction or savepoint of this bus. */
  const pendingOf = new WeakMap<Executor, E[]>();

  const add = <H>(map: Map<string, H[]>, type: string, handler: H) => {
    const list = map.get(type);
    if (list) list.push(handler);
    else map.set(type, [handler]);
  };

  async function inScope<R>(
    executor: Executor,
    pending: E[],
    work: (executor: Executor) => Promise<R>,
  ): Promise<R> {
    pendingOf.set(executor, pending);
    try {
      return await work(executor);
    } finally {
      pendingOf.delete(executor);
    }
  }

  function deliverCommitted(events: readonly E[]): void {
    if (events.length === 0) return;
    const byType = new Map<string, E[]>();
    for (const event of events) add(byType, event.type, event);
    for (const [type, ofType] of byType) {
      for (const handler of after.get(type) ?? []) {
        try {
          const outcome = handler(ofType);
          if (outcome) outcome.catch((error: unknown) => options.onError(error, type));
        } catch (error) {
          options.onError(error, type);
        }
      }
    }
    options.onCommitted?.(events);
  }

  return {
    duringTransaction(type, handler) {
      add(during, type, handler as unknown as During);
    },
    duringTransactionBatch(type, handler) {
      add(duringBatch, type, handler as unknown as DuringBatch);
    },
    afterCommit(type, handler) {
      add(after, type, handler as unknown as After);
    },
    async transaction(db, work) {
      const pending: E[] = [];
      const result = await db.transaction((tx) => inScope(tx, pending, work));
      deliverCommitted(pending);
      return result;
    },
    async savepoint(tx, work) {
      const parent = pendingOf.get(tx);
      if (!parent) throw new Error('a savepoint of a transaction the event bus did not open');
      const pending: E[] = [];
      const result = await tx.transaction((savepoint) => inScope(savepoint, pending, work));
      parent.push(...pending);
      return result;
    },
    async publish(tx, event) {
      const pending = pendingOf.get(tx);
      if (!pending)
        throw new Error(`${event.type} published outside a transaction of the event bus`);
      for (const handler of during.get(event.type) ?? []) await handler(tx, event);
      for (const handler of duringBatch.get(event.type) ?? []) await handler(tx, [event]);
      pending.push(event);
    },
    async publishAll(tx, events) {
      const pending = pendingOf.get(tx);
      if (!pending) throw new Error('events published outside a transaction of the event bus');
      const byType = new Map<string, E[]>();
      for (const event of events) {
        for (const handler of during.get(event.type) ?? []) await handler(tx, event);
        add(byType, event.type, event);
      }
      for (const [type, ofType] of byType) {
        for (const handler of duringBatch.get(type) ?? []) await handler(tx, ofType);
      }
      pending.push(...events);
    },
  };
}
