import { describe, expect, it } from 'vitest';
import { attributesQueryKeys } from '../attributes/attributes-api';
import { categoriesQueryKeys } from '../categories/categories-api';
import { citiesQueryKeys } from '../cities/cities-api';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { merchantQueryKeys } from '../merchant/merchant-api';
import { ordersQueryKeys } from '../orders/orders-api';
import { NO_ORDER_FILTERS } from '../orders/order-rules';
import { promoCodesQueryKeys } from '../promo-codes/promo-codes-api';
import { settingsQueryKeys } from '../settings/settings-api';
import { cacheHolding, isStale } from '../ui/query-cache-for-test';
import { usersQueryKeys } from '../users/users-api';
import { invalidateAfterProductWrite, productsQueryKeys, type ProductListFilters } from './products-api';

const filters: ProductListFilters = { search: '', sort: 'created_at', order: 'desc' };

describe('invalidateAfterProductWrite', () => {
  const changed = [
    productsQueryKeys.detail(5),
    productsQueryKeys.attributes(5),
    productsQueryKeys.list(filters),
    productsQueryKeys.list({ ...filters, search: 'سبحة' }),
    dashboardQueryKeys.stats(),
    categoriesQueryKeys.lists(),
    attributesQueryKeys.lists(),
    merchantQueryKeys.list(''),
    merchantQueryKeys.detail(5),
    merchantQueryKeys.status(),
  ];
  const untouched = [
    productsQueryKeys.detail(6),
    settingsQueryKeys.all,
    usersQueryKeys.list({ search: '', role: '' }),
    usersQueryKeys.detail(5),
    citiesQueryKeys.list({ admin: true }),
    citiesQueryKeys.countries(),
    ordersQueryKeys.list(NO_ORDER_FILTERS),
    ordersQueryKeys.detail(5),
    promoCodesQueryKeys.lists(),
    categoriesQueryKeys.options(),
    attributesQueryKeys.options(),
    merchantQueryKeys.bulkRun(),
  ];

  it("marks the product's detail, every product list and the figures showing products stale", async () => {
    const client = cacheHolding([...changed, ...untouched]);
    await invalidateAfterProductWrite(client, 5);
    for (const key of changed) expect(isStale(client, key), JSON.stringify(key)).toBe(true);
  });

  it('leaves settings, users, cities, orders, promo codes and other products untouched', async () => {
    const client = cacheHolding([...changed, ...untouched]);
    await invalidateAfterProductWrite(client, 5);
    for (const key of untouched) expect(isStale(client, key), JSON.stringify(key)).toBe(false);
  });

  it('after a product is created (no id yet) still refreshes the lists, and no product detail', async () => {
    const client = cacheHolding([productsQueryKeys.list(filters), productsQueryKeys.detail(6)]);
    await invalidateAfterProductWrite(client, null);
    expect(isStale(client, productsQueryKeys.list(filters))).toBe(true);
    expect(isStale(client, productsQueryKeys.detail(6))).toBe(false);
  });
});
