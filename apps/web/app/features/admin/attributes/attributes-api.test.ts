import type { QueryClient } from '@tanstack/react-query';
import type { AdminAttribute, AdminVariationWithAttribute } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { activityQueryKeys } from '../activity/activity-api';
import { categoriesQueryKeys, categoryOptionsQuery } from '../categories/categories-api';
import { citiesQueryKeys } from '../cities/cities-api';
import { dashboardQueryKeys } from '../dashboard/dashboard-api';
import { merchantQueryKeys } from '../merchant/merchant-api';
import { NO_ORDER_FILTERS } from '../orders/order-rules';
import { ordersQueryKeys } from '../orders/orders-api';
import { productsQueryKeys } from '../products/products-api';
import { promoCodesQueryKeys } from '../promo-codes/promo-codes-api';
import { settingsQueryKeys } from '../settings/settings-api';
import { cacheHolding, isStale } from '../ui/query-cache-for-test';
import { usersQueryKeys } from '../users/users-api';
import { testAttributes } from './attributes-for-test';
import { afterAttributeWrite, attributeOptionsQuery, attributesQuery, attributesQueryKeys, invalidateAfterAttributeWrite } from './attributes-api';

const [size, colour] = testAttributes;

const value = (id: number, title: string, additional_price: number): AdminVariationWithAttribute => ({
  id,
  attribute_id: 1,
  title,
  title_en: null,
  additional_price,
  product_count: 0,
  created_at: '2025-01-03T00:00:00.000Z',
  attribute_name: 'المقاس',
  attribute_name_en: 'Size',
});

/** Every write of the tab, run against a cache as its hook runs it once the server said yes. */
const writes: Record<string, (client: QueryClient) => Promise<unknown>> = {
  'create an attribute': (client) => afterAttributeWrite.created(client, { ...colour, id: 3, name: 'الخامة' }),
  'rename an attribute': (client) => afterAttributeWrite.renamed(client, { ...size, name: 'الحجم' }),
  'delete an attribute': (client) => afterAttributeWrite.deleted(client, 1),
  'add a value': (client) => afterAttributeWrite.valueCreated(client, 1, value(13, 'وسط', 1)),
  'change a value': (client) => afterAttributeWrite.valueUpdated(client, 1, value(11, 'كبير جدا', 3)),
  'delete a value': (client) => afterAttributeWrite.valueDeleted(client, 1, 12),
};

const changed = [
  attributesQuery().queryKey,
  attributeOptionsQuery().queryKey,
  productsQueryKeys.list({ search: '', sort: 'created_at', order: 'desc' }),
  productsQueryKeys.list({ search: 'سبحة', sort: 'price', order: 'asc' }),
  productsQueryKeys.detail(5),
  productsQueryKeys.attributes(5),
];
const untouched = [
  settingsQueryKeys.all,
  usersQueryKeys.list({ search: '', role: '' }),
  usersQueryKeys.detail(5),
  ordersQueryKeys.list(NO_ORDER_FILTERS),
  ordersQueryKeys.detail(5),
  dashboardQueryKeys.stats(),
  categoriesQueryKeys.lists(),
  categoryOptionsQuery().queryKey,
  citiesQueryKeys.list({ admin: true }),
  promoCodesQueryKeys.lists(),
  merchantQueryKeys.list(''),
  merchantQueryKeys.detail(5),
  merchantQueryKeys.status(),
  activityQueryKeys.lists(),
];

/** A cache holding the tab's list (both attributes) and one entry under each other key. */
function filledCache(): QueryClient {
  const client = cacheHolding([...changed, ...untouched]);
  client.setQueryData(attributesQueryKeys.lists(), [size, colour]);
  return client;
}

const listIn = (client: QueryClient) => client.getQueryData<AdminAttribute[]>(attributesQueryKeys.lists()) ?? [];

describe('attribute writes', () => {
  for (const [write, run] of Object.entries(writes)) {
    it(`${write}: refreshes every attribute query and the products, leaves settings, users, orders and the rest untouched`, async () => {
      const client = filledCache();
      await run(client);
      for (const key of changed) expect(isStale(client, key), JSON.stringify(key)).toBe(true);
      for (const key of untouched) expect(isStale(client, key), JSON.stringify(key)).toBe(false);
    });
  }

  it('invalidateAfterAttributeWrite (a refused write whose row is gone) refreshes the same queries', async () => {
    const client = filledCache();
    await invalidateAfterAttributeWrite(client);
    for (const key of changed) expect(isStale(client, key), JSON.stringify(key)).toBe(true);
    for (const key of untouched) expect(isStale(client, key), JSON.stringify(key)).toBe(false);
  });
});

describe("a write's reply in the tab's list at once", () => {
  it('a new attribute joins the end of the list; a renamed one keeps its place', async () => {
    let client = filledCache();
    await writes['create an attribute']!(client);
    expect(listIn(client).map((item) => item.name)).toEqual(['المقاس', 'اللون', 'الخامة']);
    client = filledCache();
    await writes['rename an attribute']!(client);
    expect(listIn(client).map((item) => item.name)).toEqual(['الحجم', 'اللون']);
  });

  it('a deleted attribute leaves the list', async () => {
    const client = filledCache();
    await writes['delete an attribute']!(client);
    expect(listIn(client).map((item) => item.id)).toEqual([2]);
  });

  it("values are added, changed and deleted in their attribute only", async () => {
    const titles = (client: QueryClient) => listIn(client).map((item) => item.variations.map((variation) => `${variation.title} ${variation.additional_price}`));
    let client = filledCache();
    await writes['add a value']!(client);
    expect(titles(client)).toEqual([['كبير 2.5', 'صغير 0', 'وسط 1'], []]);
    client = filledCache();
    await writes['change a value']!(client);
    expect(titles(client)).toEqual([['كبير جدا 3', 'صغير 0'], []]);
    client = filledCache();
    await writes['delete a value']!(client);
    expect(titles(client)).toEqual([['كبير 2.5'], []]);
  });

  it('leaves an empty cache empty (the tab was never opened)', async () => {
    const client = cacheHolding([]);
    await writes['add a value']!(client);
    expect(client.getQueryData(attributesQueryKeys.lists())).toBeUndefined();
  });
});

describe('attribute keys', () => {
  it("keep the product form's choices under the resource they come from, beside the tab's list", () => {
    expect(attributeOptionsQuery().queryKey.slice(0, 2)).toEqual(attributesQueryKeys.all);
    expect(categoryOptionsQuery().queryKey.slice(0, 2)).toEqual(categoriesQueryKeys.all);
    expect(attributeOptionsQuery().queryKey).not.toEqual(attributesQuery().queryKey);
  });
});
