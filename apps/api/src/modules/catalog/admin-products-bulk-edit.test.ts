import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BULK_EDIT_MAX_PRODUCTS,
  type ProductListResponse,
  type ProductsBulkEditInput,
  type ProductsBulkEditResponse,
} from '@shop/shared';
import { admin, call, ctx, customer, fx, moderator, useAdminProductsShop } from '../../../test-support/admin-products.js';
import { auditLog, products, stockMovements } from '../../db/schema/index.js';
import { createCategory, createProduct, createProducts, openStockLedger } from '../../seed/factories.js';

/** The bulk edit of products (docs/decisions/057), through the real HTTP app. */
useAdminProductsShop();

const URL = '/api/admin/products/bulk-edit';

/** Sends the body by the administrator, or by `token` (null: nobody signed in). */
const bulk = (body: unknown, token: string | null = admin.token, lang: 'ar' | 'en' = 'en') =>
  call('POST', URL, body as Record<string, unknown>, token === null ? { lang } : { token, lang });

async function applied(body: ProductsBulkEditInput): Promise<ProductsBulkEditResponse> {
  const reply = await bulk(body);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<ProductsBulkEditResponse>();
}

/** Products made for one test (stock ledger opened as the demo store's are). */
async function made(rows: Array<Partial<typeof products.$inferInsert>>): Promise<number[]> {
  const ids: number[] = [];
  for (const values of rows) {
    const row = await createProduct(ctx.database.db, { category_id: fx.beads, ...values });
    await openStockLedger(ctx.database.db, [row]);
    ids.push(row.id);
  }
  return ids;
}

async function rowsOf(ids: readonly number[]) {
  return ctx.database.db.select().from(products).where(inArray(products.id, [...ids])).orderBy(asc(products.id));
}

describe('changing prices', () => {
  it('changes by a percentage down and up, rounded half up to the fils', async () => {
    const ids = await made([{ price: 10_125 }, { price: 7_777 }]);
    await applied({ selection: { ids }, changes: { price: { percent: -10 } } });
    // 10.125 − 10 % = 9.1125 → 9.113; 7.777 − 10 % = 6.9993 → 6.999.
    expect((await rowsOf(ids)).map((row) => row.price)).toEqual([9_113, 6_999]);
    await applied({ selection: { ids }, changes: { price: { percent: 12.5 } } });
    // 9.113 × 1.125 = 10.252125 → 10.252; 6.999 × 1.125 = 7.873875 → 7.874.
    expect((await rowsOf(ids)).map((row) => row.price)).toEqual([10_252, 7_874]);
  });

  it('changes by an amount either way, and sets a price', async () => {
    const ids = await made([{ price: 5_000 }, { price: 12_500 }]);
    await applied({ selection: { ids }, changes: { price: { amount: '-1.25' } } });
    expect((await rowsOf(ids)).map((row) => row.price)).toEqual([3_750, 11_250]);
    await applied({ selection: { ids }, changes: { price: { amount: 0.5 } } });
    expect((await rowsOf(ids)).map((row) => row.price)).toEqual([4_250, 11_750]);
    await applied({ selection: { ids }, changes: { price: { set: '19.990' } } });
    expect((await rowsOf(ids)).map((row) => row.price)).toEqual([19_990, 19_990]);
  });

  it('sets, removes or derives a sale price from the new price', async () => {
    const ids = await made([{ price: 20_000, sale_price: null }, { price: 30_000, sale_price: 25_000 }]);
    await applied({ selection: { ids }, changes: { sale_price: { set: 15 } } });
    expect((await rowsOf(ids)).map((row) => row.sale_price)).toEqual([15_000, 15_000]);
    // A percentage off the price as the same change makes it: 20 → 22 → 25 % off = 16.5.
    await applied({ selection: { ids: [ids[0]!] }, changes: { price: { set: 22 }, sale_price: { percent_off_price: 25 } } });
    expect((await rowsOf(ids))[0]).toMatchObject({ price: 22_000, sale_price: 16_500 });
    await applied({ selection: { ids }, changes: { sale_price: { remove: true } } });
    expect((await rowsOf(ids)).map((row) => row.sale_price)).toEqual([null, null]);
  });

  it('refuses the whole change, writing nothing, when a sale price would not stay below the price', async () => {
    const ids = await made([{ price: 10_000, sale_price: 9_500 }, { price: 10_000, sale_price: 5_000 }]);
    const before = await rowsOf(ids);
    const preview = await applied({ selection: { ids }, changes: { price: { percent: -10 } }, dry_run: true });
    expect(preview.summary).toEqual({ selected: 2, changed: 1, unchanged: 0, refused: 1 });
    expect(preview.products[0]).toMatchObject({
      id: ids[0],
      refused: { code: 'bulk.sale_price_not_below_price', message: 'The sale price would not be below the price: change or remove the sale price too' },
    });
    expect(preview.products[1]).toMatchObject({ id: ids[1], refused: null, changes: [{ field: 'price', before: 10, after: 9 }] });

    const reply = await bulk({ selection: { ids }, changes: { price: { percent: -10 } } });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'Refused: 1 product cannot take the change; nothing was changed',
      details: [{ field: `products.${ids[0]}`, message: 'The sale price would not be below the price: change or remove the sale price too' }],
    });
    expect(await rowsOf(ids)).toEqual(before);
    const entries = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'bulk_edit'), inArray(auditLog.entity_id, ids)));
    expect(entries).toEqual([]);

    // The others alone (what the dialog's "apply to the others" sends) go through.
    await applied({ selection: { ids: [ids[1]!] }, changes: { price: { percent: -10 } } });
    expect((await rowsOf(ids)).map((row) => row.price)).toEqual([10_000, 9_000]);
  });

  it('refuses a price that would reach 0 or less, and a sale price equal to the price', async () => {
    const ids = await made([{ price: 1_000 }, { price: 4_000, sale_price: null }]);
    const preview = await applied({ selection: { ids }, changes: { price: { amount: -1 }, sale_price: { set: 3 } }, dry_run: true });
    expect(preview.products.map((product) => product.refused?.code ?? null)).toEqual(['bulk.price_not_positive', 'bulk.sale_price_not_below_price']);
    expect((await bulk({ selection: { ids }, changes: { price: { amount: -1 } } })).statusCode).toBe(422);
  });
});

describe('stock, status, category and featured', () => {
  it('sets the stock, each move in the ledger with reason bulk_edit, the ledger adding up', async () => {
    const ids = await made([{ stock_quantity: 3 }, { stock_quantity: 12 }, { stock_quantity: 7 }]);
    const result = await applied({ selection: { ids }, changes: { stock_quantity: 7 } });
    // The third had 7 already: unchanged, nothing written for it.
    expect(result.summary).toEqual({ selected: 3, changed: 2, unchanged: 1, refused: 0 });
    expect(result.message).toBe('2 products changed');
    expect((await rowsOf(ids)).map((row) => row.stock_quantity)).toEqual([7, 7, 7]);
    const moves = await ctx.database.db.select().from(stockMovements).where(inArray(stockMovements.product_id, ids)).orderBy(asc(stockMovements.id));
    expect(moves.filter((move) => move.reason === 'bulk_edit').map((move) => [move.product_id, move.delta, move.level, move.actor_id])).toEqual([
      [ids[0], 4, 7, admin.id],
      [ids[1], -5, 7, admin.id],
    ]);
    for (const id of ids) {
      expect(moves.filter((move) => move.product_id === id).reduce((sum, move) => sum + move.delta, 0)).toBe(7);
    }
  });

  it('sets the status, the category and featured, and records each product in the activity trail', async () => {
    const other = await createCategory(ctx.database.db, { name: 'مسابح', name_en: 'Rosaries', slug: 'bulk-rosaries' });
    const ids = await made([{ status: 'draft', featured: false, price: 8_000 }, { status: 'published', featured: false, price: 9_000 }]);
    const preview = await applied({ selection: { ids }, changes: { status: 'published', category_id: other.id, featured: true }, dry_run: true });
    expect(preview.categories).toEqual(expect.arrayContaining([{ id: other.id, name: 'Rosaries' }]));
    expect(preview.products[0]!.changes).toEqual([
      { field: 'status', before: 'draft', after: 'published' },
      { field: 'category_id', before: fx.beads, after: other.id },
      { field: 'featured', before: false, after: true },
    ]);
    await applied({ selection: { ids }, changes: { status: 'published', category_id: other.id, featured: true } });
    expect((await rowsOf(ids)).map((row) => [row.status, row.category_id, row.featured])).toEqual([
      ['published', other.id, true],
      ['published', other.id, true],
    ]);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bulk_edit'), inArray(auditLog.entity_id, ids)))
      .orderBy(asc(auditLog.entity_id));
    // Every product entry carries the trail's money mark (prices in thousandths).
    const money = { $money: { from: null, to: 'thousandths' } };
    expect(entries.map((entry) => [entry.entity, entry.entity_id, entry.actor_id, entry.changes])).toEqual([
      ['products', ids[0], admin.id, { ...money, status: { from: 'draft', to: 'published' }, category_id: { from: fx.beads, to: other.id }, featured: { from: false, to: true } }],
      ['products', ids[1], admin.id, { ...money, category_id: { from: fx.beads, to: other.id }, featured: { from: false, to: true } }],
    ]);
  });

  it('refuses a category that does not exist with 400 on its field', async () => {
    const ids = await made([{}]);
    const reply = await bulk({ selection: { ids }, changes: { category_id: 987654 } });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details).toEqual([{ field: 'changes.category_id', message: 'The chosen category does not exist' }]);
  });

  it('refuses a product that no longer exists', async () => {
    const [id] = await made([{}]);
    await ctx.database.db.delete(products).where(eq(products.id, id!));
    const preview = await applied({ selection: { ids: [id!] }, changes: { featured: true }, dry_run: true }) ;
    expect(preview.products).toEqual([{ id, name: `#${id}`, changes: [], refused: { code: 'bulk.product_gone', message: 'The product no longer exists' } }]);
    expect((await bulk({ selection: { ids: [id!] }, changes: { featured: true } })).statusCode).toBe(422);
  });
});

describe('the preview', () => {
  it('changes nothing and answers each product in the request language with before and after', async () => {
    const ids = await made([{ name: 'سبحة يسر', name_en: 'Yusr beads', price: 10_000, stock_quantity: 4 }]);
    const before = await rowsOf(ids);
    const moves = await ctx.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(stockMovements);
    const reply = await bulk({ selection: { ids }, changes: { price: { percent: -10 }, stock_quantity: 9 }, dry_run: true }, admin.token, 'ar');
    expect(reply.statusCode).toBe(200);
    const preview = reply.json<ProductsBulkEditResponse>();
    expect(preview).toMatchObject({
      dry_run: true,
      ids,
      products: [
        {
          id: ids[0],
          name: 'سبحة يسر',
          changes: [
            { field: 'price', before: 10, after: 9 },
            { field: 'stock_quantity', before: 4, after: 9 },
          ],
          refused: null,
        },
      ],
      summary: { selected: 1, changed: 1, unchanged: 0, refused: 0 },
      message: 'سيتغير منتج واحد',
    });
    const english = await applied({ selection: { ids }, changes: { featured: true }, dry_run: true });
    expect(english.products[0]!.name).toBe('Yusr beads');
    expect(await rowsOf(ids)).toEqual(before);
    expect(await ctx.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(stockMovements)).toEqual(moves);
  });
});

describe('choosing by the list filter', () => {
  it('chooses exactly the products the list shows for that filter, at preview and at apply', async () => {
    const cat = await createCategory(ctx.database.db, { name: 'فيروز', slug: 'bulk-turquoise' });
    const ids = await made([
      { name: 'سبحة فيروز نيسابوري', category_id: cat.id, status: 'published' },
      { name: 'سبحة فيروز مسودة', category_id: cat.id, status: 'draft' },
      { name: 'سبحة فيروز مميزة', category_id: cat.id, status: 'published', featured: true },
      { name: 'سبحة كهرمان', category_id: cat.id, status: 'published' },
    ]);
    const listed = async (query: string) => {
      const reply = await call('GET', `/api/products?${query}&limit=100`, undefined, { token: admin.token });
      return reply.json<ProductListResponse>().products.map((product) => product.id);
    };
    const cases: Array<[Record<string, string>, string]> = [
      [{ category: 'bulk-turquoise', status: '' }, 'category=bulk-turquoise&status='],
      [{ category: 'bulk-turquoise' }, 'category=bulk-turquoise'],
      [{ category: 'bulk-turquoise', status: 'draft' }, 'category=bulk-turquoise&status=draft'],
      [{ category: 'bulk-turquoise', status: '', featured: 'true' }, 'category=bulk-turquoise&status=&featured=true'],
      [{ search: 'فيروز', status: '' }, 'search=%D9%81%D9%8A%D8%B1%D9%88%D8%B2&status='],
    ];
    for (const [filter, query] of cases) {
      const expected = await listed(query);
      expect(expected.length, query).toBeGreaterThan(0);
      const preview = await applied({ selection: { filter }, changes: { stock_quantity: 1 }, dry_run: true });
      expect(preview.ids.slice().sort(), query).toEqual(expected.slice().sort());
    }
    const result = await applied({ selection: { filter: { category: 'bulk-turquoise', status: 'draft' } }, changes: { status: 'published' } });
    expect(result.summary.changed).toBe(1);
    expect((await rowsOf(ids)).map((row) => row.status)).toEqual(['published', 'published', 'published', 'published']);
  });

  it('refuses a filter that matches nothing, or more than the limit, naming how many', async () => {
    const none = await bulk({ selection: { filter: { search: 'لاشيءيطابقهذا', status: '' } }, changes: { featured: true } });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('No product matches the search or filter');

    const many = await createCategory(ctx.database.db, { name: 'كثيرة', slug: 'bulk-many' });
    await createProducts(
      ctx.database.db,
      Array.from({ length: BULK_EDIT_MAX_PRODUCTS + 1 }, (_, index) => ({ name: `سبحة ${index}`, price: 1_000, category_id: many.id, status: 'draft' as const })),
    );
    const reply = await bulk({ selection: { filter: { category: 'bulk-many', status: '' } }, changes: { featured: true } });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().message).toBe(
      `The filter matches ${BULK_EDIT_MAX_PRODUCTS + 1} products; at most ${BULK_EDIT_MAX_PRODUCTS} can be edited at once: narrow the search or filter`,
    );
    const tooManyIds = await bulk({ selection: { ids: Array.from({ length: BULK_EDIT_MAX_PRODUCTS + 1 }, (_, index) => index + 1) }, changes: { featured: true } });
    expect(tooManyIds.statusCode).toBe(400);
    expect(tooManyIds.json().details).toEqual([{ field: 'selection.ids', message: `At most ${BULK_EDIT_MAX_PRODUCTS} products can be edited at once` }]);
  });
});

describe('who may, and what is refused', () => {
  it('lets only administrators: moderator and customer 403, a guest 401', async () => {
    const body = { selection: { ids: [fx.published] }, changes: { featured: true }, dry_run: true };
    expect((await bulk(body, moderator)).statusCode).toBe(403);
    expect((await bulk(body, customer)).statusCode).toBe(403);
    expect((await bulk(body, null)).statusCode).toBe(401);
  });

  it('answers 400 with a clear message to a malformed body', async () => {
    const ids = [fx.published];
    const cases: Array<[unknown, string]> = [
      [{}, 'selection'],
      [{ selection: { ids }, changes: {} }, 'Choose at least one change'],
      [{ selection: { ids: [] }, changes: { featured: true } }, 'Choose at least one product'],
      [{ selection: { ids: [1, 1] }, changes: { featured: true } }, 'A product appears twice in the list'],
      [{ selection: { ids, filter: {} }, changes: { featured: true } }, 'Choose the products by their ids or by the list’s filter'],
      [{ selection: { ids }, changes: { price: { percent: 1.234 } } }, 'The percentage must be between −99.99 and 1000, not zero, with at most 2 decimals'],
      [{ selection: { ids }, changes: { price: { percent: -100 } } }, 'The percentage must be between −99.99 and 1000, not zero, with at most 2 decimals'],
      [{ selection: { ids }, changes: { price: { set: 0 } } }, 'The new price must be above zero, with at most 3 decimals'],
      [{ selection: { ids }, changes: { price: { amount: '1.2345' } } }, 'The amount must be positive or negative, not zero, with at most 3 decimals'],
      [{ selection: { ids }, changes: { price: { set: 1, percent: 2 } } }, 'The price change is a new price (set), a percentage (percent) or an amount (amount)'],
      [{ selection: { ids }, changes: { sale_price: { percent_off_price: 100 } } }, 'The percentage off must be above 0 and below 100, with at most 2 decimals'],
      [{ selection: { ids }, changes: { stock_quantity: -1 } }, 'The stock quantity must be a whole number of 0 or more'],
      [{ selection: { ids }, changes: { status: 'hidden' } }, 'The status must be published or draft'],
      [{ selection: { ids }, changes: { sku: 'X' } }, 'The changes are invalid'],
      [{ selection: { ids }, changes: { featured: true }, dry_run: 'yes' }, 'dry_run must be true or false'],
    ];
    for (const [body, message] of cases) {
      const reply = await bulk(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      const json = reply.json<{ code: string; message: string; details?: Array<{ message: string }> }>();
      expect(json.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(json), JSON.stringify(body)).toContain(message);
    }
  });
});
