import type { ChangeFeed } from '../../lib/change-feed.js';
import type { PagesService } from './pages.js';

/** The storefront's copy of the pages and layout goes when any process saved content. */
export function subscribePages(changes: Pick<ChangeFeed, 'subscribe'>, pages: Pick<PagesService, 'invalidate'>): void {
  changes.subscribe('content', () => pages.invalidate());
}
