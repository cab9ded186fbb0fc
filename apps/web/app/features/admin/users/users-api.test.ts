import { describe, expect, it } from 'vitest';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { NO_ORDER_FILTERS } from '../orders/order-rules';
import { ordersQueryKeys } from '../orders/orders-api';
import { productsQueryKeys } from '../products/products-api';
import { settingsQueryKeys } from '../settings/settings-api';
import { cacheHolding, isStale } from '../ui/query-cache-for-test';
import { refreshAfterUserDelete, refreshUsers, usersQueryKeys } from './users-api';

const everyone = usersQueryKeys.list({ search: '', role: '' });
const orders = ordersQueryKeys.list(NO_ORDER_FILTERS);
const products = productsQueryKeys.list({ search: '', sort: 'created_at', order: 'desc' });

describe('user writes', () => {
  it('a save refreshes the users and the customer count, not the orders, products or settings', async () => {
    const client = cacheHolding([everyone, usersQueryKeys.detail(9), dashboardQueryKeys.stats(), orders, products, settingsQueryKeys.all]);
    await refreshUsers(client);
    for (const key of [everyone, usersQueryKeys.detail(9), dashboardQueryKeys.stats()]) expect(isStale(client, key), JSON.stringify(key)).toBe(true);
    for (const key of [orders, products, settingsQueryKeys.all]) expect(isStale(client, key), JSON.stringify(key)).toBe(false);
  });

  it("a deletion also refreshes the orders (the customer's become guest orders) and forgets the user", async () => {
    const client = cacheHolding([everyone, usersQueryKeys.detail(9), orders, products]);
    await refreshAfterUserDelete(client, 9);
    expect(client.getQueryState(usersQueryKeys.detail(9))).toBeUndefined();
    expect(isStale(client, everyone)).toBe(true);
    expect(isStale(client, orders)).toBe(true);
    expect(isStale(client, products)).toBe(false);
  });
});
