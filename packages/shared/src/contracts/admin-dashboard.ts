import { z } from 'zod';
import { orderStatuses, type OrderStatus } from '../orders.js';
import { orderStatusColors } from './admin-orders.js';
import { moneySchema, plainText, successShape } from './common.js';

/**
 * The back office's dashboard (every figure is defined in
 * docs/decisions/011-dashboard-figures.md).
 *
 * - `GET /api/admin/stats` (`dashboard.view`; moderators have it): the five figures, the newest
 *   products and orders, the low-stock list and the sales of the last 30 Kuwait days and 12
 *   Kuwait months. `?_=` (a cache-busting parameter) is accepted and ignored; the reply
 *   is never cached (`Cache-Control: private, no-store`), the web keeps it fresh for
 *   DASHBOARD_STALE_MS.
 */

/** The counts: 5 recent products, 5 recent orders. */
export const DASHBOARD_RECENT_COUNT = 5;
/** Longest low-stock list on the dashboard; `lowStockCount` says how many there are in all. */
export const DASHBOARD_LOW_STOCK_MAX = 10;
/** Days of the daily sales series, today (in Kuwait) included. */
export const DASHBOARD_SALES_DAYS = 30;
/** Months of the monthly sales series, this month (in Kuwait) included. */
export const DASHBOARD_SALES_MONTHS = 12;

/** Orders still being worked on (counted by `activeOrders`). */
export const ACTIVE_ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
] as const satisfies readonly OrderStatus[];
/** Orders whose money the shop does not keep (left out of `totalRevenue` and the sales series). */
export const NON_REVENUE_ORDER_STATUSES = [
  'cancelled',
  'refunded',
] as const satisfies readonly OrderStatus[];

/** GET /api/admin/stats query: only the ignored cache-busting parameter. */
export const adminStatsQuerySchema = z.object({
  _: plainText().max(100, 'validation.invalid_value').optional(),
});

export const dashboardProductSchema = z.object({
  id: z.number().int(),
  /** In the request's language (the Arabic name when the product has no English one). */
  name: z.string(),
  category_name: z.string().nullable(),
  price: moneySchema,
  status: z.enum(['published', 'draft']),
  featured_image: z.string().nullable(),
});
export type DashboardProduct = z.infer<typeof dashboardProductSchema>;

export const dashboardOrderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  /** The customer's name as ordered, split at the first space. */
  first_name: z.string(),
  last_name: z.string(),
  created_at: z.string(),
  total_amount: moneySchema,
  status: z.enum(orderStatuses),
  status_color: z.enum(orderStatusColors),
});
export type DashboardOrder = z.infer<typeof dashboardOrderSchema>;

export const lowStockProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  stock_quantity: z.number().int(),
  featured_image: z.string().nullable(),
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

export const salesDaySchema = z.object({
  /** A Kuwait calendar day, YYYY-MM-DD. */
  date: z.string(),
  revenue: moneySchema,
  orders: z.number().int(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const salesMonthSchema = z.object({
  /** A Kuwait calendar month, YYYY-MM. */
  month: z.string(),
  revenue: moneySchema,
  orders: z.number().int(),
});
export type SalesMonth = z.infer<typeof salesMonthSchema>;

export const adminStatsSchema = z.object({
  /** Every product, published or draft. */
  totalProducts: z.number().int(),
  /** Orders pending, processing or shipped. */
  activeOrders: z.number().int(),
  /** Customer accounts (staff not counted). */
  totalUsers: z.number().int(),
  /** Every order, whatever its status. */
  totalOrders: z.number().int(),
  /** KWD, exact to the fils: the totals of every order neither cancelled nor refunded. */
  totalRevenue: moneySchema,
  recentProducts: z.array(dashboardProductSchema),
  recentOrders: z.array(dashboardOrderSchema),
  /** Published and draft products with managed stock at or below LOW_STOCK_THRESHOLD, lowest first. */
  lowStock: z.array(lowStockProductSchema),
  /** How many products are low in all (lowStock shows at most DASHBOARD_LOW_STOCK_MAX). */
  lowStockCount: z.number().int(),
  sales: z.object({
    /** DASHBOARD_SALES_DAYS days, oldest first, days without orders as zeros. */
    daily: z.array(salesDaySchema),
    /** DASHBOARD_SALES_MONTHS months, oldest first, months without orders as zeros. */
    monthly: z.array(salesMonthSchema),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminStatsResponseSchema = successShape({ stats: adminStatsSchema });
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;
