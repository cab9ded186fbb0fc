import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createCategory, createProduct } from '../../seed/factories.js';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-app.js';
import {
  createMerchantCatalogue,
  MERCHANT_ADDITIONAL_IMAGES_MAX,
  type MerchantCatalogue,
} from './catalogue.js';

const PUBLIC_URL = 'https://shop.example';

let database: TestDatabase;
let catalogue: MerchantCatalogue;
const ids = { amber: 0, wood: 0, draft: 0, untracked: 0, soldOut: 0, bare: 0, many: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  catalogue = createMerchantCatalogue(db, { publicUrl: `${PUBLIC_URL}/` });
  const beads = await createCategory(db, { name: 'مسابح', name_en: 'Prayer beads' });
  const amber = await createCategory(db, { name: 'كهرمان', parent_id: beads.id });
  ids.amber = (
    await createProduct(
      db,
      {
        name: 'مسبحة كهرمان',
        short_description: 'قصير',
        description: ' وصف كامل ',
        price: 12_500,
        sale_price: 9_900,
        sku: 'AMB-33',
        category_id: amber.id,
      },
      { images: ['amber.webp', 'amber side.webp'] },
    )
  ).id;
  ids.wood = (
    await createProduct(db, {
      name: 'سبحة خشب',
      name_en: 'Olive wood beads',
      short_description: 'خشب زيتون',
      short_description_en: 'Olive wood',
      price: 5_000,
      sale_price: 5_000,
      category_id: beads.id,
    })
  ).id;
  ids.draft = (await createProduct(db, { name: 'مسودة', status: 'draft' })).id;
  ids.untracked = (await createProduct(db, { manage_stock: false, stock_quantity: 0 })).id;
  ids.soldOut = (await createProduct(db, { stock_quantity: 0 })).id;
  ids.bare = (await createProduct(db, { name_en: '   ' })).id;
  ids.many = (
    await createProduct(db, {}, { images: Array.from({ length: 14 }, (_, index) => `many-${index}.webp`) })
  ).id;
});

afterAll(() => database.destroy());

describe('the merchant catalogue', () => {
  it('presents a product in Arabic with absolute links, prices in thousandths and its category path', async () => {
    const product = await catalogue.get(ids.amber, 'ar');
    expect(product).toMatchObject({
      id: ids.amber,
      name: 'مسبحة كهرمان',
      description: 'وصف كامل',
      hasEnglish: false,
      sku: 'AMB-33',
      price: 12_500,
      salePrice: 9_900,
      inStock: true,
      status: 'published',
      link: `${PUBLIC_URL}/products/${ids.amber}`,
      imageLink: `${PUBLIC_URL}/uploads/products/amber.webp`,
      additionalImageLinks: [`${PUBLIC_URL}/uploads/products/amber%20side.webp`],
      categoryPath: ['مسابح', 'كهرمان'],
    });
    expect(product?.updatedAt).toBeInstanceOf(Date);
  });

  it('uses the English texts where the shop wrote them, the Arabic ones otherwise, and the English page', async () => {
    const wood = await catalogue.get(ids.wood, 'en');
    expect(wood).toMatchObject({
      name: 'Olive wood beads',
      description: 'Olive wood',
      hasEnglish: true,
      categoryPath: ['Prayer beads'],
      link: `${PUBLIC_URL}/en/products/${ids.wood}`,
    });
    const amber = await catalogue.get(ids.amber, 'en');
    expect(amber).toMatchObject({
      name: 'مسبحة كهرمان',
      description: 'وصف كامل',
      categoryPath: ['Prayer beads', 'كهرمان'],
      // The English page, even where its texts fall back to Arabic.
      link: `${PUBLIC_URL}/en/products/${ids.amber}`,
    });
    expect((await catalogue.get(ids.bare, 'en'))?.hasEnglish).toBe(false);
  });

  it('keeps a sale price only when it is below the price', async () => {
    expect((await catalogue.get(ids.wood, 'ar'))?.salePrice).toBeNull();
  });

  it('follows the shop’s stock rule: untracked stock is always in stock, zero pieces is out', async () => {
    expect((await catalogue.get(ids.untracked, 'ar'))?.inStock).toBe(true);
    expect((await catalogue.get(ids.soldOut, 'ar'))?.inStock).toBe(false);
  });

  it('has no image link without an image and at most ten additional images', async () => {
    const bare = await catalogue.get(ids.bare, 'ar');
    expect(bare).toMatchObject({ imageLink: null, additionalImageLinks: [], categoryPath: [], description: '' });
    const many = await catalogue.get(ids.many, 'ar');
    expect(many?.imageLink).toBe(`${PUBLIC_URL}/uploads/products/many-0.webp`);
    expect(many?.additionalImageLinks).toHaveLength(MERCHANT_ADDITIONAL_IMAGES_MAX);
    expect(many?.additionalImageLinks[0]).toBe(`${PUBLIC_URL}/uploads/products/many-1.webp`);
  });

  it('reads a draft by id but never lists it, and answers null for an unknown id', async () => {
    expect((await catalogue.get(ids.draft, 'ar'))?.status).toBe('draft');
    expect(await catalogue.get(999_999, 'ar')).toBeNull();
  });

  it('pages through every published product by id, after the last one seen', async () => {
    const seen: number[] = [];
    let afterId = 0;
    for (;;) {
      const page = await catalogue.published({ lang: 'ar', afterId, limit: 2 });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((product) => product.id));
      afterId = page[page.length - 1]!.id;
    }
    const expected = [ids.amber, ids.wood, ids.untracked, ids.soldOut, ids.bare, ids.many];
    expect(seen).toEqual(expected);
    expect(await catalogue.publishedCount()).toBe(expected.length);
  });

  it('stops at a category chain that loops back', async () => {
    const db = database.db;
    const a = await createCategory(db, { name: 'أ' });
    const b = await createCategory(db, { name: 'ب', parent_id: a.id });
    await queryRows(db, sql`update categories set parent_id = ${b.id} where id = ${a.id}`);
    const product = await createProduct(db, { category_id: b.id });
    expect((await catalogue.get(product.id, 'ar'))?.categoryPath).toEqual(['أ', 'ب']);
  });
});
