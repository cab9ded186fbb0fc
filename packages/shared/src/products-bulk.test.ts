import { describe, expect, it } from 'vitest';
import {
  changedPrice,
  changedSalePrice,
  percentToBasisPoints,
  planBulkChange,
  scaleByPercent,
  type BulkProductValues,
} from './products-bulk.js';

const product = (values: Partial<BulkProductValues> = {}): BulkProductValues => ({
  price: 10_000,
  sale_price: null,
  stock_quantity: 5,
  status: 'published',
  category_id: 1,
  featured: false,
  ...values,
});

describe('scaleByPercent', () => {
  it('rounds half up to the fils', () => {
    expect(scaleByPercent(10_125, -1000)).toBe(9_113); // 9.1125
    expect(scaleByPercent(10_115, -1000)).toBe(9_104); // 9.1035 → 9.104 (half up)
    expect(scaleByPercent(7_777, -1000)).toBe(6_999); // 6.9993
    expect(scaleByPercent(9_113, 1250)).toBe(10_252); // 10.252125
    expect(scaleByPercent(1, -9999)).toBe(0); // 0.0001 fils: refused by planBulkChange
    expect(scaleByPercent(1_000_000_000, 100_000)).toBe(11_000_000_000);
  });
});

describe('percentToBasisPoints', () => {
  it('takes at most two decimals', () => {
    expect(percentToBasisPoints(-10)).toBe(-1000);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(0.07)).toBe(7);
    expect(percentToBasisPoints(1.234)).toBeNull();
    expect(percentToBasisPoints(Number.NaN)).toBeNull();
  });
});

describe('changedPrice and changedSalePrice', () => {
  it('sets, scales or adds', () => {
    expect(changedPrice(10_000, undefined)).toBe(10_000);
    expect(changedPrice(10_000, { set: 4_500 })).toBe(4_500);
    expect(changedPrice(10_000, { percent: -2500 })).toBe(7_500);
    expect(changedPrice(10_000, { amount: -1_250 })).toBe(8_750);
    expect(changedSalePrice(9_000, 12_000, { remove: true })).toBeNull();
    expect(changedSalePrice(null, 12_000, { set: 8_000 })).toBe(8_000);
    expect(changedSalePrice(null, 12_000, { percent_off_price: 2500 })).toBe(9_000);
    expect(changedSalePrice(7_000, 12_000, undefined)).toBe(7_000);
  });
});

describe('planBulkChange', () => {
  it('lists the fields that change, in order, and refuses nothing valid', () => {
    const outcome = planBulkChange(product(), { price: { percent: -1000 }, featured: true, status: 'published' });
    expect(outcome).toEqual({ after: product({ price: 9_000, featured: true }), changed: ['price', 'featured'], refusal: null });
    expect(planBulkChange(product(), { stock_quantity: 5 }).changed).toEqual([]);
  });

  it('refuses a price of 0 or less', () => {
    expect(planBulkChange(product({ price: 1_000 }), { price: { amount: -1_000 } }).refusal).toBe('bulk.price_not_positive');
    expect(planBulkChange(product({ price: 1 }), { price: { percent: -9999 } }).refusal).toBe('bulk.price_not_positive');
  });

  it('keeps a sale price below the price when either changes', () => {
    expect(planBulkChange(product({ sale_price: 9_500 }), { price: { percent: -1000 } }).refusal).toBe('bulk.sale_price_not_below_price');
    expect(planBulkChange(product(), { sale_price: { set: 10_000 } }).refusal).toBe('bulk.sale_price_not_below_price');
    expect(planBulkChange(product({ price: 1 }), { sale_price: { percent_off_price: 9999 } }).refusal).toBe('bulk.sale_price_not_positive');
    // Removing it alongside is fine; a product whose other fields alone change keeps its sale as it is.
    expect(planBulkChange(product({ sale_price: 9_500 }), { price: { percent: -1000 }, sale_price: { remove: true } }).refusal).toBeNull();
    expect(planBulkChange(product({ sale_price: 10_000 }), { featured: true }).refusal).toBeNull();
  });
});
