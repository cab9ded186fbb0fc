/**
 * One run of a read for many callers: the callers that arrive while `maxInFlight` runs are out,
 * or in the same turn of the event loop, wait and share the next run, which is given all their
 * inputs (at most `maxCallers` of them). Every caller gets that run's whole result, or its error.
 *
 * Nothing is kept: a caller's answer always comes from a run that started after it asked. Under
 * load this turns fifty statements into a few, each a little larger; a lone caller waits one turn
 * of the event loop (setImmediate), which is microseconds.
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

export function sharedRuns<Input, Result>(
  run: (inputs: readonly Input[]) => Promise<Result>,
  { maxInFlight, maxCallers, onRun }: SharedRunOptions,
): (input: Input) => Promise<Result> {
  let waiting: Waiter<Input, Result>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || waiting.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    // A turn of the event loop, so that the requests read from the sockets in this one join.
    setImmediate(start);
  };

  function start() {
    scheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      const callers = waiting.length > maxCallers ? waiting.splice(0, maxCallers) : waiting;
      if (callers === waiting) waiting = [];
      inFlight += 1;
      onRun?.(callers.length);
      let outcome: Promise<Result>;
      try {
        outcome = run(callers.map((caller) => caller.input));
      } catch (error) {
        outcome = Promise.reject(error);
      }
      const settled = () => {
        inFlight -= 1;
        schedule();
      };
      outcome.then(
        (result) => {
          settled();
          for (const caller of callers) caller.resolve(result);
        },
        (error: unknown) => {
          settled();
          for (const caller of callers) caller.reject(error);
        },
      );
    }
  }

  return (input) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      schedule();
    });
}

/**
 * For the storefront's reads of rows by id: two runs out per process, so that one is read and
 * parsed while the next is at the database, and at most 64 requests' pages in one statement.
 */
export const SHARED_READS: SharedRunOptions = { maxInFlight: 2, maxCallers: 64 };
