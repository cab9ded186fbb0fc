import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import { eq } from 'drizzle-orm';
import { categories, products } from '../../db/schema/index.js';
import { createCategory, createProduct } from '../../seed/factories.js';

let ctx: TestContext;
type Key = 'amber' | 'amberText' | 'yusr' | 'ebony' | 'silver' | 'english' | 'digits' | 'draft';
const ids = {} as Record<Key, number>;

const base = Date.UTC(2024, 0, 1);
const at = (minutes: number) => new Date(base + minutes * 60_000);

async function search(text: string, extra = ''): Promise<{ ids: number[]; total: number }> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/products?search=${encodeURIComponent(text)}&limit=100${extra}`,
  });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.pagination.total).toBe(body.products.length);
  return {
    ids: (body.products as Product[]).map((product) => product.id),
    total: body.pagination.total,
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const wood = await createCategory(db, {
    name: 'مسابح خشب',
    slug: 'wood',
    description: 'أخشاب طبيعية',
  });
  const stones = await createCategory(db, { name: 'أحجار كريمة', slug: 'stones' });
  const rows: Array<[Key, Parameters<typeof createProduct>[1]]> = [
    ['amber', { name: 'سبحة كهرمان طبيعي', category_id: stones.id, created_at: at(1) }],
    // Newer, and mentions amber only in its description: ranked after the name match.
    ['amberText', { name: 'سبحة فاخرة', description: 'خرز من الكهرمان القديم', created_at: at(2) }],
    ['yusr', { name: 'مسبحة يسر أسود', created_at: at(3) }],
    ['ebony', { name: 'سبحة أبنوس', category_id: wood.id, created_at: at(4) }],
    ['silver', { name: 'سبحة فضة 100% عيار_925', created_at: at(5) }],
    ['english', { name: 'Rosary "Kuka" O\'Brien \\ edition', created_at: at(6) }],
    ['digits', { name: 'سبحة ٣٣ حبة', created_at: at(7) }],
    ['draft', { name: 'سبحة كهرمان مسودة', status: 'draft', created_at: at(8) }],
  ];
  for (const [key, values] of rows) ids[key] = (await createProduct(db, values)).id;
});

afterAll(async () => {
  await ctx.close();
});

describe('Arabic search', () => {
  it('finds a word in the name', async () => {
    const { ids: found } = await search('كهرمان');
    expect(found).toContain(ids.amber);
    expect(found).toContain(ids.amberText);
    expect(found).not.toContain(ids.yusr);
  });

  it('forgives a missing letter', async () => {
    expect((await search('كهرمن')).ids).toContain(ids.amber);
  });

  it('finds a word with its article or attached prefixes as without them', async () => {
    expect((await search('الكهرمان')).ids).toEqual([ids.amber, ids.amberText]);
    expect((await search('بالكهرمان')).ids).toEqual([ids.amber, ids.amberText]);
    expect((await search('والكهرمان')).ids).toEqual([ids.amber, ids.amberText]);
    expect((await search('السبحة')).total).toBe((await search('سبحة')).total);
    const misbaha = await search('مسبحة');
    expect(misbaha.ids[0]).toBe(ids.yusr);
    expect((await search('وللمسبحة')).ids).toEqual(misbaha.ids);
    expect((await search('بالفضة')).ids).toEqual([ids.silver]);
  });

  it('forgives no typo in a word of three letters', async () => {
    // "عيد" shares two of its trigrams with "عيار" (the silver product's name).
    expect((await search('عيد')).ids).toEqual([]);
    expect((await search('العيد')).ids).toEqual([]);
  });

  it('treats taa marbuta and haa alike', async () => {
    const { ids: found } = await search('سبحه');
    expect(found).toEqual(expect.arrayContaining([ids.amber, ids.ebony, ids.silver, ids.yusr]));
  });

  it('ignores tashkeel and tatweel', async () => {
    const plain = (await search('مسبحة')).ids;
    // The exact word first; سبحة is close enough to مسبحة (they name the same thing) to follow.
    expect(plain[0]).toBe(ids.yusr);
    expect(plain).toContain(ids.amber);
    expect((await search('مِسْبَحَة')).ids).toEqual(plain);
    expect((await search('مسـبحة')).ids).toEqual(plain);
  });

  it('unifies the forms of alef', async () => {
    expect((await search('اسود')).ids).toEqual([ids.yusr]);
    expect((await search('أسود')).ids).toEqual([ids.yusr]);
    expect((await search('إسود')).ids).toEqual([ids.yusr]);
  });

  it('matches Arabic-Indic and ASCII digits alike', async () => {
    expect((await search('33')).ids).toEqual([ids.digits]);
    expect((await search('٣٣ حبة')).ids).toEqual([ids.digits]);
  });

  it('needs every word to match, in any order', async () => {
    expect((await search('أسود مسبحة')).ids).toEqual([ids.yusr]);
    expect((await search('كهرمان أبنوس')).ids).toEqual([]);
  });

  it('finds products by their category name', async () => {
    expect((await search('خشب')).ids).toEqual([ids.ebony]);
    expect((await search('احجار كريمه')).ids).toEqual([ids.amber]);
  });

  it('follows category renames and products moving between categories', async () => {
    const db = ctx.database.db;
    const gifts = await createCategory(db, { name: 'هدايا رمضان', slug: 'ramadan-gifts' });
    const product = await createProduct(db, { name: 'سبحة عقيق', category_id: gifts.id });
    expect((await search('رمضان')).ids).toEqual([product.id]);

    await db.update(categories).set({ name: 'هدايا العيد' }).where(eq(categories.id, gifts.id));
    expect((await search('رمضان')).ids).toEqual([]);
    expect((await search('العيد عقيق')).ids).toEqual([product.id]);

    await db.update(products).set({ category_id: null }).where(eq(products.id, product.id));
    expect((await search('العيد')).ids).toEqual([]);
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, product.id));
  });

  it('is case-insensitive for Latin text', async () => {
    expect((await search('ROSARY kuka')).ids).toEqual([ids.english]);
  });

  it('never returns drafts', async () => {
    expect((await search('مسودة')).ids).toEqual([]);
    expect((await search('كهرمان')).ids).not.toContain(ids.draft);
  });

  it('orders by relevance unless a sort is given', async () => {
    const relevance = (await search('كهرمان')).ids;
    expect(relevance.indexOf(ids.amber)).toBeLessThan(relevance.indexOf(ids.amberText));
    const newest = (await search('كهرمان', '&sort=created_at')).ids;
    expect(newest.indexOf(ids.amberText)).toBeLessThan(newest.indexOf(ids.amber));
    const oldest = (await search('كهرمان', '&sort=created_at&order=asc')).ids;
    expect(oldest.indexOf(ids.amber)).toBeLessThan(oldest.indexOf(ids.amberText));
  });

  it('paginates search results with the right total', async () => {
    const response = await ctx.app.inject(
      `/api/products?search=${encodeURIComponent('سبحة')}&limit=2&page=2`,
    );
    const body = response.json();
    const all = await search('سبحة');
    expect(body.pagination).toEqual({
      page: 2,
      limit: 2,
      total: all.total,
      pages: Math.ceil(all.total / 2),
    });
    expect(body.products.map((product: Product) => product.id)).toEqual(all.ids.slice(2, 4));
    const beyond = (
      await ctx.app.inject(`/api/products?search=${encodeURIComponent('سبحة')}&page=50`)
    ).json();
    expect(beyond.products).toEqual([]);
    expect(beyond.pagination.total).toBe(all.total);
  });

  it('combines search with the category filter', async () => {
    expect((await search('سبحة', '&category=wood')).ids).toEqual([ids.ebony]);
  });

  it('treats LIKE wildcards and quotes as plain text', async () => {
    expect((await search('%')).ids).toEqual([ids.silver]);
    expect((await search('100%')).ids).toEqual([ids.silver]);
    expect((await search('_')).ids).toEqual([ids.silver]);
    expect((await search('عيار_925')).ids).toEqual([ids.silver]);
    expect((await search('\\')).ids).toEqual([ids.english]);
    expect((await search('"Kuka"')).ids).toEqual([ids.english]);
    expect((await search("O'Brien")).ids).toEqual([ids.english]);
    expect((await search("'; drop table products; --")).ids).toEqual([]);
  });

  it('is safe for any text up to the limit', async () => {
    const samples = [
      '📿',
      '📿 سبحة',
      'ً',
      '   ',
      '\u0000'.replace('\u0000', ''),
      'ـ',
      'س'.repeat(200),
      '%_\\'.repeat(66),
    ];
    for (const sample of samples) {
      const response = await ctx.app.inject(`/api/products?search=${encodeURIComponent(sample)}`);
      expect(response.statusCode).toBe(200);
    }
    // Text that normalises to nothing is no search at all.
    expect((await search('ً')).total).toBe(7);
  });

  it('rejects search text over 200 characters', async () => {
    const response = await ctx.app.inject(
      `/api/products?search=${encodeURIComponent('س'.repeat(201))}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('search');
  });
});

describe('typo-forgiving search', () => {
  beforeAll(async () => {
    const db = ctx.database.db;
    await createProduct(db, { name: 'Turquoise beads', created_at: at(20) });
    await createProduct(db, { name: 'Turquoise strand', created_at: at(21) });
    // Close to "turquoise" but not containing it: found only when typos are forgiven.
    await createProduct(db, { name: 'Turquoize tasbih', created_at: at(22) });
  });

  async function page(text: string, limit: number, pageNumber = 1) {
    const response = await ctx.app.inject(
      `/api/products?search=${encodeURIComponent(text)}&limit=${limit}&page=${pageNumber}`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    return { names: (body.products as Product[]).map((product) => product.name), total: body.pagination.total };
  }

  it('runs only when the words as typed fill less than a page, exact matches first', async () => {
    // Two exact matches fill a page of two: nothing else is found.
    expect(await page('turquoise', 2)).toEqual({ names: ['Turquoise strand', 'Turquoise beads'], total: 2 });
    // A page of three: the near word is found too, after the exact matches.
    expect(await page('turquoise', 3)).toEqual({
      names: ['Turquoise strand', 'Turquoise beads', 'Turquoize tasbih'],
      total: 3,
    });
    // The same totals on a later page and past the last one.
    expect(await page('turquoise', 2, 2)).toEqual({ names: [], total: 2 });
    expect(await page('turquoise', 3, 2)).toEqual({ names: [], total: 3 });
    expect(await page('turquoise', 1, 2)).toEqual({ names: ['Turquoise beads'], total: 2 });
    // Sorted, the passes run one after the other with the same rule.
    expect((await page('turquoise', 3, 1)).total).toBe(3);
    const sorted = await ctx.app.inject(`/api/products?search=turquoise&limit=2&sort=created_at`);
    expect(sorted.json().pagination.total).toBe(2);
  });
});
