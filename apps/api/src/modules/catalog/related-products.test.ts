import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Product } from '@shop/shared';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { products } from '../../db/schema/index.js';
import { createCategory, createProduct } from '../../seed/factories.js';

let ctx: TestContext;

const base = Date.UTC(2024, 0, 1);
/** A creation time n minutes after the base, so "newest first" is known in advance. */
const at = (minutes: number) => new Date(base + minutes * 60_000);

let fx: {
  viewed: number;
  sameInStock: number;
  sameUntracked: number;
  sameSoldOut: number;
  otherInStock: number;
  otherOlderInStock: number;
  otherSoldOut: number;
};

async function relatedIds(id: number, limit?: number): Promise<number[]> {
  const url = `/api/products/${id}/related${limit === undefined ? '' : `?limit=${limit}`}`;
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return (response.json().products as Product[]).map((product) => product.id);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const amber = await createCategory(db, { name: 'كهرمان', slug: 'amber' });
  const yusr = await createCategory(db, { name: 'يسر', slug: 'yusr' });
  const product = async (category: number, minutes: number, stock: number, manageStock = true) =>
    (await createProduct(db, { category_id: category, created_at: at(minutes), stock_quantity: stock, manage_stock: manageStock })).id;
  fx = {
    viewed: await product(amber.id, 1, 5),
    sameInStock: await product(amber.id, 10, 3),
    // Stock not tracked: always available.
    sameUntracked: await product(amber.id, 5, 0, false),
    // The newest of its category, but sold out.
    sameSoldOut: await product(amber.id, 50, 0),
    otherInStock: await product(yusr.id, 40, 2),
    otherOlderInStock: await product(yusr.id, 20, 9),
    // The newest of all, sold out.
    otherSoldOut: await product(yusr.id, 60, 0),
  };
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/products/:id/related: in stock, same category first', () => {
  it('offers the in-stock products of the same category first, then in-stock others, never sold-out ones', async () => {
    expect(await relatedIds(fx.viewed)).toEqual([fx.sameInStock, fx.sameUntracked, fx.otherInStock, fx.otherOlderInStock]);
  });

  it('fills up with other categories only as far as the limit asks', async () => {
    expect(await relatedIds(fx.viewed, 3)).toEqual([fx.sameInStock, fx.sameUntracked, fx.otherInStock]);
    expect(await relatedIds(fx.viewed, 1)).toEqual([fx.sameInStock]);
  });

  it('follows stock changes: a product sold out leaves the suggestions, one restocked comes back', async () => {
    const db = ctx.database.db;
    await db.update(products).set({ stock_quantity: 0 }).where(eq(products.id, fx.sameInStock));
    await db.update(products).set({ stock_quantity: 4 }).where(eq(products.id, fx.sameSoldOut));
    // The catalogue's listing cache is dropped when stock changes (orders, back office).
    ctx.app.services.catalog.invalidateListings();
    expect(await relatedIds(fx.viewed)).toEqual([fx.sameSoldOut, fx.sameUntracked, fx.otherInStock, fx.otherOlderInStock]);
  });
});
