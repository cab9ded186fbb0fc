import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderListResponse, AdminOrderSummary } from '@shop/shared';
import { categoriesQueryKeys } from '../categories/categories-api';
import { citiesQueryKeys } from '../cities/cities-api';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { merchantQueryKeys } from '../merchant/merchant-api';
import { productsQueryKeys } from '../products/products-api';
import { promoCodesQueryKeys } from '../promo-codes/promo-codes-api';
import { settingsQueryKeys } from '../settings/settings-api';
import { cacheHolding, isStale } from '../ui/query-cache-for-test';
import { usersQueryKeys } from '../users/users-api';
import { NO_ORDER_FILTERS } from './order-rules';
import { invalidateAfterOrderDelete, invalidateAfterOrderWrite, ordersQueryKeys, storeChangedOrder } from './orders-api';


const productList = productsQueryKeys.list({ search: '', sort: 'created_at', order: 'desc' });
const userList = usersQueryKeys.list({ search: '', role: '' });

describe('invalidateAfterOrderWrite (a status change or a refund)', () => {
  const changed = [
    ordersQueryKeys.detail(8),
    ordersQueryKeys.list(NO_ORDER_FILTERS),
    ordersQueryKeys.list({ ...NO_ORDER_FILTERS, status: 'cancelled' }),
    dashboardQueryKeys.stats(),
    productList,
    productsQueryKeys.detail(3),
    merchantQueryKeys.list(''),
    merchantQueryKeys.status(),
  ];
  const untouched = [
    ordersQueryKeys.detail(9),
    settingsQueryKeys.all,
    userList,
    citiesQueryKeys.list({ admin: true }),
    categoriesQueryKeys.lists(),
    promoCodesQueryKeys.lists(),
  ];

  it('marks the order, the order lists, stock and the dashboard stale, nothing else', async () => {
    const client = cacheHolding([...changed, ...untouched]);
    await invalidateAfterOrderWrite(client, 8);
    for (const key of changed) expect(isStale(client, key), JSON.stringify(key)).toBe(true);
    for (const key of untouched) expect(isStale(client, key), JSON.stringify(key)).toBe(false);
  });
});

describe('invalidateAfterOrderDelete', () => {
  it("forgets the order and also refreshes the users' order counts", async () => {
    const client = cacheHolding([ordersQueryKeys.detail(8), ordersQueryKeys.list(NO_ORDER_FILTERS), userList, settingsQueryKeys.all]);
    await invalidateAfterOrderDelete(client, 8);
    expect(client.getQueryState(ordersQueryKeys.detail(8))).toBeUndefined();
    expect(isStale(client, ordersQueryKeys.list(NO_ORDER_FILTERS))).toBe(true);
    expect(isStale(client, userList)).toBe(true);
    expect(isStale(client, settingsQueryKeys.all)).toBe(false);
  });
});

describe('storeChangedOrder', () => {
  it('shows the new status in the detail and in every loaded list row at once', () => {
    const client = new QueryClient();
    const row = { id: 8, status: 'pending', status_display: 'قيد الانتظار' } as AdminOrderSummary;
    const other = { id: 9, status: 'pending', status_display: 'قيد الانتظار' } as AdminOrderSummary;
    const page = { orders: [row, other] } as AdminOrderListResponse;
    client.setQueryData<InfiniteData<AdminOrderListResponse>>(ordersQueryKeys.list(NO_ORDER_FILTERS), { pages: [page], pageParams: [1] });
    const changed = { id: 8, status: 'shipped', status_display: 'تم الشحن' } as AdminOrder;
    storeChangedOrder(client, changed);
    expect(client.getQueryData(ordersQueryKeys.detail(8))).toBe(changed);
    const rows = client.getQueryData<InfiniteData<AdminOrderListResponse>>(ordersQueryKeys.list(NO_ORDER_FILTERS))?.pages[0]?.orders;
    expect(rows?.map((order) => order.status)).toEqual(['shipped', 'pending']);
  });
});
