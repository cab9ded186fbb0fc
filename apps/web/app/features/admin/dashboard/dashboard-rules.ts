import {
  DATE_LOCALES,
  formatPrice,
  fromThousandths,
  toThousandths,
  type AdminStats,
  type Language,
  type MoneyFormat,
} from '@shop/shared';

/**
 * What the dashboard shows, computed from the stats reply: money with 3 decimals and thousands
 * separators, the chart's points with their labels, and the axis ticks. Latin digits in both
 * languages, like the rest of the shop.
 */

/** The chart's two views: the last 30 days or the last 12 months. */
export const SALES_PERIODS = ['daily', 'monthly'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

export function salesPeriodFrom(value: string): SalesPeriod {
  return (SALES_PERIODS as readonly string[]).includes(value) ? (value as SalesPeriod) : 'daily';
}

/** An amount of the API as charged (3 decimals for KWD) with thousands separators: "1,234.500 KD". */
export function groupedAmount(amount: number, money: MoneyFormat): string {
  return formatPrice(toThousandths(amount), money).replace(/\d+/, (whole) =>
    whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','),
  );
}

/** A count with thousands separators ("12,345"). */
export function groupedCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const locales = DATE_LOCALES;

// The series' days and months are already Kuwait's calendar: formatting them at UTC midnight
// keeps the day as sent, whatever the browser's own time zone.
const dayFormats = {
  ar: new Intl.DateTimeFormat(locales.ar, { timeZone: 'UTC', day: 'numeric', month: 'short' }),
  en: new Intl.DateTimeFormat(locales.en, { timeZone: 'UTC', day: 'numeric', month: 'short' }),
};
const longDayFormats = {
  ar: new Intl.DateTimeFormat(locales.ar, { timeZone: 'UTC', dateStyle: 'full' }),
  en: new Intl.DateTimeFormat(locales.en, { timeZone: 'UTC', dateStyle: 'full' }),
};
const monthFormats = {
  ar: new Intl.DateTimeFormat(locales.ar, { timeZone: 'UTC', month: 'short', year: 'numeric' }),
  en: new Intl.DateTimeFormat(locales.en, { timeZone: 'UTC', month: 'short', year: 'numeric' }),
};
const longMonthFormats = {
  ar: new Intl.DateTimeFormat(locales.ar, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat(locales.en, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
};
const compactFormats = {
  ar: new Intl.NumberFormat(locales.ar, { notation: 'compact', maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat(locales.en, { notation: 'compact', maximumFractionDigits: 1 }),
};

/** One bar and point of the chart: revenue (decimal KD) and orders of a day or a month. */
export interface SalesPoint {
  /** YYYY-MM-DD or YYYY-MM, as sent. */
  key: string;
  /** Short label for the axis ("15 Mar", "Mar 2026"). */
  label: string;
  /** Full label for the tooltip and the table ("Sunday, 15 March 2026", "March 2026"). */
  fullLabel: string;
  revenue: number;
  orders: number;
}

/** Points of a series of Kuwait days (YYYY-MM-DD), labelled in the admin's language. */
export function dayPoints(
  days: readonly { date: string; revenue: number; orders: number }[],
  lang: Language,
): SalesPoint[] {
  return days.map((day) => {
    const date = new Date(`${day.date}T00:00:00Z`);
    return {
      key: day.date,
      label: dayFormats[lang].format(date),
      fullLabel: longDayFormats[lang].format(date),
      revenue: day.revenue,
      orders: day.orders,
    };
  });
}

/** The chart's points of a period, oldest first, labelled in the admin's language. */
export function salesPoints(
  sales: AdminStats['sales'],
  period: SalesPeriod,
  lang: Language,
): SalesPoint[] {
  if (period === 'daily') return dayPoints(sales.daily, lang);
  return sales.monthly.map((month) => {
    const date = new Date(`${month.month}-01T00:00:00Z`);
    return {
      key: month.month,
      label: monthFormats[lang].format(date),
      fullLabel: longMonthFormats[lang].format(date),
      revenue: month.revenue,
      orders: month.orders,
    };
  });
}

/** Sums of a period's points (money added in fils): what the chart's caption says. */
export function salesTotals(points: readonly SalesPoint[]): { revenue: number; orders: number } {
  const fils = points.reduce((sum, point) => sum + toThousandths(point.revenue), 0);
  return {
    revenue: fromThousandths(fils),
    orders: points.reduce((sum, point) => sum + point.orders, 0),
  };
}

/** An axis tick: short numbers ("1.2K", "3 آلاف"), Latin digits. */
export function compactNumber(value: number, lang: Language): string {
  return compactFormats[lang].format(value);
}

/** Whether the shop has anything to show yet: no product and no order means a new shop. */
export function isNewShop(stats: Pick<AdminStats, 'totalProducts' | 'totalOrders'>): boolean {
  return stats.totalProducts === 0 && stats.totalOrders === 0;
}
