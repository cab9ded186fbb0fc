import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../events.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import type { StockAlertsService } from './stock-alerts.js';

/**
 * Back-in-stock e-mails hear, after the commit, what can bring a sold-out product back
 * (docs/decisions/063): units added to its stock (StockChanged with a positive delta: a restock,
 * an order released, a refund put back on the shelf), and the product changed in the back office
 * (ProductChanged: its stock no longer managed, a draft published again). The wishes are mailed in
 * the background of the process that committed; which products are in stock is read then, not
 * taken from the event.
 */
export function subscribeStockAlerts(
  events: DomainEvents,
  deps: { stockAlerts: Pick<StockAlertsService, 'sendForProducts'>; background: Pick<BackgroundTasks, 'run'>; log: FastifyBaseLogger },
): void {
  const send = (productIds: number[]) => {
    if (productIds.length === 0) return;
    deps.background.run(
      async () => {
        await deps.stockAlerts.sendForProducts(productIds);
      },
      (error) => deps.log.error({ err: error, productIds: productIds.slice(0, 20) }, 'back-in-stock e-mails not sent'),
    );
  };
  events.afterCommit('StockChanged', (moves) => {
    send(moves.filter((move) => move.delta > 0 && move.level > 0).map((move) => move.productId));
  });
  events.afterCommit('ProductChanged', (changes) => {
    send(changes.filter((change) => change.change !== 'deleted').map((change) => change.productId));
  });
}
