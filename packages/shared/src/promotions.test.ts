import { describe, expect, it } from 'vitest';
import { evaluatePromo, normalizePromoCode, type PromoTerms } from './promotions.js';

const now = new Date('2026-03-01T12:00:00.000Z');

const percentage = (overrides: Partial<PromoTerms> = {}): PromoTerms => ({
  discount_type: 'percentage',
  discount_value: 10,
  min_order_amount: null,
  max_uses: null,
  used_count: 0,
  is_active: true,
  valid_from: null,
  valid_until: null,
  ...overrides,
});

const fixed = (value: number, overrides: Partial<PromoTerms> = {}): PromoTerms =>
  percentage({ discount_type: 'fixed', discount_value: value, ...overrides });

describe('evaluatePromo', () => {
  it('takes a percentage of the subtotal, rounded down to the fils', () => {
    expect(evaluatePromo(percentage(), 25_000, now)).toEqual({ ok: true, discount: 2_500 });
    // 10% of 12.345 KD is 1.2345 KD: the half fils is not given away.
    expect(evaluatePromo(percentage(), 12_345, now)).toEqual({ ok: true, discount: 1_234 });
    // 15% of 0.999 KD is 0.14985 KD.
    expect(evaluatePromo(percentage({ discount_value: 15 }), 999, now)).toEqual({
      ok: true,
      discount: 149,
    });
  });

  it('gives the whole subtotal at 100 percent', () => {
    expect(evaluatePromo(percentage({ discount_value: 100 }), 37_250, now)).toEqual({
      ok: true,
      discount: 37_250,
    });
  });

  it('takes a fixed amount, capped at the subtotal', () => {
    expect(evaluatePromo(fixed(5_000), 20_000, now)).toEqual({ ok: true, discount: 5_000 });
    expect(evaluatePromo(fixed(5_000), 5_000, now)).toEqual({ ok: true, discount: 5_000 });
    expect(evaluatePromo(fixed(5_000), 3_750, now)).toEqual({ ok: true, discount: 3_750 });
  });

  it('gives nothing off an empty subtotal', () => {
    expect(evaluatePromo(percentage(), 0, now)).toEqual({ ok: true, discount: 0 });
    expect(evaluatePromo(fixed(5_000), 0, now)).toEqual({ ok: true, discount: 0 });
  });

  it('refuses an inactive code', () => {
    expect(evaluatePromo(percentage({ is_active: false }), 25_000, now)).toEqual({
      ok: false,
      reason: 'inactive',
    });
  });

  it('accepts a code from the exact instant it starts', () => {
    expect(evaluatePromo(percentage({ valid_from: now }), 10_000, now).ok).toBe(true);
    expect(
      evaluatePromo(percentage({ valid_from: new Date(now.getTime() + 1) }), 10_000, now),
    ).toEqual({ ok: false, reason: 'not_started' });
  });

  it('accepts a code up to the exact instant it ends', () => {
    expect(evaluatePromo(percentage({ valid_until: now }), 10_000, now).ok).toBe(true);
    expect(
      evaluatePromo(percentage({ valid_until: new Date(now.getTime() - 1) }), 10_000, now),
    ).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a code whose uses are all taken', () => {
    expect(evaluatePromo(percentage({ max_uses: 5, used_count: 4 }), 10_000, now).ok).toBe(true);
    expect(evaluatePromo(percentage({ max_uses: 5, used_count: 5 }), 10_000, now)).toEqual({
      ok: false,
      reason: 'used_up',
    });
    expect(evaluatePromo(percentage({ max_uses: null, used_count: 10_000 }), 10_000, now).ok).toBe(
      true,
    );
  });

  it('accepts a subtotal exactly at the minimum order and refuses one fils below', () => {
    const promo = percentage({ min_order_amount: 10_000 });
    expect(evaluatePromo(promo, 10_000, now)).toEqual({ ok: true, discount: 1_000 });
    expect(evaluatePromo(promo, 9_999, now)).toEqual({ ok: false, reason: 'below_minimum' });
  });

  it('reports the first reason in a fixed order', () => {
    const everythingWrong = percentage({
      is_active: false,
      valid_until: new Date(now.getTime() - 1),
      max_uses: 1,
      used_count: 1,
      min_order_amount: 50_000,
    });
    expect(evaluatePromo(everythingWrong, 1_000, now)).toEqual({ ok: false, reason: 'inactive' });
    expect(evaluatePromo({ ...everythingWrong, is_active: true }, 1_000, now)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});

describe('normalizePromoCode', () => {
  it('trims and upper-cases', () => {
    expect(normalizePromoCode('  ramadan10 ')).toBe('RAMADAN10');
  });
});
