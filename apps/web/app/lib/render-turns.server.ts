/**
 * Page renderings take turns with the event loop: one rendering a turn (docs/decisions/069).
 *
 * React renders a page in the microtask that follows renderToPipeableStream, so without turns a
 * busy server renders, in one pass of the event loop, every page whose request arrived in the
 * last pass: 50 connections at 5 ms a page make a pass of a quarter of a second. libuv takes in one
 * new connection a pass, so a visitor who opens a connection then waits behind whole passes
 * (seconds, when many arrive at once), and the connections already open are served first. With
 * turns, each pass renders one page, then reads the sockets and accepts a waiting connection
 * again: every request waits its turn in the order it came, new visitors included.
 */
const waiting: Array<() => void> = [];
let releasing = false;

function releaseNext(): void {
  waiting.shift()?.();
  if (waiting.length > 0) setImmediate(releaseNext);
  else releasing = false;
}

/** Resolves when it is this rendering's turn: the next pass of the event loop with none before it. */
export function renderTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!releasing) {
      releasing = true;
      setImmediate(releaseNext);
    }
  });
}

/** Renderings waiting for their turn. */
export function renderingsWaiting(): number {
  return waiting.length;
}
