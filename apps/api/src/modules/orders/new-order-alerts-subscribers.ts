import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents, OrderPlaced, PaymentCaptured } from '../../events.js';
import type { BackgroundTasks } from '../../lib/background-tasks.js';
import type { NewOrderAlerts } from './new-order-alerts.js';

/** An order placed cash on delivery can be prepared at once; an online one waits for its payment. */
export const placedOrderIsNew = (event: OrderPlaced) => event.paymentMethod === 'cash_on_delivery';

/**
 * A captured payment makes its order new, unless it came after the order was cancelled: only a
 * late capture that reinstated the order is one to prepare, and every administrator is already
 * e-mailed about it (the late-payment alert, docs/decisions/038), so it is only announced.
 */
export const capturedOrderIsNew = (event: PaymentCaptured) => event.late === null || event.late === 'reinstated';
const capturedOrderIsMailed = (event: PaymentCaptured) => event.late === null;

/**
 * New-order alerts hear the orders that became new after their commit (docs/decisions/041): each
 * is announced to every process (the back office's waiting polls) and e-mailed in the background,
 * once, by the process that committed it (a payment is captured once, under the order's lock:
 * payments/settlement.ts). Failures are logged, never thrown at the shopper.
 */
export function subscribeNewOrderAlerts(
  events: DomainEvents,
  deps: { alerts: NewOrderAlerts; background: Pick<BackgroundTasks, 'run'>; log: FastifyBaseLogger },
): void {
  const announce = (orderIds: readonly number[]) => {
    for (const orderId of orderIds) {
      deps.alerts
        .announce(orderId)
        .catch((error: unknown) => deps.log.warn({ err: error, orderId }, 'new order not announced to the back office'));
    }
  };
  const mail = (orderIds: readonly number[]) => {
    for (const orderId of orderIds) {
      deps.background.run(
        () => deps.alerts.mail(orderId),
        (error) => deps.log.error({ err: error, orderId }, 'new-order alert e-mail could not be sent'),
      );
    }
  };
  const ids = <E extends { orderId: number }>(events: readonly E[], keep: (event: E) => boolean) =>
    events.filter(keep).map((event) => event.orderId);
  events.afterCommit('OrderPlaced', (placed) => {
    announce(ids(placed, placedOrderIsNew));
    mail(ids(placed, placedOrderIsNew));
  });
  events.afterCommit('PaymentCaptured', (captured) => {
    announce(ids(captured, capturedOrderIsNew));
    mail(ids(captured, capturedOrderIsMailed));
  });
}
