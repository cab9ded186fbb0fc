import { describe, expect, it } from 'vitest';
import {
  evaluatePromo,
  isCalendarDate,
  kuwaitDateOf,
  normalizePromoCode,
  promoCodeProblem,
  promoDatesInOrder,
  promoDayEnd,
  promoDayStart,
  promoEndDate,
  promoStartDate,
  promoState,
  promoValueProblem,
  type PromoTerms,
} from './promotions.js';

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

  it('accepts a code until the instant it ends, which is the first one it no longer applies', () => {
    expect(evaluatePromo(percentage({ valid_until: new Date(now.getTime() + 1) }), 10_000, now).ok).toBe(true);
    expect(evaluatePromo(percentage({ valid_until: now }), 10_000, now)).toEqual({
      ok: false,
      reason: 'expired',
    });
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

describe('promo validity days in Kuwait time', () => {
  it('starts a day at midnight in Kuwait, 21:00 UTC the day before', () => {
    expect(promoDayStart('2026-12-31').toISOString()).toBe('2026-12-30T21:00:00.000Z');
    expect(promoDayStart('2026-01-01').toISOString()).toBe('2025-12-31T21:00:00.000Z');
    expect(promoDayStart('2028-03-01').toISOString()).toBe('2028-02-29T21:00:00.000Z');
  });

  it('ends a day at the next midnight in Kuwait, 21:00 UTC the same day', () => {
    expect(promoDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T21:00:00.000Z');
    expect(promoDayEnd('2028-02-29').toISOString()).toBe('2028-02-29T21:00:00.000Z');
  });

  it('gives the stored instants back as the dates they were made from', () => {
    for (const date of ['2026-01-01', '2026-06-15', '2026-12-31', '2028-02-29']) {
      expect(promoStartDate(promoDayStart(date))).toBe(date);
      expect(promoEndDate(promoDayEnd(date))).toBe(date);
    }
    // An end stored the old way (the last second of the day) reads as that day too.
    expect(promoEndDate(new Date('2025-06-10T23:59:59+03:00'))).toBe('2025-06-10');
  });

  it('reads the Kuwait date of any instant', () => {
    expect(kuwaitDateOf(new Date('2026-12-31T20:59:59.999Z'))).toBe('2026-12-31');
    expect(kuwaitDateOf(new Date('2026-12-31T21:00:00.000Z'))).toBe('2027-01-01');
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2026-12-31')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-1', '31/12/2026', '2026-12-31T00:00', '']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
    expect(() => promoDayStart('2026-02-30')).toThrow(RangeError);
  });

  it('makes a code valid until 31 December work until midnight in Kuwait, and not a moment after', () => {
    const promo = percentage({ valid_from: promoDayStart('2026-12-01'), valid_until: promoDayEnd('2026-12-31') });
    const lastSecond = new Date('2026-12-31T23:59:59.999+03:00');
    const midnight = new Date('2027-01-01T00:00:00.000+03:00');
    expect(evaluatePromo(promo, 10_000, lastSecond).ok).toBe(true);
    expect(evaluatePromo(promo, 10_000, midnight)).toEqual({ ok: false, reason: 'expired' });
    expect(evaluatePromo(promo, 10_000, new Date('2026-11-30T23:59:59.999+03:00'))).toEqual({
      ok: false,
      reason: 'not_started',
    });
    expect(evaluatePromo(promo, 10_000, new Date('2026-12-01T00:00:00.000+03:00')).ok).toBe(true);
  });

  it('makes a one-day code valid for that whole Kuwait day', () => {
    const promo = percentage({ valid_from: promoDayStart('2026-05-20'), valid_until: promoDayEnd('2026-05-20') });
    expect(evaluatePromo(promo, 1_000, new Date('2026-05-20T00:00:00+03:00')).ok).toBe(true);
    expect(evaluatePromo(promo, 1_000, new Date('2026-05-20T23:59:59+03:00')).ok).toBe(true);
    expect(evaluatePromo(promo, 1_000, new Date('2026-05-21T00:00:00+03:00')).ok).toBe(false);
  });
});

describe('promoState', () => {
  it('names the state the storefront would act on', () => {
    expect(promoState(percentage(), now)).toBe('active');
    // A minimum order does not make a code unusable.
    expect(promoState(percentage({ min_order_amount: 1_000_000 }), now)).toBe('active');
    expect(promoState(percentage({ is_active: false, used_count: 5, max_uses: 5 }), now)).toBe('inactive');
    expect(promoState(percentage({ valid_from: new Date(now.getTime() + 1) }), now)).toBe('scheduled');
    expect(promoState(percentage({ valid_until: now }), now)).toBe('expired');
    expect(promoState(percentage({ max_uses: 3, used_count: 3 }), now)).toBe('used_up');
  });
});

describe('the promo code form rules', () => {
  it('takes codes of 3 to 30 letters A-Z and digits, trimmed and upper-cased', () => {
    expect(promoCodeProblem('eid2026')).toBeNull();
    expect(promoCodeProblem('  abc ')).toBeNull();
    expect(promoCodeProblem('A'.repeat(30))).toBeNull();
    expect(promoCodeProblem('   ')).toBe('required');
    expect(promoCodeProblem('AB')).toBe('too_short');
    expect(promoCodeProblem('A'.repeat(31))).toBe('too_long');
    for (const bad of ['EID-10', 'EID 10', 'عيد10', 'ÉTÉ10', 'EID_10', '١٢٣']) {
      expect(promoCodeProblem(bad), bad).toBe('invalid');
    }
  });

  it('takes a whole percentage from 1 to 100, or an amount above 0', () => {
    expect(promoValueProblem('percentage', 10_000)).toBeNull();
    expect(promoValueProblem('percentage', 100_000)).toBeNull();
    expect(promoValueProblem('percentage', 1_000)).toBeNull();
    expect(promoValueProblem('percentage', 0)).toBe('not_positive');
    expect(promoValueProblem('percentage', 12_500)).toBe('percent_not_whole');
    expect(promoValueProblem('percentage', 101_000)).toBe('percent_too_high');
    expect(promoValueProblem('fixed', 1)).toBeNull();
    expect(promoValueProblem('fixed', 1_500)).toBeNull();
    expect(promoValueProblem('fixed', 250_000)).toBeNull();
    expect(promoValueProblem('fixed', 0)).toBe('not_positive');
    expect(promoValueProblem('fixed', 1_000_000_001)).toBe('amount_too_high');
  });

  it('wants the last day on or after the first', () => {
    expect(promoDatesInOrder('2026-01-01', '2026-01-31')).toBe(true);
    expect(promoDatesInOrder('2026-01-01', '2026-01-01')).toBe(true);
    expect(promoDatesInOrder('2026-02-01', '2026-01-31')).toBe(false);
    expect(promoDatesInOrder(null, '2026-01-31')).toBe(true);
    expect(promoDatesInOrder('2026-01-01', null)).toBe(true);
  });
});
