import { describe, expect, it } from 'vitest';
import { refundableAmount, refundBlocker, refundLinesAmount, refundMethodOf } from './refunds.js';

const order = (overrides: Partial<Parameters<typeof refundBlocker>[0]> = {}) => ({
  status: 'delivered' as const,
  payment_method: 'cash_on_delivery' as const,
  payment_status: 'not_required' as const,
  total: 10_000,
  refunded: 0,
  ...overrides,
});

describe('refunds', () => {
  it('leaves what was not refunded yet, never below zero', () => {
    expect(refundableAmount(10_000, 0)).toBe(10_000);
    expect(refundableAmount(10_000, 3_500)).toBe(6_500);
    expect(refundableAmount(10_000, 10_000)).toBe(0);
    expect(refundableAmount(10_000, 12_000)).toBe(0);
  });

  it("prices refunded lines at their unit price, in thousandths without drift", () => {
    expect(refundLinesAmount([])).toBe(0);
    expect(refundLinesAmount([{ unitPrice: 1_125, quantity: 3 }, { unitPrice: 12_750, quantity: 1 }])).toBe(16_125);
  });

  it('refunds a paid online order, never one unpaid or already returned', () => {
    const online = { payment_method: 'upayments' as const, status: 'pending' as const };
    expect(refundBlocker(order({ ...online, payment_status: 'paid' }))).toBeNull();
    expect(refundBlocker(order({ ...online, payment_status: 'awaiting_payment' }))).toBe('not_paid');
    expect(refundBlocker(order({ ...online, payment_status: 'failed' }))).toBe('not_paid');
    expect(refundBlocker(order({ ...online, payment_status: 'refunded' }))).toBe('not_paid');
    expect(refundBlocker(order({ ...online, payment_status: 'paid', refunded: 10_000 }))).toBe('nothing_left');
  });

  it('refunds cash only once the money was collected (delivered or completed)', () => {
    expect(refundBlocker(order())).toBeNull();
    expect(refundBlocker(order({ status: 'completed' }))).toBeNull();
    for (const status of ['pending', 'processing', 'shipped', 'cancelled', 'refunded'] as const) {
      expect(refundBlocker(order({ status })), status).toBe('cash_not_collected');
    }
    expect(refundBlocker(order({ refunded: 10_000 }))).toBe('nothing_left');
  });

  it('pays back the way the order was paid', () => {
    expect(refundMethodOf('upayments')).toBe('online');
    expect(refundMethodOf('cash_on_delivery')).toBe('cash');
  });
});
