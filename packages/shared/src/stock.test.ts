import { describe, expect, it } from 'vitest';
import { isBackInStock, isInStock, stockLevel } from './stock.js';

describe('stockLevel', () => {
  it('is out at 0 or less, low up to LOW_STOCK_THRESHOLD, else normal', () => {
    expect(stockLevel(undefined)).toBe('out');
    expect(stockLevel(null)).toBe('out');
    expect(stockLevel(-1)).toBe('out');
    expect(stockLevel(0)).toBe('out');
    expect(stockLevel(1)).toBe('low');
    expect(stockLevel(5)).toBe('low');
    expect(stockLevel(6)).toBe('normal');
  });
});

describe('isInStock', () => {
  it('is in stock when the stock is not tracked, or when pieces are left', () => {
    expect(isInStock({ manage_stock: false, stock_quantity: 0 })).toBe(true);
    expect(isInStock({ manage_stock: false, stock_quantity: -3 })).toBe(true);
    expect(isInStock({ manage_stock: true, stock_quantity: 1 })).toBe(true);
    expect(isInStock({ manage_stock: true, stock_quantity: 0 })).toBe(false);
    expect(isInStock({ manage_stock: true, stock_quantity: -1 })).toBe(false);
    expect(isInStock({ manage_stock: true, stock_quantity: null })).toBe(false);
  });
});

describe('isBackInStock', () => {
  it('is true only when none were left before and some are now', () => {
    expect(isBackInStock(0, 2)).toBe(true);
    expect(isBackInStock(-1, 1)).toBe(true);
    expect(isBackInStock(1, 3)).toBe(false);
    expect(isBackInStock(0, 0)).toBe(false);
    expect(isBackInStock(-2, 0)).toBe(false);
  });
});
