import { describe, expect, it } from 'vitest';
import type { NewOrderAlert } from '@shop/shared';
import {
  addArrivals,
  firstCursor,
  INITIAL_ALERTS,
  isOrdersPage,
  KEPT_ARRIVALS,
  markSeen,
  readLastSeen,
  seenElsewhere,
  unseenCount,
} from './new-order-alerts-rules';

const order = (id: number, arrivedAt: string): NewOrderAlert => ({
  id,
  order_number: `SB-${id}`,
  arrived_at: arrivedAt,
  customer_name: 'Fatima',
  city_name: 'Salmiya',
  payment_method: 'cash_on_delivery',
  total_amount: 12.5,
  items_count: 1,
});

describe('new-order alert counting', () => {
  it('counts nothing until the first look is known, then what arrived after it', () => {
    const { state } = addArrivals(INITIAL_ALERTS, [order(1, '2026-12-02T09:00:00.000Z')]);
    expect(unseenCount(state)).toBe(0);
    const seen = markSeen(INITIAL_ALERTS, '2026-12-02T08:00:00.000Z');
    const after = addArrivals(seen, [order(1, '2026-12-02T09:00:00.000Z'), order(2, '2026-12-02T09:01:00.000Z')]).state;
    expect(unseenCount(after)).toBe(2);
  });

  it('adds each order once, oldest first, and tells which are fresh', () => {
    const first = addArrivals(markSeen(INITIAL_ALERTS, '2026-12-02T08:00:00.000Z'), [order(2, '2026-12-02T09:02:00.000Z')]);
    const second = addArrivals(first.state, [order(1, '2026-12-02T09:01:00.000Z'), order(2, '2026-12-02T09:02:00.000Z')]);
    expect(second.fresh.map((entry) => entry.id)).toEqual([1]);
    expect(second.state.arrivals.map((entry) => entry.id)).toEqual([1, 2]);
    expect(unseenCount(second.state)).toBe(2);
    // Nothing new: the same state object (no re-render).
    expect(addArrivals(second.state, [order(1, '2026-12-02T09:01:00.000Z')]).state).toBe(second.state);
  });

  it('keeps the newest arrivals only', () => {
    const many = Array.from({ length: KEPT_ARRIVALS + 5 }, (_, index) => order(index + 1, new Date(Date.UTC(2026, 11, 2, 9, index)).toISOString()));
    const { state } = addArrivals(INITIAL_ALERTS, many);
    expect(state.arrivals).toHaveLength(KEPT_ARRIVALS);
    expect(state.arrivals[0]!.id).toBe(6);
  });

  it('counts zero once the Orders tab was looked at, and again what comes after', () => {
    let state = addArrivals(markSeen(INITIAL_ALERTS, '2026-12-02T08:00:00.000Z'), [order(1, '2026-12-02T09:00:00.000Z')]).state;
    expect(unseenCount(state)).toBe(1);
    state = markSeen(state, '2026-12-02T08:30:00.000Z');
    // Seen up to the latest arrival even if the server's time read earlier.
    expect(state.lastSeenAt).toBe('2026-12-02T09:00:00.000Z');
    expect(unseenCount(state)).toBe(0);
    state = addArrivals(state, [order(2, '2026-12-02T09:05:00.000Z')]).state;
    expect(unseenCount(state)).toBe(1);
  });

  it('follows a later look from another window, never an earlier one', () => {
    const state = addArrivals(markSeen(INITIAL_ALERTS, '2026-12-02T08:00:00.000Z'), [order(1, '2026-12-02T09:00:00.000Z')]).state;
    expect(unseenCount(seenElsewhere(state, '2026-12-02T09:10:00.000Z'))).toBe(0);
    expect(seenElsewhere(state, '2026-12-02T07:00:00.000Z')).toBe(state);
    expect(seenElsewhere(state, 'garbage')).toBe(state);
  });

  it('starts from the stored look, or from now', () => {
    expect(firstCursor(readLastSeen('2026-12-02T08:00:00.000Z'))).toBe('2026-12-02T08:00:00.000Z');
    expect(firstCursor(readLastSeen(null))).toBeUndefined();
    expect(firstCursor(readLastSeen('not a date'))).toBeUndefined();
  });

  it('knows the Orders pages', () => {
    expect(isOrdersPage('/admin', '?tab=orders&status=pending')).toBe(true);
    expect(isOrdersPage('/admin/orders/12', '')).toBe(true);
    expect(isOrdersPage('/admin', '')).toBe(false);
    expect(isOrdersPage('/admin', '?tab=products')).toBe(false);
  });
});
