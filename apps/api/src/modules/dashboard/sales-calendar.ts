import { fromThousandths, type SalesDay, type SalesMonth } from '@shop/shared';
import type { DaySales } from '../orders/index.js';

/**
 * Calendar arithmetic of the dashboard's sales series. Days are plain YYYY-MM-DD strings of the
 * shop's calendar; the arithmetic on them is done in UTC, where every day has 24 hours.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return new Date(utcDate(day).getTime() + count * DAY_MS).toISOString().slice(0, 10);
}

/** The month (YYYY-MM) `count` months after the month of `day` (before it when negative). */
export function addMonths(day: string, count: number): string {
  const date = utcDate(day);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1))
    .toISOString()
    .slice(0, 7);
}

/** The first day of the oldest month and the oldest day the series show, whichever is earlier. */
export function seriesStart(today: string, days: number, months: number): string {
  const firstDay = addDays(today, -(days - 1));
  const firstMonthDay = `${addMonths(today, -(months - 1))}-01`;
  return firstDay < firstMonthDay ? firstDay : firstMonthDay;
}

/**
 * The last `days` days and `months` months up to `today`, oldest first, from the days that had
 * sales: every day and month present, those without sales as zeros. Sums stay in fils until
 * each bucket is converted once.
 */
export function salesSeries(
  sales: readonly DaySales[],
  today: string,
  days: number,
  months: number,
): { daily: SalesDay[]; monthly: SalesMonth[] } {
  const byDay = new Map(sales.map((entry) => [entry.day, entry]));
  const daily: SalesDay[] = [];
  for (let offset = days - 1; offset >= 0; offset -= 1) {
    const date = addDays(today, -offset);
    const entry = byDay.get(date);
    daily.push({ date, revenue: fromThousandths(entry?.revenue ?? 0), orders: entry?.orders ?? 0 });
  }

  const byMonth = new Map<string, { revenue: number; orders: number }>();
  for (const entry of sales) {
    const month = entry.day.slice(0, 7);
    const sum = byMonth.get(month) ?? { revenue: 0, orders: 0 };
    byMonth.set(month, { revenue: sum.revenue + entry.revenue, orders: sum.orders + entry.orders });
  }
  const monthly: SalesMonth[] = [];
  for (let offset = months - 1; offset >= 0; offset -= 1) {
    const month = addMonths(today, -offset);
    const sum = byMonth.get(month);
    monthly.push({ month, revenue: fromThousandths(sum?.revenue ?? 0), orders: sum?.orders ?? 0 });
  }
  return { daily, monthly };
}
