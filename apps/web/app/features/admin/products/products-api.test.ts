import { QueryClient, type QueryKey } from '@tanstack/react-query';
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
import { usersQueryKeys } from '../users/users-api';
import { invalidateAfterProductWrite, productKeys, productsQueryKeys, type ProductListFilters } from './products-api';

const filters: ProductListFilters = { search: '', sort: 'created_at', order: 'desc' };

/** A cache holding one entry under every key a product write might touch, all fresh. */
function filledClient(keys: readonly QueryKey[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

const stale = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

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
    const client = filledClient([...changed, ...untouched]);
    await invalidateAfterProductWrite(client, 5);
    for (const key of changed) expect(stale(client, key), JSON.stringify(key)).toBe(true);
  });

  it('leaves settings, users, cities, orders, promo codes and other products untouched', async () => {
    const client = filledClient([...changed, ...untouched]);
    await invalidateAfterProductWrite(client, 5);
    for (const key of untouched) expect(stale(client, key), JSON.stringify(key)).toBe(false);
  });

  it('after a product is created (no id yet) still refreshes the lists, and no product detail', async () => {
    const client = filledClient([productsQueryKeys.list(filters), productsQueryKeys.detail(6)]);
    await invalidateAfterProductWrite(client, null);
    expect(stale(client, productsQueryKeys.list(filters))).toBe(true);
    expect(stale(client, productsQueryKeys.detail(6))).toBe(false);
  });
});

describe('product keys', () => {
  it("keep the form's choices under the categories and attributes they come from", () => {
    expect(productKeys.categoryOptions.slice(0, 2)).toEqual(categoriesQueryKeys.all);
    expect(productKeys.attributeOptions.slice(0, 2)).toEqual(attributesQueryKeys.all);
  });
});
