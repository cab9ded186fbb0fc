import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { createCategory, createProduct } from '../../seed/factories.js';

// List totals and category counts come from published_product_counts, which a trigger keeps
// in step with products. Every change below must leave it equal to a live count.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

interface CountRow {
  category_key: number;
  featured: boolean;
  products: number;
}

async function keptCounts(): Promise<CountRow[]> {
  return queryRows<CountRow>(
    ctx.database.db,
    sql`select category_key, featured, products from published_product_counts
        where products <> 0 order by 1, 2`,
  );
}

async function liveCounts(): Promise<CountRow[]> {
  return queryRows<CountRow>(
    ctx.database.db,
    sql`select coalesce(category_id, 0) as category_key, featured, count(*)::integer as products
        from products where status = 'published' group by 1, 2 order by 1, 2`,
  );
}

async function expectInStep(): Promise<void> {
  expect(await keptCounts()).toEqual(await liveCounts());
}

async function listTotal(query = ''): Promise<number> {
  const response = await ctx.app.inject(`/api/products?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().pagination.total;
}

describe('published product counts', () => {
  it('follow every change to products', async () => {
    const db = ctx.database.db;
    const rings = await createCategory(db, { slug: 'rings' });
    const beads = await createCategory(db, { slug: 'beads' });
    const one = await createProduct(db, { category_id: rings.id });
    const two = await createProduct(db, { category_id: rings.id, featured: true });
    const draft = await createProduct(db, { category_id: beads.id, status: 'draft' });
    await createProduct(db, {});
    await expectInStep();
    expect(await listTotal()).toBe(3);
    expect(await listTotal('category=rings')).toBe(2);
    expect(await listTotal('featured=true')).toBe(1);

    await db.update(products).set({ status: 'published' }).where(eq(products.id, draft.id));
    await expectInStep();
    expect(await listTotal('category=beads')).toBe(1);

    await db.update(products).set({ status: 'draft' }).where(eq(products.id, one.id));
    await db
      .update(products)
      .set({ category_id: beads.id, featured: false })
      .where(eq(products.id, two.id));
    await expectInStep();
    expect(await listTotal('category=rings')).toBe(0);
    expect(await listTotal('category=beads')).toBe(2);
    expect(await listTotal('featured=true')).toBe(0);

    // Stock changes on every order and must not disturb the counts.
    await db.update(products).set({ stock_quantity: 0 }).where(eq(products.id, two.id));
    await expectInStep();

    // Deleting a category moves its products to "no category" (on delete set null).
    await db.delete(categories).where(eq(categories.id, beads.id));
    await expectInStep();
    expect(await listTotal()).toBe(3);

    await db.delete(products).where(inArray(products.id, [two.id, draft.id]));
    await expectInStep();
    expect(await listTotal()).toBe(1);

    await queryRows(db, sql`truncate products cascade`);
    expect(await keptCounts()).toEqual([]);
    expect(await listTotal()).toBe(0);
    await createProduct(db, { category_id: rings.id });
    await expectInStep();
    expect(await listTotal('category=rings')).toBe(1);
  });

  it('feed the category product counts', async () => {
    const db = ctx.database.db;
    const parent = await createCategory(db, { slug: 'parent' });
    const child = await createCategory(db, { slug: 'child', parent_id: parent.id });
    await createProduct(db, { category_id: child.id });
    await createProduct(db, { category_id: child.id, featured: true });
    await createProduct(db, { category_id: parent.id, status: 'draft' });
    const { flat_categories } = (await ctx.app.inject('/api/categories')).json();
    const count = (slug: string) =>
      flat_categories.find((category: { slug: string }) => category.slug === slug).product_count;
    expect(count('parent')).toBe(2);
    expect(count('child')).toBe(2);
  });
});
