/**
 * Page renderings take turns with the event loop (docs/decisions/069).
 *
 * React renders a page in the microtask that follows renderToPipeableStream, so without turns a
 * busy server renders, in one pass of the event loop, every page whose request arrived in the
 * last pass: 50 connections at 5 ms a page make a pass of a quarter of a second. libuv takes in one
 * new connection a pass, so a visitor who opens a connection then waits behind whole passes
 * (seconds, when many arrive at once), and the connections already open are served first. With
 * turns, a pass renders about `PASS_BUDGET_MS` of pages (two product pages), in the order they
 * asked, then reads the sockets and accepts a waiting connection again; a pass that follows a new
 * connection renders nothing (`connectionArrived`). A pass of one page only
 * would be fairer still, but passes have their cost: renderings that wait for the database lost a
 * fifth of their rate with one a pass, a tenth with two.
 */
const PASS_BUDGET_MS = 12;

interface Waiting {
  go: (render: boolean) => void;
  signal: AbortSignal | undefined;
}

const waiting: Waiting[] = [];
let releasing = false;
/** What a rendering usually costs, from the last ones (`renderingTook`). */
let typicalMs = 5;

/**
 * Passes in a row that may leave the renderings waiting while connections keep arriving: then one
 * renders anyway, so that a flood of connections cannot stop the pages.
 */
const MOST_PASSES_FOR_CONNECTIONS = 64;
let connectionSincePass = false;
let passesForConnections = 0;

/**
 * A visitor's connection was taken in (the server's `connection` event). A worker of the cluster
 * is handed its next waiting connection only once it has taken this one, one a pass of its event
 * loop, and so is a single process: the next pass renders nothing, so that the loop comes back at
 * once for the next. A crowd that connects at once is taken in within milliseconds, not behind a
 * pass of renderings for each of them (docs/decisions/077). A connection that comes in a quiet spell
 * makes the first pass after it empty too: one turn of an idle loop, well under a millisecond.
 */
export function connectionArrived(): void {
  connectionSincePass = true;
}

function releasePass(): void {
  if (connectionSincePass && passesForConnections < MOST_PASSES_FOR_CONNECTIONS) {
    connectionSincePass = false;
    passesForConnections += 1;
    setImmediate(releasePass);
    return;
  }
  connectionSincePass = false;
  passesForConnections = 0;
  let planned = 0;
  // At least one rendering a pass, then as many as the budget holds.
  while (waiting.length > 0) {
    const next = waiting.shift()!;
    // A visitor who left while waiting costs the pass nothing.
    if (next.signal?.aborted) {
      next.go(false);
      continue;
    }
    next.go(true);
    planned += typicalMs;
    if (planned + typicalMs > PASS_BUDGET_MS) break;
  }
  if (waiting.length > 0) setImmediate(releasePass);
  else releasing = false;
}

/**
 * Resolves when it is this rendering's turn: a later pass of the event loop, in order of asking.
 * True to render; false when `signal` (the visitor's request) was aborted while it waited: no one
 * is left to read the page.
 */
export function renderTurn(signal?: AbortSignal): Promise<boolean> {
  return new Promise((go) => {
    waiting.push({ go, signal });
    if (!releasing) {
      releasing = true;
      setImmediate(releasePass);
    }
  });
}

/** A shell that waited for something (a lazy part) says nothing of what a pass costs. */
const LONGEST_COUNTED_MS = 50;

/** The time a rendering's synchronous part took, which sizes the next passes. */
export function renderingTook(ms: number): void {
  typicalMs += (Math.min(LONGEST_COUNTED_MS, Math.max(0.1, ms)) - typicalMs) * 0.1;
}

/** Renderings waiting for their turn. */
export function renderingsWaiting(): number {
  return waiting.length;
}
