/**
 * The sales report's rules that the browser needs without the report's zod contract
 * (contracts/admin-reports.ts, docs/decisions/055): its groupings, its range and the days in it,
 * and the name of its file. Kept free of zod so the back office's screens import it cheaply.
 */

export const SALES_REPORT_GROUPS = ['day', 'product', 'category'] as const;
export type SalesReportGroup = (typeof SALES_REPORT_GROUPS)[number];
/** The longest range a report covers, both ends included. */
export const SALES_REPORT_MAX_DAYS = 366;
/** The range the back office opens with: the last 30 Kuwait days, today included. */
export const SALES_REPORT_DEFAULT_DAYS = 30;
/** How many products the report's "top products" lists. */
export const SALES_REPORT_TOP_PRODUCTS = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The number of days from `from` to `to`, both included (YYYY-MM-DD days). */
export function reportDayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The day `count` days after `day` (before it when negative), YYYY-MM-DD. */
export function reportAddDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** The CSV file's name: sales-<group>-<from>-<to>.csv. */
export function salesReportFileName(query: { group: SalesReportGroup; from: string; to: string }): string {
  return `sales-${query.group}-${query.from}-${query.to}.csv`;
}
