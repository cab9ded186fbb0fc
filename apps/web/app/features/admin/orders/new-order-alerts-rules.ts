import type { NewOrderAlert } from '@shop/shared';

/**
 * The back office's new-order alerts, as rules (the hook in new-order-alerts.tsx runs them): the
 * orders that arrived while the staff member had the back office open, and how many of them came
 * after they last looked at the Orders tab. "Last looked" is a server time kept in localStorage,
 * so it holds across reloads and is shared by the windows of one browser.
 */

/** localStorage: when the staff member last looked at the Orders tab (the server's ISO time). */
export const LAST_SEEN_KEY = 'admin.new-orders.last-seen';
/** localStorage: "1" when a new order plays a short tone (off unless chosen). */
export const SOUND_KEY = 'admin.new-orders.sound';
/** How long a poll waits on the server for an order (seconds). */
export const POLL_WAIT_SECONDS = 20;
/** After a failed poll, the wait before the next (ms). */
export const RETRY_DELAY_MS = 5_000;
/** The arrivals kept (newest last); beyond it the oldest go. */
export const KEPT_ARRIVALS = 50;

export interface AlertsState {
  /** The server's time the staff member last looked at the Orders tab; null before the first reply. */
  lastSeenAt: string | null;
  /** Orders that arrived while the back office was open (or since last seen), oldest first, unique. */
  arrivals: readonly NewOrderAlert[];
}

export const INITIAL_ALERTS: AlertsState = { lastSeenAt: null, arrivals: [] };

/** A stored "last seen" time, or null when absent or unreadable. */
export function readLastSeen(stored: string | null): string | null {
  return stored !== null && !Number.isNaN(Date.parse(stored)) ? stored : null;
}

/**
 * The first poll's cursor: from the last look at the Orders tab (what arrived since then counts),
 * or none (the server starts from now) when this browser never looked.
 */
export function firstCursor(lastSeenAt: string | null): string | undefined {
  return lastSeenAt ?? undefined;
}

/** The orders of a reply added to those already known: each id once, oldest first, KEPT_ARRIVALS at most. */
export function addArrivals(state: AlertsState, orders: readonly NewOrderAlert[]): { state: AlertsState; fresh: NewOrderAlert[] } {
  const known = new Set(state.arrivals.map((order) => order.id));
  const fresh = orders.filter((order) => !known.has(order.id));
  if (fresh.length === 0) return { state, fresh };
  const arrivals = [...state.arrivals, ...fresh]
    .sort((a, b) => Date.parse(a.arrived_at) - Date.parse(b.arrived_at) || a.id - b.id)
    .slice(-KEPT_ARRIVALS);
  return { state: { ...state, arrivals }, fresh };
}

/** How many orders arrived after the last look at the Orders tab. */
export function unseenCount(state: AlertsState): number {
  if (state.lastSeenAt === null) return 0;
  const seen = Date.parse(state.lastSeenAt);
  return state.arrivals.filter((order) => Date.parse(order.arrived_at) > seen).length;
}

/**
 * Looking at the Orders tab now: everything known counts as seen. The time is the latest of the
 * server's time and the arrivals' (never earlier than what was already seen).
 */
export function markSeen(state: AlertsState, serverTime: string | null): AlertsState {
  const times = [state.lastSeenAt, serverTime, ...state.arrivals.map((order) => order.arrived_at)]
    .filter((time): time is string => time !== null)
    .map((time) => Date.parse(time));
  if (times.length === 0) return state;
  const lastSeenAt = new Date(Math.max(...times)).toISOString();
  return lastSeenAt === state.lastSeenAt ? state : { ...state, lastSeenAt };
}

/** Another window of this browser looked at the Orders tab later than this one knows. */
export function seenElsewhere(state: AlertsState, stored: string | null): AlertsState {
  const other = readLastSeen(stored);
  if (other === null || (state.lastSeenAt !== null && Date.parse(other) <= Date.parse(state.lastSeenAt))) return state;
  return { ...state, lastSeenAt: other };
}

/** Whether a page of the back office is the Orders tab or one of its orders. */
export function isOrdersPage(pathname: string, search: string): boolean {
  if (pathname.startsWith('/admin/orders')) return true;
  return (pathname === '/admin' || pathname === '/admin/') && new URLSearchParams(search).get('tab') === 'orders';
}
