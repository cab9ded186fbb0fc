import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminStats } from '@shop/shared';
import { ApiError } from '../../../lib/api';
import { renderAdmin, textOf } from '../categories/render-for-test';
import { dashboardQueryKeys } from './dashboard-api';
import DashboardTab from './dashboard-tab';

const days = Array.from({ length: 30 }, (_, index) => ({
  date: `2026-03-${String(index + 1).padStart(2, '0')}`,
  revenue: index === 29 ? 12.5 : 0,
  orders: index === 29 ? 2 : 0,
}));
const months = Array.from({ length: 12 }, (_, index) => ({
  month: `2025-${String(index + 1).padStart(2, '0')}`,
  revenue: index === 11 ? 1234.5 : 0,
  orders: index === 11 ? 40 : 0,
}));

const stats: AdminStats = {
  totalProducts: 42,
  activeOrders: 3,
  totalUsers: 1250,
  totalOrders: 57,
  totalRevenue: 1234.5,
  recentProducts: [
    {
      id: 7,
      name: 'Amber rosary',
      category_name: 'Rosaries',
      price: 12.75,
      status: 'published',
      featured_image: '/uploads/products/amber.webp',
    },
    {
      id: 6,
      name: 'Draft beads',
      category_name: null,
      price: 3,
      status: 'draft',
      featured_image: null,
    },
  ],
  recentOrders: [
    {
      id: 91,
      order_number: 'SB-7K3M9Q2X4T',
      first_name: 'Fatima',
      last_name: 'Ali',
      created_at: '2026-03-30T21:30:00.000Z',
      total_amount: 12.5,
      status: 'shipped',
      status_color: 'purple',
    },
  ],
  lowStock: [
    { id: 3, name: 'Olive wood', stock_quantity: 0, featured_image: null },
    { id: 4, name: 'Coral', stock_quantity: 2, featured_image: null },
  ],
  lowStockCount: 14,
  sales: { daily: days, monthly: months },
};

const empty: AdminStats = {
  totalProducts: 0,
  activeOrders: 0,
  totalUsers: 0,
  totalOrders: 0,
  totalRevenue: 0,
  recentProducts: [],
  recentOrders: [],
  lowStock: [],
  lowStockCount: 0,
  sales: {
    daily: days.map((day) => ({ ...day, revenue: 0, orders: 0 })),
    monthly: months.map((month) => ({ ...month, revenue: 0, orders: 0 })),
  },
};

const fill = (data: AdminStats) => (client: QueryClient) =>
  client.setQueryData(dashboardQueryKeys.stats(), data);

/** A query that already failed; the screen shows the failure instead of fetching again on mount. */
const fillError = (queryKey: QueryKey, error: Error) => (client: QueryClient) => {
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retryOnMount: false },
  });
  client.getQueryCache().build(client, { queryKey }).setState({
    status: 'error',
    error,
    errorUpdatedAt: 1,
    errorUpdateCount: 1,
    fetchStatus: 'idle',
    fetchFailureCount: 1,
    fetchFailureReason: error,
  });
};

describe('dashboard tab', () => {
  it('shows the five figures, revenue as 1,234.500 KD, and the lists with their links for an administrator', () => {
    const html = renderAdmin(<DashboardTab />, { lang: 'en', role: 'admin', fill: fill(stats) });
    const text = textOf(html);
    expect(text).toContain('Revenue');
    expect(text).toContain('1,234.500 KD');
    expect(text).toContain('Active orders 3');
    expect(text).toContain('Customers 1,250');
    expect(text).toContain('All orders 57');
    expect(text).toContain('Products 42');
    expect(html).toContain('href="/admin/orders/91"');
    expect(text).toContain('SB-7K3M9Q2X4T');
    expect(text).toContain('Fatima Ali');
    // 21:30 UTC on 30 March is 31 March in Kuwait.
    expect(text).toContain('31 Mar 2026');
    expect(text).toContain('Shipped');
    expect(html).toContain('href="/admin/products/edit/7"');
    expect(html).toContain('href="/admin/products/edit/3"');
    expect(text).toContain('Out of stock');
    expect(text).toContain('2 left');
    expect(text).toContain('And 12 more products are running low.');
    expect(text).toContain('Last 30 days: 12.500 KD, orders: 2');
    expect(text).not.toContain('Welcome to your new shop');
    expect(text).not.toMatch(/admin-dashboard\.|admin\.common\./);
  });

  it("gives screen readers a table of the chart's numbers", () => {
    const html = renderAdmin(<DashboardTab />, { lang: 'en', role: 'admin', fill: fill(stats) });
    expect(html).toContain('Revenue and orders per day, last 30 days (Kuwait time)');
    expect(textOf(html)).toMatch(/Monday,? 30 March 2026 12\.500 KD 2/);
    expect(html).toContain('aria-pressed="true"');
  });

  it('shows the figures in Arabic, and product names without edit links for a moderator', () => {
    const html = renderAdmin(<DashboardTab />, {
      lang: 'ar',
      role: 'moderator',
      fill: fill(stats),
    });
    const text = textOf(html);
    expect(text).toContain('الإيرادات');
    expect(text).toContain('1,234.500 د.ك');
    expect(text).toContain('أحدث الطلبات');
    expect(text).toContain('تم الشحن');
    expect(html).toContain('href="/admin/orders/91"');
    expect(html).not.toContain('/admin/products/edit/');
    expect(text).toContain('Amber rosary');
    expect(text).not.toMatch(/admin-dashboard\.|admin\.common\./);
  });

  it('welcomes a new shop with empty lists instead of blanks', () => {
    const text = textOf(
      renderAdmin(<DashboardTab />, { lang: 'en', role: 'admin', fill: fill(empty) }),
    );
    expect(text).toContain('Welcome to your new shop');
    expect(text).toContain('Add a product');
    expect(text).toContain('No orders yet');
    expect(text).toContain('No products yet');
    expect(text).toContain('No product is running low');
    expect(text).toContain('0.000 KD');
  });

  it('shows a skeleton while the figures load', () => {
    const html = renderAdmin(<DashboardTab />, { lang: 'ar', role: 'admin' });
    expect(html).toContain('aria-busy="true"');
    expect(textOf(html)).toContain('جارٍ تحميل لوحة التحكم');
  });

  it("says what failed, with the server's reason and a retry", () => {
    const failure = new ApiError(500, 'INTERNAL', 'حدث خطأ غير متوقع');
    const html = renderAdmin(<DashboardTab />, {
      lang: 'ar',
      role: 'admin',
      fill: fillError(dashboardQueryKeys.stats(), failure),
    });
    const text = textOf(html);
    expect(html).toContain('role="alert"');
    expect(text).toContain('تعذّر تحميل لوحة التحكم');
    expect(text).toContain('حدث خطأ غير متوقع');
    expect(text).toContain('إعادة المحاولة');
  });
});
