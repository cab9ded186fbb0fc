import { describe, expect, it } from 'vitest';
import { stockLevel } from './stock.js';

describe('stockLevel', () => {
  it('follows the spec thresholds', () => {
    expect(stockLevel(undefined)).toBe('out');
    expect(stockLevel(null)).toBe('out');
    expect(stockLevel(-1)).toBe('out');
    expect(stockLevel(0)).toBe('out');
    expect(stockLevel(1)).toBe('low');
    expect(stockLevel(5)).toBe('low');
    expect(stockLevel(6)).toBe('normal');
  });
});
