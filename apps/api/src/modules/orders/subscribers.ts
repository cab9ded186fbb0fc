import type { ChangeFeed } from '../../lib/change-feed.js';

/**
 * The back office's order lists keep each filter's count and the cities between requests; they
 * go when orders changed in any process (the change feed's `orders`: events.ts staleCopies).
 */
export function subscribeOrderLists(
  changes: Pick<ChangeFeed, 'subscribe'>,
  orders: { forgetListFigures(): void },
): void {
  changes.subscribe('orders', () => orders.forgetListFigures());
}
