import { z } from 'zod';
import { isCalendarDate } from '../promotions.js';
import { reportDayCount, SALES_REPORT_GROUPS, SALES_REPORT_MAX_DAYS } from '../reports.js';
import { moneySchema, successShape } from './common.js';

/**
 * The back office's sales report (docs/decisions/055-sales-reports.md).
 *
 * `GET /api/admin/reports/sales?from=YYYY-MM-DD&to=YYYY-MM-DD&group=day|product|category`
 * (`reports.read`; moderators have it), `&format=csv` for the same rows as a file. The orders
 * counted are the dashboard's (neither cancelled nor refunded, docs/decisions/011); revenue is
 * net of discounts and of partial refunds; days are Kuwait's.
 */

const reportDay = z
  .string({ error: 'reports.date_required' })
  .transform((value) => value.trim())
  .refine(isCalendarDate, 'reports.date_invalid');

export const adminSalesReportQuerySchema = z
  .object({
    from: reportDay,
    to: reportDay,
    group: z.enum(SALES_REPORT_GROUPS, { error: 'reports.group_invalid' }).default('day'),
    format: z.enum(['json', 'csv'], { error: 'reports.format_invalid' }).default('json'),
  })
  .superRefine((query, context) => {
    if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    // YYYY-MM-DD texts compare as their days.
    if (query.to < query.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'reports.range_invalid' });
    } else if (reportDayCount(query.from, query.to) > SALES_REPORT_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'reports.range_too_long' });
    }
  });
export type AdminSalesReportQuery = z.output<typeof adminSalesReportQuerySchema>;

/** Orders, units and money of a day, a product, a category or the whole range. Money in KWD. */
export const salesFiguresSchema = z.object({
  /** Orders counted (neither cancelled nor refunded). */
  orders: z.number().int(),
  /** Units ordered in them. */
  units: z.number().int(),
  /** total − refunded: net of discounts and partial refunds, shipping included (day rows and totals). */
  revenue: moneySchema,
  /** Shipping charged on those orders (0 on product and category rows). */
  shipping: moneySchema,
  /** Discounts given on those orders (0 on product and category rows). */
  discounts: moneySchema,
  /** Partial refunds given on those orders (0 on product and category rows). */
  refunds: moneySchema,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesReportRowSchema = salesFiguresSchema.extend({
  /** The day (YYYY-MM-DD), the product's id or the category's id; null: a deleted product, no category. */
  key: z.string().nullable(),
  /** The day, or the product's or category's name in the request's language. */
  label: z.string(),
});
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(SALES_REPORT_GROUPS),
  totals: salesFiguresSchema,
  /** Days: every day of the range, oldest first, zeros included. Products, categories: highest revenue first. */
  rows: z.array(salesReportRowSchema),
  /** The SALES_REPORT_TOP_PRODUCTS products of highest revenue in the range. */
  top_products: z.array(salesReportRowSchema),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

export const adminSalesReportResponseSchema = successShape({ report: salesReportSchema });
export type AdminSalesReportResponse = z.infer<typeof adminSalesReportResponseSchema>;
