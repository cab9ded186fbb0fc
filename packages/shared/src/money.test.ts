import { describe, expect, it } from 'vitest';
import {
  amountDigits,
  discountPercent,
  formatAmount,
  formatPrice,
  fromThousandths,
  toThousandths,
} from './money.js';

describe('toThousandths', () => {
  it('parses decimal strings exactly', () => {
    expect(toThousandths('12.5')).toBe(12_500);
    expect(toThousandths('3.25')).toBe(3_250);
    expect(toThousandths('0.75')).toBe(750);
    expect(toThousandths('0.001')).toBe(1);
    expect(toThousandths(' 7 ')).toBe(7_000);
    expect(toThousandths('-2.5')).toBe(-2_500);
  });

  it('parses numbers without floating point drift', () => {
    expect(toThousandths(0.1 + 0.2)).toBe(300);
    expect(toThousandths(12.345)).toBe(12_345);
    expect(toThousandths(1.005)).toBe(1_005);
    expect(toThousandths(350)).toBe(350_000);
  });

  it('ignores digits beyond the thousandth of a string', () => {
    expect(toThousandths('1.23456')).toBe(1_234);
  });

  it('rejects what is not an amount', () => {
    expect(() => toThousandths('abc')).toThrow(RangeError);
    expect(() => toThousandths('1,5')).toThrow(RangeError);
    expect(() => toThousandths(Number.NaN)).toThrow(RangeError);
    expect(() => toThousandths(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toThousandths('')).toThrow(RangeError);
  });
});

describe('fromThousandths', () => {
  it('gives the decimal number sent in JSON', () => {
    expect(fromThousandths(12_500)).toBe(12.5);
    expect(fromThousandths(3_250)).toBe(3.25);
    expect(fromThousandths(750)).toBe(0.75);
    expect(fromThousandths(1)).toBe(0.001);
    expect(fromThousandths(0)).toBe(0);
    expect(fromThousandths(-2_500)).toBe(-2.5);
  });

  it('round-trips with toThousandths', () => {
    for (const value of [0, 1, 999, 1_000, 12_345, 350_000, 4_500]) {
      expect(toThousandths(fromThousandths(value))).toBe(value);
    }
  });
});

describe('display rules', () => {
  it('catalogue: whole numbers without decimals, otherwise up to 3 with trailing zeros trimmed', () => {
    expect(formatAmount(12_000, 'catalogue')).toBe('12');
    expect(formatAmount(12_500, 'catalogue')).toBe('12.5');
    expect(formatAmount(12_750, 'catalogue')).toBe('12.75');
    expect(formatAmount(12_345, 'catalogue')).toBe('12.345');
    expect(formatAmount(100, 'catalogue')).toBe('0.1');
    expect(formatAmount(0, 'catalogue')).toBe('0');
  });

  it('checkout: always 2 decimals', () => {
    expect(formatAmount(12_000, 'checkout')).toBe('12.00');
    expect(formatAmount(12_500, 'checkout')).toBe('12.50');
    expect(formatAmount(12_345, 'checkout')).toBe('12.35');
    expect(formatAmount(5, 'checkout')).toBe('0.01');
  });

  it('admin: always 3 decimals', () => {
    expect(formatAmount(12_000, 'admin')).toBe('12.000');
    expect(formatAmount(750, 'admin')).toBe('0.750');
  });

  it('rounds half up on the thousandths and keeps the sign', () => {
    expect(amountDigits(1_995, 2)).toBe('2.00');
    expect(amountDigits(-1_250, 1)).toBe('-1.3');
    expect(amountDigits(-12_000, 0)).toBe('-12');
  });

  it('adds the currency symbol', () => {
    expect(formatPrice(12_500, 'KD', 'catalogue')).toBe('12.5 KD');
    expect(formatPrice(12_500, 'KD', 'checkout')).toBe('12.50 KD');
  });
});

describe('discountPercent', () => {
  it('is the whole percentage saved', () => {
    expect(discountPercent(20_000, 15_000)).toBe(25);
    expect(discountPercent(30_000, 20_000)).toBe(33);
    expect(discountPercent(9_000, 6_000)).toBe(33);
  });

  it('is zero without a real saving', () => {
    expect(discountPercent(20_000, null)).toBe(0);
    expect(discountPercent(20_000, 20_000)).toBe(0);
    expect(discountPercent(20_000, 25_000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});
