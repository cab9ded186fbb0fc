import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-app.js';
import { queryRows, type Executor } from '../db/client.js';
import { createEventBus } from './event-bus.js';

type Probe = { type: 'Noted'; note: string } | { type: 'Counted'; count: number };

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 2 });
  await database.db.execute(sql`create table event_bus_probe (note text not null)`);
});

afterAll(async () => {
  await database.destroy();
});

async function notes(): Promise<string[]> {
  const rows = await queryRows<{ note: string }>(
    database.db,
    sql`select note from event_bus_probe order by note`,
  );
  return rows.map((row) => row.note);
}

function busWithTrail() {
  const committed: Probe[][] = [];
  const errors: Array<{ error: unknown; type: string }> = [];
  const bus = createEventBus<Probe>({
    onError: (error, type) => errors.push({ error, type }),
    onCommitted: (events) => committed.push([...events]),
  });
  const write = (tx: Executor, note: string) =>
    tx.execute(sql`insert into event_bus_probe (note) values (${note})`);
  bus.duringTransaction('Noted', async (tx, event) => {
    await write(tx, event.note);
  });
  return { bus, committed, errors };
}

describe('event bus', () => {
  it('hands a batch subscriber every event of its type at once with publishAll, one at a time with publish', async () => {
    const { bus, committed } = busWithTrail();
    const batches: number[][] = [];
    bus.duringTransactionBatch('Counted', async (_tx, events) => {
      batches.push(events.map((event) => event.count));
    });
    await bus.transaction(database.db, async (tx) => {
      await bus.publish(tx, { type: 'Counted', count: 1 });
      await bus.publishAll(tx, [
        { type: 'Counted', count: 2 },
        { type: 'Noted', note: 'batched' },
        { type: 'Counted', count: 3 },
      ]);
    });
    expect(batches).toEqual([[1], [2, 3]]);
    // The per-event subscriber heard its event inside the transaction, the commit all four.
    expect(await notes()).toContain('batched');
    expect(committed.at(-1)?.map((event) => event.type)).toEqual(['Counted', 'Counted', 'Noted', 'Counted']);
    await database.db.execute(sql`delete from event_bus_probe`);
  });

  it('runs transaction subscribers in the change, and committed ones after it, in publishing order', async () => {
    const { bus, committed } = busWithTrail();
    const heard: string[] = [];
    bus.afterCommit('Noted', (events) => {
      heard.push(events.map((event) => event.note).join('+'));
    });
    const result = await bus.transaction(database.db, async (tx) => {
      await bus.publish(tx, { type: 'Noted', note: 'a-first' });
      await bus.publish(tx, { type: 'Counted', count: 2 });
      await bus.publish(tx, { type: 'Noted', note: 'a-second' });
      // The transaction subscriber wrote in this very transaction.
      const inside = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from event_bus_probe`,
      );
      expect(inside[0]!.n).toBe(2);
      expect(heard).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(heard).toEqual(['a-first+a-second']);
    expect(committed).toEqual([
      [
        { type: 'Noted', note: 'a-first' },
        { type: 'Counted', count: 2 },
        { type: 'Noted', note: 'a-second' },
      ],
    ]);
    expect(await notes()).toEqual(['a-first', 'a-second']);
  });

  it('tells nobody after a rollback, and the transaction subscribers’ writes go with it', async () => {
    const { bus, committed } = busWithTrail();
    const heard: Probe[] = [];
    bus.afterCommit('Noted', (events) => {
      heard.push(...events);
    });
    await expect(
      bus.transaction(database.db, async (tx) => {
        await bus.publish(tx, { type: 'Noted', note: 'b-rolled-back' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(heard).toEqual([]);
    expect(committed).toEqual([]);
    expect(await notes()).not.toContain('b-rolled-back');
  });

  it('fails the change when a transaction subscriber fails', async () => {
    const { bus } = busWithTrail();
    bus.duringTransaction('Counted', async () => {
      throw new Error('queue full');
    });
    await expect(
      bus.transaction(database.db, async (tx) => {
        await bus.publish(tx, { type: 'Noted', note: 'c-before-failure' });
        await bus.publish(tx, { type: 'Counted', count: 1 });
      }),
    ).rejects.toThrow('queue full');
    expect(await notes()).not.toContain('c-before-failure');
  });

  it('reports a committed subscriber’s failure, sync or async, and still runs the others', async () => {
    const { bus, errors } = busWithTrail();
    const heard: string[] = [];
    bus.afterCommit('Counted', () => {
      throw new Error('sync failure');
    });
    bus.afterCommit('Counted', async () => {
      throw new Error('async failure');
    });
    bus.afterCommit('Counted', (events) => {
      heard.push(`counted ${events[0]!.count}`);
    });
    await bus.transaction(database.db, async (tx) =>
      bus.publish(tx, { type: 'Counted', count: 7 }),
    );
    expect(heard).toEqual(['counted 7']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors.map((entry) => [entry.type, (entry.error as Error).message])).toEqual([
      ['Counted', 'sync failure'],
      ['Counted', 'async failure'],
    ]);
  });

  it('keeps what a savepoint published only when the savepoint holds', async () => {
    const { bus, committed } = busWithTrail();
    await bus.transaction(database.db, async (tx) => {
      await bus
        .savepoint(tx, async (savepoint) => {
          await bus.publish(savepoint, { type: 'Noted', note: 'd-undone' });
          throw new Error('out of stock');
        })
        .catch(() => undefined);
      await bus.savepoint(tx, (savepoint) =>
        bus.publish(savepoint, { type: 'Noted', note: 'd-kept' }),
      );
    });
    expect(committed).toEqual([[{ type: 'Noted', note: 'd-kept' }]]);
    const kept = await notes();
    expect(kept).toContain('d-kept');
    expect(kept).not.toContain('d-undone');
  });

  it('refuses an event published outside one of its transactions', async () => {
    const { bus } = busWithTrail();
    await expect(bus.publish(database.db, { type: 'Counted', count: 1 })).rejects.toThrow(
      'Counted published outside a transaction of the event bus',
    );
    await database.db.transaction(async (tx) => {
      await expect(bus.publish(tx, { type: 'Counted', count: 1 })).rejects.toThrow(
        /outside a transaction/,
      );
      await expect(bus.savepoint(tx, async () => undefined)).rejects.toThrow(/did not open/);
    });
  });
});
