import {
  DASHBOARD_LOW_STOCK_MAX,
  DASHBOARD_RECENT_COUNT,
  DASHBOARD_SALES_DAYS,
  DASHBOARD_SALES_MONTHS,
  LOW_STOCK_THRESHOLD,
  SHOP_TIME_ZONE,
  fromThousandths,
  kuwaitDateOf,
  type AdminStats,
  type Language,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { customerCount } from '../accounts/index.js';
import { lowStockProducts, productCount, recentProducts } from '../catalog/index.js';
import { orderFigures, recentOrders, salesByDay } from '../orders/index.js';
import { salesSeries, seriesStart } from './sales-calendar.js';

/**
 * The back office's dashboard figures (docs/decisions/011-dashboard-figures.md), each asked of
 * the module that owns it: one query per figure group, none per row.
 */
export function createDashboardService(db: Database) {
  return {
    /** The dashboard as it is at `now`, names in `lang`; days and months are Kuwait's. */
    async stats(lang: Language, now: Date = new Date()): Promise<AdminStats> {
      const today = kuwaitDateOf(now);
      const [products, orders, customers, newestProducts, newestOrders, lowStock, sales] =
        await Promise.all([
          productCount(db),
          orderFigures(db),
          customerCount(db),
          recentProducts(db, lang, DASHBOARD_RECENT_COUNT),
          recentOrders(db, DASHBOARD_RECENT_COUNT),
          lowStockProducts(db, lang, LOW_STOCK_THRESHOLD, DASHBOARD_LOW_STOCK_MAX),
          salesByDay(
            db,
            seriesStart(today, DASHBOARD_SALES_DAYS, DASHBOARD_SALES_MONTHS),
            today,
            SHOP_TIME_ZONE,
          ),
        ]);
      return {
        totalProducts: products,
        activeOrders: orders.activeOrders,
        totalUsers: customers,
        totalOrders: orders.totalOrders,
        totalRevenue: fromThousandths(orders.revenue),
        recentProducts: newestProducts,
        recentOrders: newestOrders,
        lowStock: lowStock.products,
        lowStockCount: lowStock.total,
        sales: salesSeries(sales, today, DASHBOARD_SALES_DAYS, DASHBOARD_SALES_MONTHS),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
