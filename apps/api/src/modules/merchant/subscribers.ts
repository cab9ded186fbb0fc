import type { FastifyBaseLogger } from 'fastify';
import { isBackInStock } from '@shop/shared';
import type { DomainEvents } from '../../events.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import type { MerchantFeed } from './feed.js';
import type { MerchantService } from './service.js';

const uniqueIds = (ids: readonly number[]) => [...new Set(ids)];

/**
 * What Google Merchant listens to. Product and category writes queue their products for the
 * background sync inside their own transaction, so a committed change is never missed; an order's
 * stock moves queue the products it sold out or brought back, after the commit. The feed's cached
 * copy goes, and the sync wakes, when the catalogue or the settings changed in any process.
 */
export function subscribeMerchant(
  events: DomainEvents,
  changes: Pick<ChangeFeed, 'subscribe'>,
  deps: {
    merchant: Pick<
      MerchantService,
      'enqueueAll' | 'enqueueCategory' | 'stockTaken' | 'stockReturned' | 'wake'
    >;
    feed: Pick<MerchantFeed, 'invalidate'>;
    background: Pick<BackgroundTasks, 'run'>;
    log: Pick<FastifyBaseLogger, 'warn'>;
  },
): void {
  const { merchant, feed, background, log } = deps;
  // A batch handler: an import's thousands of changes are a few statements.
  events.duringTransactionBatch('ProductChanged', async (tx, changes) => {
    // Google's offer carries the product's own price and fields, none of its variations.
    const queued = changes.filter(({ change }) => change !== 'variations_replaced');
    if (queued.length === 0) return;
    await merchant.enqueueAll(
      tx,
      queued.map(({ productId, change }) => ({
        productId,
        action: change === 'deleted' ? ('delete' as const) : ('upsert' as const),
      })),
    );
  });
  events.duringTransaction('CategoryChanged', async (tx, { categoryId, pathChanges }) => {
    // The products' product_type is their category path.
    if (pathChanges) await merchant.enqueueCategory(tx, categoryId);
  });
  events.afterCommit('StockChanged', (all) => {
    // A back-office stock change is queued with its ProductChanged, in its transaction.
    const moves = all.filter((move) => move.orderId !== null);
    const taken = uniqueIds(moves.filter((move) => move.delta < 0).map((move) => move.productId));
    const back = uniqueIds(
      moves
        .filter((move) => isBackInStock(move.level - move.delta, move.level))
        .map((move) => move.productId),
    );
    if (taken.length > 0) {
      background.run(
        () => merchant.stockTaken(taken),
        (error) => log.warn({ err: error }, 'sold-out products not queued for Google Merchant'),
      );
    }
    if (back.length > 0) {
      background.run(
        () => merchant.stockReturned(back),
        (error) =>
          log.warn({ err: error }, 'products back in stock not queued for Google Merchant'),
      );
    }
  });
  changes.subscribe('catalog', () => feed.invalidate());
  changes.subscribe('settings', () => feed.invalidate());
  changes.subscribe('catalog', () => merchant.wake());
}
