import type { DomainEvents } from '../../events.js';
import type { AuditService } from './service.js';

/**
 * What the activity trail listens to: every change a write records (ActivityRecorded), and the
 * status changes staff make (the shop's own, a payment's outcome, are in the order's history).
 * Both inside the change's transaction, so a change and its trail are kept or lost together.
 */
export function subscribeActivityTrail(events: DomainEvents, audit: AuditService): void {
  // A batch handler: an import's thousands of entries are a few inserts.
  events.duringTransactionBatch('ActivityRecorded', (tx, entries) =>
    audit.recordAll(
      tx,
      entries.map(({ type: _type, ...entry }) => entry),
    ),
  );
  events.duringTransaction('OrderStatusChanged', async (tx, change) => {
    if (!change.actor) return;
    await audit.record(tx, {
      actor: change.actor,
      entity: 'orders',
      entityId: change.orderId,
      action: 'status_change',
      before: {
        status: change.from,
        ...(change.payment ? { payment_status: change.payment.from } : {}),
      },
      after: {
        status: change.to,
        notes: change.notes,
        ...(change.payment ? { payment_status: change.payment.to } : {}),
        ...(change.shipment ?? {}),
      },
    });
  });
}
