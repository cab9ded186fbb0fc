import { describe, expect, it } from 'vitest';
import type { AdminStats, MoneyFormat } from '@shop/shared';
import {
  compactNumber,
  groupedAmount,
  groupedCount,
  isNewShop,
  salesPeriodFrom,
  salesPoints,
  salesTotals,
} from './dashboard-rules';

/** The store's money as the back office shows it: the default symbol, KWD's 3 decimals. */
const KD: MoneyFormat = { symbol: 'KD', decimals: 3 };
const ARABIC_KD: MoneyFormat = { symbol: 'د.ك', decimals: 3 };

const sales: AdminStats['sales'] = {
  daily: [
    { date: '2026-02-28', revenue: 0.1, orders: 1 },
    { date: '2026-03-01', revenue: 0.2, orders: 1 },
    { date: '2026-03-02', revenue: 0, orders: 0 },
  ],
  monthly: [
    { month: '2025-12', revenue: 1234.5, orders: 3 },
    { month: '2026-01', revenue: 0, orders: 0 },
  ],
};

describe('money and counts', () => {
  it('shows KD with 3 decimals and thousands separators', () => {
    expect(groupedAmount(1234.5, KD)).toBe('1,234.500 KD');
    expect(groupedAmount(0, KD)).toBe('0.000 KD');
    expect(groupedAmount(999.999, ARABIC_KD)).toBe('999.999 د.ك');
    expect(groupedAmount(1234567.891, KD)).toBe('1,234,567.891 KD');
    expect(groupedAmount(0.1 + 0.2, KD)).toBe('0.300 KD');
  });

  it('groups counts', () => {
    expect(groupedCount(0)).toBe('0');
    expect(groupedCount(999)).toBe('999');
    expect(groupedCount(12345)).toBe('12,345');
  });

  it('writes short axis numbers with Latin digits in both languages', () => {
    expect(compactNumber(1200, 'en')).toMatch(/^1\.2k$/i);
    expect(compactNumber(1200, 'ar')).toMatch(/^1\.2\s/);
    expect(compactNumber(7, 'ar')).toBe('7');
  });
});

describe('chart points', () => {
  it('maps the 30 days, oldest first, with the day as sent whatever the browser time zone', () => {
    const points = salesPoints(sales, 'daily', 'en');
    expect(points.map((point) => point.key)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(points[0]).toMatchObject({ label: '28 Feb', revenue: 0.1, orders: 1 });
    expect(points[1]!.fullLabel).toMatch(/^Sunday,? 1 March 2026$/);
    const arabic = salesPoints(sales, 'daily', 'ar');
    expect(arabic[1]!.label).toBe('1 مارس');
    expect(arabic[1]!.fullLabel).toContain('الأحد');
  });

  it('maps the 12 months with month and year labels', () => {
    const points = salesPoints(sales, 'monthly', 'en');
    expect(points.map((point) => [point.key, point.label, point.fullLabel])).toEqual([
      ['2025-12', 'Dec 2025', 'December 2025'],
      ['2026-01', 'Jan 2026', 'January 2026'],
    ]);
    expect(salesPoints(sales, 'monthly', 'ar')[0]!.fullLabel).toBe('ديسمبر 2025');
  });

  it('sums a period in fils: 0.1 + 0.2 is 0.3', () => {
    expect(salesTotals(salesPoints(sales, 'daily', 'en'))).toEqual({ revenue: 0.3, orders: 2 });
    expect(salesTotals([])).toEqual({ revenue: 0, orders: 0 });
  });

  it('reads the period, daily unless told monthly', () => {
    expect(salesPeriodFrom('monthly')).toBe('monthly');
    expect(salesPeriodFrom('daily')).toBe('daily');
    expect(salesPeriodFrom('weekly')).toBe('daily');
  });
});

describe('a new shop', () => {
  it('is one with neither products nor orders', () => {
    expect(isNewShop({ totalProducts: 0, totalOrders: 0 })).toBe(true);
    expect(isNewShop({ totalProducts: 1, totalOrders: 0 })).toBe(false);
    expect(isNewShop({ totalProducts: 0, totalOrders: 2 })).toBe(false);
  });
});
