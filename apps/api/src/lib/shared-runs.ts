/**
 * One run of a read for many callers: the callers that arrive while `maxInFlight` runs are out,
 * or in the same turn of the event loop, wait and share the next run, which is given all their
 * inputs (at most `maxCallers` of them). Every caller gets that run's whole result, or its error.
 *
 * Nothing is kept: a caller's answer always comes from a run that started after it asked, so it
 * sees every change committed before it asked, as if it had run the read itself. Under load this
 * turns fifty statements into a few, each a little larger; a lone caller waits one turn of the
 * event loop (setImmediate), which is microseconds (docs/decisions/037).
 */
export interface SharedRunOptions {
  /** Runs at the same time; a caller that finds them all out waits for the next. */
  maxInFlight: number;
  /** Callers whose inputs one run takes at most; the rest go in the next run. */
  maxCallers: number;
  /** Told the number of callers of each run as it starts (for the metrics). */
  onRun?: (callers: number) => void;
}

interface Waiter<Input, Result> {
  input: Input;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/** The callers waiting for a run and the runs out; `onIdle` when neither is left. */
class RunQueue<Input, Result> {
  private waiting: Waiter<Input, Result>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (inputs: readonly Input[]) => Promise<Result>,
    private readonly options: SharedRunOptions,
    private readonly onIdle?: () => void,
  ) {}

  add(input: Input): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    if (this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    // A turn of the event loop, so that the requests read from the sockets in this one join.
    setImmediate(() => this.start());
  }

  private start(): void {
    this.scheduled = false;
    const { maxInFlight, maxCallers, onRun } = this.options;
    while (this.inFlight < maxInFlight && this.waiting.length > 0) {
      const callers =
        this.waiting.length > maxCallers ? this.waiting.splice(0, maxCallers) : this.waiting;
      if (callers === this.waiting) this.waiting = [];
      this.inFlight += 1;
      onRun?.(callers.length);
      let outcome: Promise<Result>;
      try {
        outcome = this.run(callers.map((caller) => caller.input));
      } catch (error) {
        outcome = Promise.reject(error);
      }
      outcome.then(
        (result) => {
          this.settled();
          for (const caller of callers) caller.resolve(result);
        },
        (error: unknown) => {
          this.settled();
          for (const caller of callers) caller.reject(error);
        },
      );
    }
  }

  private settled(): void {
    this.inFlight -= 1;
    this.schedule();
    if (this.inFlight === 0 && this.waiting.length === 0) this.onIdle?.();
  }
}

/** A read whose runs are shared by the callers that arrive together (see above). */
export function sharedRuns<Input, Result>(
  run: (inputs: readonly Input[]) => Promise<Result>,
  options: SharedRunOptions,
): (input: Input) => Promise<Result> {
  const queue = new RunQueue(run, options);
  return (input) => queue.add(input);
}

/**
 * Reads named by a key, each shared by the callers that ask for it together: the next run of the
 * key is the read of the first of them (one key must always name the same read). A key is
 * forgotten as soon as nobody waits for it, so any number of keys may be asked for.
 */
export function sharedReadsByKey(
  options: SharedRunOptions,
): <T>(key: string, read: () => Promise<T>) => Promise<T> {
  const queues = new Map<string, RunQueue<() => Promise<unknown>, unknown>>();
  return <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let queue = queues.get(key);
    if (!queue) {
      const created = new RunQueue<() => Promise<unknown>, unknown>(
        (reads) => reads[0]!(),
        options,
        () => {
          if (queues.get(key) === created) queues.delete(key);
        },
      );
      queues.set(key, created);
      queue = created;
    }
    // The queue of this key only ever runs reads of this key, which give a T.
    return queue.add(read) as Promise<T>;
  };
}

/**
 * For the storefront's reads of rows by id: two runs out per process, so that one is read and
 * parsed while the next is at the database, and at most 64 requests' pages in one statement.
 */
export const SHARED_READS: SharedRunOptions = { maxInFlight: 2, maxCallers: 64 };

/** For reads every caller of a key gets whole (a list page, the settings): no limit of callers. */
export const SHARED_SAME_READS: SharedRunOptions = {
  maxInFlight: 2,
  maxCallers: Number.POSITIVE_INFINITY,
};
