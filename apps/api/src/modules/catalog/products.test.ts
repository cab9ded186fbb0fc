import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { productImages } from '../../db/schema/index.js';
import {
  createAttribute,
  createCategory,
  createProduct,
  linkProductVariations,
} from '../../seed/factories.js';

let ctx: TestContext;

const base = Date.UTC(2024, 0, 1);
/** A creation time n minutes after the base, so "newest first" is known in advance. */
const at = (minutes: number) => new Date(base + minutes * 60_000);

interface Fixture {
  amber: number;
  amberBeads: number;
  blackYusr: number;
  aqeeq: number;
  draft: number;
  unlisted: number;
  unlistedToo: number;
  sortable: Record<string, number>;
  bulk: number[];
  publishedTotal: number;
}
let fx: Fixture;

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function listNames(url: string): Promise<string[]> {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  return (response.json().products as Product[]).map((product) => product.name);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const beads = await createCategory(db, { name: 'سبح', slug: 'beads', sort_order: 1 });
  const amber = await createCategory(db, { name: 'كهرمان', slug: 'amber', parent_id: beads.id });
  const sorting = await createCategory(db, { name: 'ترتيب', slug: 'sorting' });
  const bulk = await createCategory(db, { name: 'كثيرة', slug: 'bulk' });

  const amberBeads = await createProduct(db, {
    name: 'سبحة كهرمان طبيعي',
    short_description: 'كهرمان بلطيقي',
    price: 25_000,
    sale_price: 20_000,
    featured: true,
    category_id: amber.id,
    sku: 'AMB-1',
    created_at: at(10),
    updated_at: at(11),
  });
  // Inserted out of order: the API sorts by sort_order, then id.
  await db.insert(productImages).values([
    { product_id: amberBeads.id, filename: 'z.webp', sort_order: 1 },
    { product_id: amberBeads.id, filename: 'y.webp', sort_order: 0 },
    { product_id: amberBeads.id, filename: 'x.webp', sort_order: 1 },
  ]);
  const blackYusr = await createProduct(db, {
    name: 'مسبحة يسر أسود',
    price: 15_500,
    stock_quantity: 0,
    manage_stock: true,
    category_id: beads.id,
    created_at: at(20),
  });
  const aqeeq = await createProduct(db, {
    name: 'سبحة عقيق يماني',
    price: 30_000,
    stock_quantity: 0,
    manage_stock: false,
    featured: true,
    category_id: amber.id,
    created_at: at(30),
  });
  const unlisted = await createProduct(db, {
    name: 'سبحة بلا فئة',
    price: 1_000,
    created_at: at(5),
  });
  // The newest product of all.
  const unlistedToo = await createProduct(db, { name: 'سبحة أخرى بلا فئة', created_at: at(500) });
  const draft = await createProduct(db, {
    name: 'سبحة مسودة',
    status: 'draft',
    featured: true,
    category_id: amber.id,
    created_at: at(40),
  });

  // Names in code point order; prices chosen so that a sale price changes the price order.
  const sortable: Record<string, number> = {};
  const sortableRows: Array<[string, number, number | null, number]> = [
    ['ا-أول', 10_000, null, 101],
    ['ب-ثاني', 5_000, null, 104],
    ['ت-ثالث', 20_000, 3_000, 102],
    ['ث-رابع', 7_500, null, 105],
    ['ج-خامس', 12_250, null, 103],
  ];
  for (const [name, price, sale_price, minute] of sortableRows) {
    const row = await createProduct(db, {
      name,
      price,
      sale_price,
      category_id: sorting.id,
      created_at: at(minute),
    });
    sortable[name] = row.id;
  }

  const bulkIds: number[] = [];
  for (let index = 0; index < 25; index += 1) {
    const row = await createProduct(
      db,
      {
        name: `خرزة ${String(index).padStart(2, '0')}`,
        category_id: bulk.id,
        created_at: at(200 + index),
      },
      // The oldest sits on the last page: its images must come along however deep the page.
      { images: index === 0 ? ['deep-a.webp', 'deep-b.webp'] : [] },
    );
    bulkIds.push(row.id);
  }

  const color = await createAttribute(db, 'اللون', [
    ['أسود', 0],
    ['أحمر', 500],
  ]);
  const length = await createAttribute(db, 'الطول', [
    ['33 حبة', 0],
    ['99 حبة', 2_000],
  ]);
  await createAttribute(db, 'غير مرتبط', [['لا شيء', 100]]);
  const [black, red] = color.variations;
  const [short, long] = length.variations;
  await linkProductVariations(db, amberBeads.id, [long!, { ...red!, price: 750 }, short!, black!]);
  await linkProductVariations(db, draft.id, [black!]);

  fx = {
    amber: amber.id,
    amberBeads: amberBeads.id,
    blackYusr: blackYusr.id,
    aqeeq: aqeeq.id,
    draft: draft.id,
    unlisted: unlisted.id,
    unlistedToo: unlistedToo.id,
    sortable,
    bulk: bulkIds,
    publishedTotal: 5 + sortableRows.length + bulkIds.length,
  };
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/products', () => {
  it('lists published products newest first with 12 per page by default', async () => {
    const response = await get('/api/products');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({
      page: 1,
      limit: 12,
      total: fx.publishedTotal,
      pages: Math.ceil(fx.publishedTotal / 12),
    });
    expect(body.products).toHaveLength(12);
    const times = (body.products as Product[]).map((product) => Date.parse(product.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.products[0].name).toBe('سبحة أخرى بلا فئة');
    expect(body.products[1].name).toBe('خرزة 24');
  });

  it('shapes a product with decimal prices, stock state, category and ordered images', async () => {
    const { products } = (await get('/api/products?category=amber&sort=name&order=desc')).json();
    const amberBeads = (products as Product[]).find((product) => product.id === fx.amberBeads)!;
    expect(amberBeads).toMatchObject({
      name: 'سبحة كهرمان طبيعي',
      short_description: 'كهرمان بلطيقي',
      description: null,
      price: 25,
      sale_price: 20,
      current_price: 20,
      stock_quantity: 10,
      manage_stock: true,
      in_stock: true,
      sku: 'AMB-1',
      featured: 1,
      status: 'published',
      category_id: fx.amber,
      category_name: 'كهرمان',
      category_slug: 'amber',
      created_at: at(10).toISOString(),
      updated_at: at(11).toISOString(),
      featured_image: '/uploads/products/y.webp',
      gallery: ['/uploads/products/y.webp', '/uploads/products/z.webp', '/uploads/products/x.webp'],
    });
    expect(amberBeads.images.map((image) => [image.filename, image.is_featured])).toEqual([
      ['y.webp', true],
      ['z.webp', false],
      ['x.webp', false],
    ]);
    expect(amberBeads.images[0]!.url).toBe('/uploads/products/y.webp');

    const aqeeq = (products as Product[]).find((product) => product.id === fx.aqeeq)!;
    // Stock is not managed: always available, even at zero.
    expect(aqeeq).toMatchObject({
      in_stock: true,
      sale_price: null,
      current_price: 30,
      images: [],
    });
    expect(aqeeq.featured_image).toBeNull();
    expect(aqeeq.gallery).toEqual([]);
  });

  it('marks a managed product without stock as out of stock', async () => {
    const { product } = (await get(`/api/products/${fx.blackYusr}`)).json();
    expect(product).toMatchObject({ in_stock: false, stock_quantity: 0, price: 15.5, featured: 0 });
  });

  it('does the pagination arithmetic, including the last partial page and beyond', async () => {
    const first = (await get('/api/products?category=bulk&limit=10')).json();
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 25, pages: 3 });
    expect(first.products.map((product: Product) => product.id)).toEqual(
      [...fx.bulk].reverse().slice(0, 10),
    );
    const last = (await get('/api/products?category=bulk&limit=10&page=3')).json();
    expect(last.pagination).toEqual({ page: 3, limit: 10, total: 25, pages: 3 });
    expect(last.products.map((product: Product) => product.id)).toEqual(
      [...fx.bulk].reverse().slice(20),
    );
    expect(last.products.at(-1).gallery).toEqual([
      '/uploads/products/deep-a.webp',
      '/uploads/products/deep-b.webp',
    ]);
    const beyond = (await get('/api/products?category=bulk&limit=10&page=4')).json();
    expect(beyond.products).toEqual([]);
    expect(beyond.pagination).toEqual({ page: 4, limit: 10, total: 25, pages: 3 });

    const all = new Set<number>();
    for (let page = 1; page <= 3; page += 1) {
      const { products } = (await get(`/api/products?category=bulk&limit=10&page=${page}`)).json();
      for (const product of products as Product[]) all.add(product.id);
    }
    expect(all.size).toBe(25);
  });

  it('accepts the largest page size', async () => {
    const body = (await get('/api/products?limit=100')).json();
    expect(body.products).toHaveLength(fx.publishedTotal);
    expect(body.pagination.pages).toBe(1);
  });

  it('sorts by name, price (sale price when set) and date, both ways', async () => {
    const url = (query: string) => `/api/products?category=sorting&${query}`;
    expect(await listNames(url('sort=name&order=asc'))).toEqual([
      'ا-أول',
      'ب-ثاني',
      'ت-ثالث',
      'ث-رابع',
      'ج-خامس',
    ]);
    expect(await listNames(url('sort=name&order=desc'))).toEqual([
      'ج-خامس',
      'ث-رابع',
      'ت-ثالث',
      'ب-ثاني',
      'ا-أول',
    ]);
    expect(await listNames(url('sort=price&order=asc'))).toEqual([
      'ت-ثالث',
      'ب-ثاني',
      'ث-رابع',
      'ا-أول',
      'ج-خامس',
    ]);
    expect(await listNames(url('sort=price&order=desc'))).toEqual([
      'ج-خامس',
      'ا-أول',
      'ث-رابع',
      'ب-ثاني',
      'ت-ثالث',
    ]);
    expect(await listNames(url('sort=created_at&order=asc'))).toEqual([
      'ا-أول',
      'ت-ثالث',
      'ج-خامس',
      'ب-ثاني',
      'ث-رابع',
    ]);
    expect(await listNames(url('sort=created_at&order=desc'))).toEqual([
      'ث-رابع',
      'ب-ثاني',
      'ج-خامس',
      'ت-ثالث',
      'ا-أول',
    ]);
  });

  it('breaks ties by id so pages never overlap', async () => {
    // All bulk products have the same price: the order is decided by id alone.
    const ids: number[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const { products } = (
        await get(`/api/products?category=bulk&sort=price&order=asc&limit=5&page=${page}`)
      ).json();
      ids.push(...(products as Product[]).map((product) => product.id));
    }
    expect(ids).toEqual([...fx.bulk].sort((a, b) => a - b));
  });

  it('filters featured products', async () => {
    const body = (await get('/api/products?featured=true')).json();
    expect(body.products.map((product: Product) => product.id)).toEqual([fx.aqeeq, fx.amberBeads]);
    expect(body.pagination.total).toBe(2);
    expect((await get('/api/products?featured=1')).json().pagination.total).toBe(2);
    // The storefront's checkbox: unchecked means every product.
    expect((await get('/api/products?featured=false')).json().pagination.total).toBe(
      fx.publishedTotal,
    );
  });

  it('includes subcategories in a category filter', async () => {
    const body = (await get('/api/products?category=beads')).json();
    expect(body.products.map((product: Product) => product.id).sort()).toEqual(
      [fx.amberBeads, fx.blackYusr, fx.aqeeq].sort(),
    );
    expect(body.pagination.total).toBe(3);
    const amber = (await get('/api/products?category=amber')).json();
    expect(amber.products.map((product: Product) => product.id)).toEqual([fx.aqeeq, fx.amberBeads]);
  });

  it('answers an unknown category with an empty page, not an error', async () => {
    const response = await get('/api/products?category=no-such-category');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      products: [],
      pagination: { page: 1, limit: 12, total: 0, pages: 0 },
    });
  });

  it('combines filters', async () => {
    const body = (
      await get('/api/products?category=beads&featured=true&sort=price&order=asc')
    ).json();
    expect(body.products.map((product: Product) => product.id)).toEqual([fx.amberBeads, fx.aqeeq]);
  });

  it('never lists drafts', async () => {
    const { products } = (await get('/api/products?limit=100')).json();
    expect((products as Product[]).some((product) => product.id === fx.draft)).toBe(false);
    expect((products as Product[]).every((product) => product.status === 'published')).toBe(true);
  });
});

describe('GET /api/products/:id', () => {
  it('returns a published product', async () => {
    const response = await get(`/api/products/${fx.amberBeads}`);
    expect(response.statusCode).toBe(200);
    const { success, product } = response.json();
    expect(success).toBe(true);
    expect(product).toMatchObject({ id: fx.amberBeads, current_price: 20, category_slug: 'amber' });
    expect(product.images).toHaveLength(3);
  });

  it('answers a draft or missing product with 404 in the shopper language', async () => {
    for (const id of [fx.draft, 999_999]) {
      const response = await get(`/api/products/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'المنتج غير موجود',
      });
    }
    const english = await get(`/api/products/${fx.draft}`, { 'accept-language': 'en' });
    expect(english.json().message).toBe('Product not found');
  });
});

describe('GET /api/products/featured/list', () => {
  it('lists featured published products, newest first', async () => {
    const response = await get('/api/products/featured/list');
    expect(response.statusCode).toBe(200);
    expect(response.json().products.map((product: Product) => product.id)).toEqual([
      fx.aqeeq,
      fx.amberBeads,
    ]);
  });

  it('honours the limit', async () => {
    const { products } = (await get('/api/products/featured/list?limit=1')).json();
    expect(products.map((product: Product) => product.id)).toEqual([fx.aqeeq]);
    expect((await get('/api/products/featured/list?limit=0')).statusCode).toBe(400);
  });
});

describe('GET /api/products/:id/related', () => {
  it('puts the same category first, then fills up with the newest others', async () => {
    const { products } = (await get(`/api/products/${fx.amberBeads}/related`)).json();
    const ids = (products as Product[]).map((product) => product.id);
    expect(ids).toHaveLength(6);
    expect(ids[0]).toBe(fx.aqeeq);
    expect(ids.slice(1)).toEqual([fx.unlistedToo, ...[...fx.bulk].reverse().slice(0, 4)]);
    expect(ids).not.toContain(fx.amberBeads);
    expect(ids).not.toContain(fx.draft);
  });

  it('honours the limit and works for a product without a category', async () => {
    const limited = (await get(`/api/products/${fx.amberBeads}/related?limit=1`)).json();
    expect(limited.products.map((product: Product) => product.id)).toEqual([fx.aqeeq]);
    // Without a category every other product is a candidate, those without one included.
    const { products } = (await get(`/api/products/${fx.unlisted}/related?limit=3`)).json();
    expect(products.map((product: Product) => product.id)).toEqual([
      fx.unlistedToo,
      ...[...fx.bulk].reverse().slice(0, 2),
    ]);
  });

  it('answers a draft or missing product with 404', async () => {
    expect((await get(`/api/products/${fx.draft}/related`)).statusCode).toBe(404);
    expect((await get('/api/products/999999/related')).json().code).toBe('NOT_FOUND');
  });
});

describe('GET /api/products/:id/attributes', () => {
  it('groups the offered variations by attribute with the product surcharges', async () => {
    const response = await get(`/api/products/${fx.amberBeads}/attributes`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      attributes: [
        {
          id: expect.any(Number),
          name: 'الطول',
          name_en: null,
          variations: [
            { id: expect.any(Number), title: '99 حبة', title_en: null, additional_price: 2 },
            { id: expect.any(Number), title: '33 حبة', title_en: null, additional_price: 0 },
          ],
        },
        {
          id: expect.any(Number),
          name: 'اللون',
          name_en: null,
          variations: [
            { id: expect.any(Number), title: 'أحمر', title_en: null, additional_price: 0.75 },
            { id: expect.any(Number), title: 'أسود', title_en: null, additional_price: 0 },
          ],
        },
      ],
    });
  });

  it('answers an empty list for a product without attributes and 404 for a draft', async () => {
    expect((await get(`/api/products/${fx.blackYusr}/attributes`)).json()).toEqual({
      success: true,
      attributes: [],
    });
    expect((await get(`/api/products/${fx.draft}/attributes`)).statusCode).toBe(404);
    expect((await get('/api/products/999999/attributes')).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const cases: Array<[string, string]> = [
    ['/api/products?page=-1', 'page'],
    ['/api/products?page=abc', 'page'],
    ['/api/products?page=1.5', 'page'],
    ['/api/products?limit=0', 'limit'],
    ['/api/products?limit=10000', 'limit'],
    ['/api/products?sort=drop', 'sort'],
    ['/api/products?sort=price;drop%20table%20products', 'sort'],
    ['/api/products?order=up', 'order'],
    ['/api/products?featured=maybe', 'featured'],
    [`/api/products?search=${'س'.repeat(5 * 1024)}`, 'search'],
    ['/api/products/abc', 'id'],
    ['/api/products/0', 'id'],
    ['/api/products/99999999999', 'id'],
    ['/api/products/1.5/related', 'id'],
    ['/api/products/abc/attributes', 'id'],
    ['/api/products/1/related?limit=1000', 'limit'],
    ['/api/categories?include_products=yes', 'include_products'],
    ['/api/categories/abc', 'id'],
  ];

  it.each(cases)('%s is answered 400 with a detail for %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'بعض البيانات المدخلة غير صحيحة',
    });
    expect(body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('writes the messages in English when asked', async () => {
    const response = await get('/api/products?page=abc&sort=drop', { 'accept-language': 'en' });
    const body = response.json();
    expect(body.message).toBe('Some of the data sent is invalid');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'page', message: 'The page must be a whole number of 1 or more' },
        { field: 'sort', message: 'This sort field is not supported' },
      ]),
    );
  });
});

describe('HTTP caching', () => {
  it('lets public replies be cached and revalidated with an ETag', async () => {
    const response = await get(`/api/products/${fx.amberBeads}`);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await get(`/api/products/${fx.amberBeads}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const listed = await get(`/api/products/${fx.amberBeads}`, {
      'if-none-match': `"other", ${etag}`,
    });
    expect(listed.statusCode).toBe(304);
    const stale = await get(`/api/products/${fx.amberBeads}`, { 'if-none-match': 'W/"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().product.id).toBe(fx.amberBeads);
  });

  it('gives different replies different tags and never caches errors', async () => {
    const one = await get(`/api/products/${fx.amberBeads}`);
    const other = await get(`/api/products/${fx.blackYusr}`);
    expect(one.headers.etag).not.toBe(other.headers.etag);
    const missing = await get('/api/products/999999');
    expect(missing.headers['cache-control']).toBeUndefined();
    expect(missing.headers.etag).toBeUndefined();
  });

  it('still compresses large replies for clients that accept it', async () => {
    const response = await get('/api/products?limit=100', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.etag).toBeDefined();
  });
});
