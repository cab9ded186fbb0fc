import {
  SALES_REPORT_DEFAULT_DAYS,
  SALES_REPORT_GROUPS,
  SALES_REPORT_MAX_DAYS,
  reportAddDays,
  reportDayCount,
  type SalesReportGroup,
} from '@shop/shared';

/** The report's range and grouping as the URL keeps them beside `tab`. */
export interface ReportFilters {
  from: string;
  to: string;
  group: SalesReportGroup;
}

/** The range the Reports tab opens with: the last SALES_REPORT_DEFAULT_DAYS Kuwait days, today included. */
export function defaultReportRange(today: string): { from: string; to: string } {
  return { from: reportAddDays(today, -(SALES_REPORT_DEFAULT_DAYS - 1)), to: today };
}

export function reportGroupFrom(value: string): SalesReportGroup {
  return (SALES_REPORT_GROUPS as readonly string[]).includes(value) ? (value as SalesReportGroup) : 'day';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Why a range cannot be asked for, before asking (the server checks the same and says so in the
 * admin's language): a day missing, the end before the start, more than SALES_REPORT_MAX_DAYS.
 */
export function reportRangeProblem(range: { from: string; to: string }): 'missing' | 'reversed' | 'too_long' | null {
  if (!DAY.test(range.from) || !DAY.test(range.to)) return 'missing';
  if (range.to < range.from) return 'reversed';
  if (reportDayCount(range.from, range.to) > SALES_REPORT_MAX_DAYS) return 'too_long';
  return null;
}
