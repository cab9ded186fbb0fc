import { staleCopies, type DomainEvents } from '../../events.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type { CatalogService } from './service.js';

/**
 * What the storefront's catalogue listens to: its cached listings go when the catalogue changed in
 * any process (the change feed's `catalog`), and when this process took an order's units, which
 * the feed does not carry to other processes (staleCopies).
 */
export function subscribeCatalog(
  events: DomainEvents,
  changes: Pick<ChangeFeed, 'subscribe'>,
  catalog: Pick<CatalogService, 'invalidateListings'>,
): void {
  changes.subscribe('catalog', () => catalog.invalidateListings());
  events.afterCommit('StockChanged', (moves) => {
    if (moves.some((move) => staleCopies(move).length === 0)) catalog.invalidateListings();
  });
}
