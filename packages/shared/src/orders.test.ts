import { describe, expect, it } from 'vitest';
import { orderStatuses, statusPaymentConflict, type PaymentMethod, type PaymentStatus } from './orders.js';

const order = (payment_method: PaymentMethod, payment_status: PaymentStatus) => ({ payment_method, payment_status });

describe('statusPaymentConflict', () => {
  it('refunds a paid online order only through the refund action', () => {
    expect(statusPaymentConflict(order('upayments', 'paid'), 'refunded')).toBe('refund_through_payment');
    for (const status of orderStatuses.filter((status) => status !== 'refunded')) {
      expect(statusPaymentConflict(order('upayments', 'paid'), status), status).toBeNull();
    }
  });

  it('never lets an online order whose money went back hold stock again', () => {
    for (const status of ['pending', 'processing', 'shipped', 'delivered', 'completed'] as const) {
      expect(statusPaymentConflict(order('upayments', 'refunded'), status), status).toBe('money_returned');
    }
    expect(statusPaymentConflict(order('upayments', 'refunded'), 'cancelled')).toBeNull();
    expect(statusPaymentConflict(order('upayments', 'refunded'), 'refunded')).toBeNull();
  });

  it('leaves cash on delivery and unpaid online orders to the staff', () => {
    for (const status of orderStatuses) {
      expect(statusPaymentConflict(order('cash_on_delivery', 'not_required'), status)).toBeNull();
      expect(statusPaymentConflict(order('upayments', 'failed'), status)).toBeNull();
    }
  });
});
