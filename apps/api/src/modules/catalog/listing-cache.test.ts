import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { products } from '../../db/schema/index.js';
import { createProduct } from '../../seed/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
});
afterAll(async () => {
  await ctx.close();
});

const names = async (url: string) =>
  ((await ctx.app.inject(url)).json().products as { name: string }[]).map((product) => product.name);

describe('listing cache', () => {
  it('reuses listings until a catalogue write invalidates them', async () => {
    const product = await createProduct(ctx.database.db, { name: 'سبحة قديمة' });
    expect(await names('/api/products')).toEqual(['سبحة قديمة']);

    await ctx.database.db.update(products).set({ name: 'سبحة جديدة' }).where(eq(products.id, product.id));
    expect(await names('/api/products')).toEqual(['سبحة قديمة']);
    // A product's own page is never cached.
    expect((await ctx.app.inject(`/api/products/${product.id}`)).json().product.name).toBe('سبحة جديدة');

    ctx.app.services.catalog.invalidateListings();
    expect(await names('/api/products')).toEqual(['سبحة جديدة']);
  });

  it('keys listings by every filter', async () => {
    await createProduct(ctx.database.db, { name: 'سبحة مميزة', featured: true });
    ctx.app.services.catalog.invalidateListings();
    expect(await names('/api/products?featured=true')).toEqual(['سبحة مميزة']);
    expect(await names('/api/products?sort=name&order=asc')).toHaveLength(2);
    expect(await names(`/api/products?search=${encodeURIComponent('مميزة')}`)).toEqual(['سبحة مميزة']);
  });
});
