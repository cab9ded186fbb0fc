import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse, SettingsResponse } from '@shop/shared';
import { createAccountsService } from '../modules/accounts/index.js';
import { createCategory, createProduct, createUser, saveStoreSettings } from '../seed/factories.js';
import { eventually } from '../../test-support/eventually.js';
import { assertShopBuilt, startShopProcess, stopShopProcess, type ShopProcess } from '../../test-support/shop-process.js';
import { createTestDatabase, serverDatabaseUrl, type TestDatabase } from '../../test-support/test-app.js';

/**
 * Two real server processes (the production build, `node apps/api/dist/main.js`) on one
 * PostgreSQL database, each with a listing cache that would keep a copy for ten minutes: a change
 * made through the back office of one shows in the other within a second (LISTEN/NOTIFY,
 * docs/decisions/010). The build is made by `npm test` before the unit tests run.
 */
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let first: ShopProcess | undefined;
  let second: ShopProcess | undefined;
  let token: string;
  let productId: number;
  let categoryId: number;

  beforeAll(async () => {
    assertShopBuilt();
    database = await createTestDatabase({ poolSize: 2 });
    const category = await createCategory(database.db, { name: 'سبح للاختبار', slug: 'two-processes' });
    categoryId = category.id;
    const product = await createProduct(database.db, {
      name: 'سبحة قبل التعديل',
      category_id: category.id,
      status: 'published',
      price: 10_000,
      stock_quantity: 5,
    });
    productId = product.id;
    await saveStoreSettings(database.db, { store_name: 'المتجر قبل التعديل' });
    const owner = await createUser(database.db, { role: 'admin' });
    token = await createAccountsService(database.db).createSession(owner.id);
    // Long enough that only a notification can refresh another process's copy in time.
    const env = { CATALOG_CACHE_SECONDS: '600' };
    [first, second] = await Promise.all([startShopProcess(serverDatabaseUrl(database), env), startShopProcess(serverDatabaseUrl(database), env)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([stopShopProcess(first), stopShopProcess(second)]);
    await database?.destroy();
  }, 30_000);

  const searchFor = async (server: ShopProcess, text: string) => {
    const response = await fetch(`${server.url}/api/products?search=${encodeURIComponent(text)}`);
    return ((await response.json()) as ProductListResponse).products.map((product) => product.name);
  };

  it('a product edited through one process shows in the other within a second', async () => {
    // The second process has the list in its cache before the change.
    expect(await searchFor(second!, 'سبحة')).toEqual(['سبحة قبل التعديل']);

    const saved = await fetch(`${first!.url}/api/products/${productId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'سبحة بعد التعديل', price: '12', stock_quantity: '5', category_id: String(categoryId) }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const took = await eventually(async () => {
      expect(await searchFor(second!, 'سبحة')).toEqual(['سبحة بعد التعديل']);
    }, 1000);
    expect(took).toBeLessThan(1000);
    // The server-rendered page of the other process too.
    const page = await (await fetch(`${second!.url}/products/${productId}`)).text();
    expect(page.includes('سبحة بعد التعديل'), 'the other process renders the new name').toBe(true);
  });

  it('a search synonym added through one process finds products in the other within a second', async () => {
    // Synonyms are kept in memory whatever the listing cache (search reads them every time).
    expect(await searchFor(second!, 'zzqbeads')).toEqual([]);

    const saved = await fetch(`${first!.url}/api/admin/search-synonyms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ term: 'zzqbeads', targets: ['سبحة'] }),
    });
    expect(saved.status, await saved.clone().text()).toBe(201);

    const took = await eventually(async () => {
      expect(await searchFor(second!, 'zzqbeads')).toEqual(['سبحة بعد التعديل']);
    }, 1000);
    expect(took).toBeLessThan(1000);
  });

  it('store settings saved through one process show in the other within a second', async () => {
    const before = (await (await fetch(`${second!.url}/api/settings`)).json()) as SettingsResponse;
    expect(before.settings.store_name).toBe('المتجر قبل التعديل');

    const saved = await fetch(`${first!.url}/api/settings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ store_name: 'المتجر بعد التعديل' }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    await eventually(async () => {
      const page = await (await fetch(`${second!.url}/`)).text();
      expect(page.includes('المتجر بعد التعديل'), 'the other process renders the new store name').toBe(true);
    }, 1000);
  });
});
