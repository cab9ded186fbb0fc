import { describe, expect, it } from 'vitest';
import { newOrderAlertsOn, newOrderAlertsQuerySchema } from '@shop/shared';
import { formatCursor, parseCursor } from './new-order-alerts.js';
import { capturedOrderIsNew, placedOrderIsNew } from './new-order-alerts-subscribers.js';

describe('new-order alert rules', () => {
  const now = new Date('2026-12-02T09:00:00.000Z');

  it('reads back the cursor it writes, ids and all', () => {
    const cursor = formatCursor({ at: new Date('2026-12-02T08:59:50.000Z'), seen: new Set([12, 3]) });
    expect(cursor).toBe('2026-12-02T08:59:50.000Z~3.12');
    expect(parseCursor(cursor, now)).toEqual({ at: new Date('2026-12-02T08:59:50.000Z'), seen: new Set([3, 12]) });
    expect(formatCursor({ at: now, seen: new Set() })).toBe('2026-12-02T09:00:00.000Z');
  });

  it('reaches back 7 days at most', () => {
    expect(parseCursor('2026-10-01T00:00:00Z', now).at).toEqual(new Date('2026-11-25T09:00:00.000Z'));
  });

  it('accepts only a time with optional ids as a cursor, and a wait of 0 to 25 seconds', () => {
    expect(newOrderAlertsQuerySchema.safeParse({ cursor: '2026-12-02T09:00:00+03:00~1.2', wait: '25' }).success).toBe(true);
    for (const cursor of ['yesterday', '2026-12-02', '2026-12-02T09:00:00Z~', '2026-12-02T09:00:00Z~a', '2026-13-40T09:00:00Z']) {
      expect(newOrderAlertsQuerySchema.safeParse({ cursor }).success, cursor).toBe(false);
    }
    expect(newOrderAlertsQuerySchema.safeParse({ wait: '26' }).success).toBe(false);
    expect(newOrderAlertsQuerySchema.parse({}).wait).toBe(0);
  });

  it('counts an order new when placed cash on delivery or paid online, a late capture only when reinstated', () => {
    expect(placedOrderIsNew({ type: 'OrderPlaced', orderId: 1, paymentMethod: 'cash_on_delivery', total: 1 })).toBe(true);
    expect(placedOrderIsNew({ type: 'OrderPlaced', orderId: 1, paymentMethod: 'upayments', total: 1 })).toBe(false);
    const captured = (late: 'reinstated' | 'refunded' | 'refund_failed' | null) =>
      capturedOrderIsNew({ type: 'PaymentCaptured', orderId: 1, orderNumber: 'SB-1', amount: 1, late });
    expect([captured(null), captured('reinstated'), captured('refunded'), captured('refund_failed')]).toEqual([true, true, false, false]);
  });

  it('e-mails administrators unless they turned it off, moderators only if they turned it on, never customers', () => {
    expect(newOrderAlertsOn('admin', null)).toBe(true);
    expect(newOrderAlertsOn('admin', false)).toBe(false);
    expect(newOrderAlertsOn('moderator', null)).toBe(false);
    expect(newOrderAlertsOn('moderator', true)).toBe(true);
    expect(newOrderAlertsOn('customer', true)).toBe(false);
  });
});
