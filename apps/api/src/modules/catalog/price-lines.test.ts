import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createProduct } from '../../seed/factories.js';
import { createPricingService } from './pricing.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('priceLines', () => {
  it('takes each product’s own first image, whatever the image ids', async () => {
    const db = ctx.database.db;
    // Image ids and product ids deliberately fall out of step.
    const first = await createProduct(db, { price: 10_000 }, { images: ['first-a.webp', 'first-b.webp', 'first-c.webp'] });
    const second = await createProduct(db, { price: 12_750, sale_price: 9_500 }, { images: ['second-a.webp'] });
    const lines = await createPricingService(db).priceLines([
      { product_id: second.id, quantity: 1, selected: {} },
      { product_id: first.id, quantity: 2, selected: {} },
    ]);
    expect(lines.map((line) => line.featured_image)).toEqual([
      '/uploads/products/second-a.webp',
      '/uploads/products/first-a.webp',
    ]);
    expect(lines.map((line) => line.unit_price)).toEqual([9_500, 10_000]);
  });
});
