import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { products } from '../../db/schema/index.js';
import { metricsRegistry } from '../../lib/metrics.js';
import { createCategory, createProduct, createSlide } from '../../seed/factories.js';

// With the listings' cache off (as in these tests), the storefront's reads are still shared by
// the requests that ask for the same thing together (lib/shared-runs.ts, docs/decisions/037).

let ctx: TestContext;
let productId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const category = await createCategory(db, { name: 'يسر', slug: 'shared-yusr' });
  for (let n = 0; n < 15; n += 1) {
    const product = await createProduct(db, {
      name: `سبحة يسر ${n}`,
      category_id: category.id,
      status: 'published',
    });
    productId ??= product.id;
  }
  await createSlide(db, { title: 'رمضان كريم', is_active: true });
});

afterAll(async () => {
  await ctx.close();
});

async function sharedRead(counter: 'runs' | 'callers', read: string): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric(`shop_shared_read_${counter}_total`)?.get();
  return metric?.values.find((value) => value.labels.read === read)?.value ?? 0;
}

async function get(url: string): Promise<unknown> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

describe('reads shared by the requests that ask together', () => {
  it.each([
    ['catalog_listings', `/api/products?page=2&limit=5`],
    ['catalog_listings', '/api/categories'],
    ['catalog_listings', '/api/products/featured/list'],
    ['store_settings', '/api/settings'],
    ['content_active_slides', '/api/slider'],
  ])('%s: %s answers twenty requests at once as it answers one', async (read, url) => {
    const alone = await get(url);
    const runsBefore = await sharedRead('runs', read);
    const callersBefore = await sharedRead('callers', read);
    const together = await Promise.all(Array.from({ length: 20 }, () => get(url)));
    for (const answer of together) expect(answer).toEqual(alone);
    const callers = (await sharedRead('callers', read)) - callersBefore;
    const runs = (await sharedRead('runs', read)) - runsBefore;
    expect(callers).toBe(20);
    expect(runs).toBeLessThanOrEqual(3);
  });

  it("a product's page: shared by its requests, never mixed with another product's", async () => {
    const other = productId + 1;
    const urls = Array.from({ length: 20 }, (_, n) => `/api/products/${n % 2 ? other : productId}`);
    const answers = (await Promise.all(urls.map(get))) as { product: { id: number } }[];
    expect(answers.map((answer) => answer.product.id)).toEqual(
      urls.map((_, n) => (n % 2 ? other : productId)),
    );
    // A product that is not there is not found, for each of its requests.
    const missing = await Promise.all(
      [1, 2, 3].map(() => ctx.app.inject({ method: 'GET', url: '/api/products/999999' })),
    );
    expect(missing.map((response) => response.statusCode)).toEqual([404, 404, 404]);
  });

  it('a change committed before a request is in its answer, with requests for the same page in flight', async () => {
    const url = `/api/products/${productId}`;
    const inFlight = Array.from({ length: 10 }, () => get(url));
    await ctx.database.db
      .update(products)
      .set({ price: 987_650 }) // thousandths of a dinar
      .where(eq(products.id, productId));
    const after = (await get(url)) as { product: { price: number } };
    expect(after.product.price).toBe(987.65);
    await Promise.all(inFlight);
  });
});
