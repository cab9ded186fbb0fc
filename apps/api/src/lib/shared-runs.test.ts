import { describe, expect, it } from 'vitest';
import { sharedReadsByKey, sharedRuns } from './shared-runs.js';

/** A run the test settles by hand, recording the inputs it was given. */
function controlledRuns() {
  const runs: {
    inputs: readonly string[];
    resolve: (value: string) => void;
    reject: (error: Error) => void;
  }[] = [];
  const run = (inputs: readonly string[]) =>
    new Promise<string>((resolve, reject) => runs.push({ inputs, resolve, reject }));
  return { runs, run };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedRuns', () => {
  it('runs a lone caller on its own after a turn of the event loop', async () => {
    const read = sharedRuns(async (inputs: readonly number[]) => inputs.map((n) => n * 2), {
      maxInFlight: 2,
      maxCallers: 10,
    });
    expect(await read(21)).toEqual([42]);
  });

  it('gives the callers of one turn one run with all their inputs, in order', async () => {
    const calls: (readonly string[])[] = [];
    const told: number[] = [];
    const read = sharedRuns(
      async (inputs: readonly string[]) => {
        calls.push(inputs);
        return inputs.join('+');
      },
      { maxInFlight: 2, maxCallers: 10, onRun: (callers) => told.push(callers) },
    );
    const answers = await Promise.all([read('a'), read('b'), read('c')]);
    expect(calls).toEqual([['a', 'b', 'c']]);
    expect(told).toEqual([3]);
    expect(answers).toEqual(['a+b+c', 'a+b+c', 'a+b+c']);
  });

  it('never hands a caller a run that started before it asked', async () => {
    const { runs, run } = controlledRuns();
    const read = sharedRuns(run, { maxInFlight: 1, maxCallers: 10 });
    const first = read('first');
    await turn();
    expect(runs.map((r) => r.inputs)).toEqual([['first']]);

    // Two callers arrive while the only run allowed is out: they wait for the next one.
    const later = [read('second'), read('third')];
    await turn();
    expect(runs).toHaveLength(1);

    runs[0]!.resolve('old rows');
    expect(await first).toBe('old rows');
    await turn();
    expect(runs.map((r) => r.inputs)).toEqual([['first'], ['second', 'third']]);
    runs[1]!.resolve('new rows');
    expect(await Promise.all(later)).toEqual(['new rows', 'new rows']);
  });

  it('keeps up to maxInFlight runs out at once', async () => {
    const { runs, run } = controlledRuns();
    const read = sharedRuns(run, { maxInFlight: 2, maxCallers: 10 });
    const first = read('a');
    await turn();
    const second = read('b');
    await turn();
    const third = read('c');
    await turn();
    expect(runs.map((r) => r.inputs)).toEqual([['a'], ['b']]);
    runs[1]!.resolve('b done');
    expect(await second).toBe('b done');
    await turn();
    expect(runs.map((r) => r.inputs)).toEqual([['a'], ['b'], ['c']]);
    runs[0]!.resolve('a done');
    runs[2]!.resolve('c done');
    expect([await first, await third]).toEqual(['a done', 'c done']);
  });

  it('gives one run at most maxCallers inputs and the rest to the next', async () => {
    const calls: (readonly number[])[] = [];
    const read = sharedRuns(
      async (inputs: readonly number[]) => {
        calls.push(inputs);
        return inputs.length;
      },
      { maxInFlight: 1, maxCallers: 3 },
    );
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => read(n)));
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(answers).toEqual([3, 3, 3, 2, 2]);
  });

  it("gives a failed run's error to each of its callers, and runs the next callers afresh", async () => {
    let attempt = 0;
    const read = sharedRuns(
      (inputs: readonly string[]) => {
        attempt += 1;
        if (attempt === 1) throw new Error('connection lost'); // thrown, not rejected
        if (attempt === 2) return Promise.reject(new Error('statement timeout'));
        return Promise.resolve(inputs.join(','));
      },
      { maxInFlight: 1, maxCallers: 10 },
    );
    const thrown = await Promise.allSettled([read('a'), read('b')]);
    expect(thrown.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(thrown.map((result) => (result as PromiseRejectedResult).reason.message)).toEqual([
      'connection lost',
      'connection lost',
    ]);
    await expect(read('c')).rejects.toThrow('statement timeout');
    expect(await read('d')).toBe('d');
  });
});

describe('sharedReadsByKey', () => {
  it('runs one read for the callers of a key, and a read of its own for each other key', async () => {
    const read = sharedReadsByKey({ maxInFlight: 1, maxCallers: Number.POSITIVE_INFINITY });
    const runs: string[] = [];
    const reader = (key: string, answer: string) => () => {
      runs.push(key);
      return Promise.resolve(answer);
    };
    const answers = await Promise.all([
      read('settings', reader('settings', 'first settings')),
      read('settings', reader('settings', 'second settings')),
      read('products|1', reader('products|1', 'page 1')),
      read('settings', reader('settings', 'third settings')),
    ]);
    // The key's first caller's read answers every caller of the key.
    expect(answers).toEqual(['first settings', 'first settings', 'page 1', 'first settings']);
    expect(runs.sort()).toEqual(['products|1', 'settings']);
  });

  it("runs a key's read again for a caller that arrives while it is out, and after it is done", async () => {
    const read = sharedReadsByKey({ maxInFlight: 1, maxCallers: Number.POSITIVE_INFINITY });
    let version = 1;
    const pending: (() => void)[] = [];
    const current = () =>
      new Promise<number>((resolve) => {
        const seen = version;
        pending.push(() => resolve(seen));
      });
    const first = read('row', current);
    await turn();
    version = 2; // a change committed while the first read is out
    const second = read('row', current);
    await turn();
    expect(pending).toHaveLength(1);
    pending[0]!();
    expect(await first).toBe(1);
    await turn();
    pending[1]!();
    expect(await second).toBe(2);
    // Nobody waits any more: the next caller gets a read of its own.
    const third = read('row', current);
    await turn();
    pending[2]!();
    expect(await third).toBe(2);
    expect(pending).toHaveLength(3);
  });

  it("gives a failed read's error to the key's callers only", async () => {
    const read = sharedReadsByKey({ maxInFlight: 2, maxCallers: Number.POSITIVE_INFINITY });
    const outcomes = await Promise.allSettled([
      read('product|7', () => Promise.reject(new Error('not found'))),
      read('product|7', () => Promise.resolve('unused')),
      read('product|8', () => Promise.resolve('found')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(await read('product|7', () => Promise.resolve('found now'))).toBe('found now');
  });
});
