import { describe, expect, it } from 'vitest';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { merchantQueryKeys } from '../merchant/merchant-api';
import { NO_ORDER_FILTERS } from '../orders/order-rules';
import { ordersQueryKeys } from '../orders/orders-api';
import { productsQueryKeys } from '../products/products-api';
import { settingsQueryKeys } from '../settings/settings-api';
import { cacheHolding, isStale } from '../ui/query-cache-for-test';
import { usersQueryKeys } from '../users/users-api';
import { categoriesQueryKeys, categoryOptionsQuery, invalidateAfterCategoryWrite } from './categories-api';

describe('invalidateAfterCategoryWrite', () => {
  it("marks the categories, the product form's choices, the products and the dashboard stale, not settings, users or orders", async () => {
    const changed = [
      categoriesQueryKeys.lists(),
      categoriesQueryKeys.detail(2),
      categoryOptionsQuery().queryKey,
      productsQueryKeys.list({ search: '', sort: 'created_at', order: 'desc' }),
      productsQueryKeys.detail(5),
      dashboardQueryKeys.stats(),
      merchantQueryKeys.status(),
    ];
    const untouched = [settingsQueryKeys.all, usersQueryKeys.list({ search: '', role: '' }), ordersQueryKeys.list(NO_ORDER_FILTERS), merchantQueryKeys.list('')];
    const client = cacheHolding([...changed, ...untouched]);
    await invalidateAfterCategoryWrite(client);
    for (const key of changed) expect(isStale(client, key), JSON.stringify(key)).toBe(true);
    for (const key of untouched) expect(isStale(client, key), JSON.stringify(key)).toBe(false);
  });
});
