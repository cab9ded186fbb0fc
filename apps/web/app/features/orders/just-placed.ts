import { sessionStore, type SessionStore } from '../../lib/session-store';

/**
 * A one-time marker: the order this tab has just placed (cash at checkout) or just paid (back from
 * UPayments). The tracking page takes it to show its thank-you once; a reload, another tab or
 * anyone opening the link later finds none. Kept in sessionStorage, so nothing of it is in the
 * address to be shared or bookmarked.
 */
export const JUST_PLACED_KEY = 'justPlacedOrder';

/** Marks an order as just placed in this tab. */
export function markJustPlaced(orderNumber: string, storage: SessionStore | undefined = sessionStore()): void {
  try {
    storage?.setItem(JUST_PLACED_KEY, orderNumber);
  } catch {
    // Storage full or refused: the thank-you is a nicety, never a reason to fail the order.
  }
}

/** Whether this order was just placed in this tab; the marker is used up either way it matches. */
export function takeJustPlaced(orderNumber: string, storage: SessionStore | undefined = sessionStore()): boolean {
  try {
    if (storage?.getItem(JUST_PLACED_KEY) !== orderNumber) return false;
    storage.removeItem(JUST_PLACED_KEY);
    return true;
  } catch {
    return false;
  }
}
