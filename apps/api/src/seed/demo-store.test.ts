import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOW_STOCK_THRESHOLD, type ImageFolder } from '@shop/shared';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  type TestContext,
  type TestDatabase,
} from '../../test-support/test-app.js';
import type { Database } from '../db/client.js';
import {
  attributeVariations,
  attributes,
  categories,
  productAttributeVariations,
  productImages,
  products,
  slides,
  storeSettings,
} from '../db/schema/index.js';
import { createLocalFileStorage } from '../lib/file-storage/index.js';
import { storedImageFiles } from '../modules/media/index.js';
import { seedDemoStore } from './demo-store.js';

// Seeding draws ~150 pictures; on a busy 2-core machine two seeds take a while.
const SEED_TIMEOUT_MS = 240_000;

let ctx: TestContext;
let second: TestDatabase;
let secondUploads: string;
const messages: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoStore({
    db: ctx.database.db,
    files: ctx.app.services.files,
    log: { info: (message) => messages.push(message) },
  });
  second = await createTestDatabase();
  secondUploads = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-seed-'));
  await seedDemoStore({
    db: second.db,
    files: createLocalFileStorage(secondUploads),
    log: { info: () => undefined },
  });
}, SEED_TIMEOUT_MS);

afterAll(async () => {
  if (ctx) {
    await ctx.close();
    await fs.rm(ctx.config.dataDir, { recursive: true, force: true });
  }
  await second?.destroy();
  if (secondUploads) await fs.rm(secondUploads, { recursive: true, force: true });
});

function expectStored(uploadsDir: string, folder: ImageFolder, filename: string | null) {
  expect(filename, `${folder} image`).toMatch(/^[0-9a-f]{32}\.webp$/);
  for (const name of storedImageFiles(filename!)) {
    expect(existsSync(path.join(uploadsDir, folder, name)), `${folder}/${name}`).toBe(true);
  }
}

async function catalogueOf(db: Database) {
  const categoryRows = await db.select().from(categories).orderBy(asc(categories.id));
  const slugById = new Map(categoryRows.map((row) => [row.id, row.slug]));
  const productRows = await db.select().from(products).orderBy(asc(products.id));
  const links = await db
    .select({
      product_id: productAttributeVariations.product_id,
      attribute: attributes.name,
      variation: attributeVariations.title,
      price: productAttributeVariations.price,
    })
    .from(productAttributeVariations)
    .innerJoin(
      attributeVariations,
      eq(attributeVariations.id, productAttributeVariations.variation_id),
    )
    .innerJoin(attributes, eq(attributes.id, attributeVariations.attribute_id))
    .orderBy(
      asc(productAttributeVariations.product_id),
      asc(productAttributeVariations.sort_order),
    );
  const skuById = new Map(productRows.map((row) => [row.id, row.sku]));
  return {
    categories: categoryRows.map((row) => ({
      name: row.name,
      slug: row.slug,
      parent: row.parent_id === null ? null : slugById.get(row.parent_id),
      sort_order: row.sort_order,
      created_at: row.created_at.toISOString(),
    })),
    products: productRows.map((row) => ({
      sku: row.sku,
      name: row.name,
      price: row.price,
      sale_price: row.sale_price,
      stock_quantity: row.stock_quantity,
      status: row.status,
      featured: row.featured,
      category: row.category_id === null ? null : slugById.get(row.category_id),
      description: row.description,
      created_at: row.created_at.toISOString(),
    })),
    links: links.map((link) => ({ ...link, product_id: skuById.get(link.product_id) })),
    slides: (await db.select().from(slides).orderBy(asc(slides.id))).map((row) => [
      row.title,
      row.link_url,
      row.is_active,
    ]),
  };
}

describe('demo store seed', () => {
  it('logs a short summary', () => {
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^demo store seeded: \d+ products/);
  });

  it('writes the store settings with a logo', async () => {
    const [settings] = await ctx.database.db.select().from(storeSettings);
    expect(settings).toMatchObject({
      store_name: 'مسبحة الكويت',
      currency_symbol: 'KD',
      currency: 'KWD',
    });
    expect(settings!.whatsapp_number).toMatch(/^965\d{8}$/);
    for (const field of [
      'store_description',
      'phone_number',
      'email',
      'address',
      'instagram_url',
      'facebook_url',
    ] as const) {
      expect(settings![field], field).toBeTruthy();
    }
    expectStored(ctx.config.uploadsDir, 'settings', settings!.logo);

    const { settings: served } = (await ctx.app.inject('/api/settings')).json();
    expect(served.store_name).toBe('مسبحة الكويت');
    const logo = await ctx.app.inject(served.logo);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
  });

  it('creates nested categories with pictures, one of them still empty', async () => {
    const db = ctx.database.db;
    const rows = await db.select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    const amber = bySlug.get('amber')!;
    expect(
      rows
        .filter((row) => row.parent_id === amber.id)
        .map((row) => row.name)
        .sort(),
    ).toEqual(['كهرمان بلطيقي', 'كهرمان مضغوط'].sort());
    expect(
      rows
        .filter((row) => row.parent_id === bySlug.get('gemstones')!.id)
        .map((row) => row.slug)
        .sort(),
    ).toEqual(['agate', 'turquoise']);
    expect(rows.some((row) => row.sort_order === null)).toBe(true);
    for (const row of rows) {
      expect(row.slug).toMatch(/^[a-z-]+$/);
      expect(row.name).toMatch(/[\u0600-\u06FF]/);
      expectStored(ctx.config.uploadsDir, 'categories', row.image);
    }
    // Empty: no products of its own and none below it.
    const productCategories = new Set(
      (await db.select({ id: products.category_id }).from(products)).map((row) => row.id),
    );
    const hasProducts = (id: number): boolean =>
      productCategories.has(id) || rows.some((row) => row.parent_id === id && hasProducts(row.id));
    expect(rows.filter((row) => !hasProducts(row.id)).map((row) => row.slug)).toEqual(['faturan']);
  });

  it('creates a varied catalogue of products', async () => {
    const rows = await ctx.database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(48);
    const published = rows.filter((row) => row.status === 'published');
    const drafts = rows.filter((row) => row.status === 'draft');
    expect(drafts.length).toBeGreaterThanOrEqual(3);
    expect(drafts.length).toBeLessThanOrEqual(4);

    const onSale = rows.filter((row) => row.sale_price !== null);
    expect(onSale.every((row) => row.sale_price! < row.price)).toBe(true);
    expect(onSale.length / rows.length).toBeGreaterThan(0.18);
    expect(onSale.length / rows.length).toBeLessThan(0.32);

    const featured = published.filter((row) => row.featured);
    expect(featured.length).toBeGreaterThanOrEqual(8);
    expect(featured.length).toBeLessThanOrEqual(14);

    expect(published.some((row) => row.stock_quantity === 0)).toBe(true);
    expect(
      published.filter((row) => row.stock_quantity > 0 && row.stock_quantity <= LOW_STOCK_THRESHOLD)
        .length,
    ).toBeGreaterThanOrEqual(5);
    expect(
      published.filter((row) => row.stock_quantity > LOW_STOCK_THRESHOLD).length,
    ).toBeGreaterThanOrEqual(20);

    const prices = rows.map((row) => row.price);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(4_500);
    expect(Math.max(...prices)).toBeLessThanOrEqual(350_000);
    expect(prices.some((price) => price % 1000 !== 0)).toBe(true);
    expect(prices.some((price) => price % 1000 === 0)).toBe(true);

    const skus = rows.map((row) => row.sku);
    expect(new Set(skus).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.sku).toMatch(/^SB-[A-Z]{3}-\d{3}$/);
      expect(row.category_id).not.toBeNull();
      expect(row.short_description).toMatch(/\d+ حبة/);
      expect(row.description!.split('. ').length).toBeGreaterThanOrEqual(2);
      expect(row.description).toMatch(/ملم/);
    }
    // "Newest" is stable: no two products share a creation time.
    expect(new Set(rows.map((row) => row.created_at.getTime())).size).toBe(rows.length);
  });

  it('gives every product two or three pictures, stored at every width', async () => {
    const rows = await ctx.database.db
      .select()
      .from(productImages)
      .orderBy(asc(productImages.product_id), asc(productImages.sort_order));
    const perProduct = new Map<number, string[]>();
    for (const row of rows)
      perProduct.set(row.product_id, [...(perProduct.get(row.product_id) ?? []), row.filename]);
    const productCount = (await ctx.database.db.select({ id: products.id }).from(products)).length;
    expect(perProduct.size).toBe(productCount);
    for (const filenames of perProduct.values()) {
      expect(filenames.length).toBeGreaterThanOrEqual(2);
      expect(filenames.length).toBeLessThanOrEqual(3);
      for (const filename of filenames) expectStored(ctx.config.uploadsDir, 'products', filename);
    }
    expect([...perProduct.values()].some((filenames) => filenames.length === 3)).toBe(true);

    const [first] = rows;
    const picture = await sharp(
      path.join(ctx.config.uploadsDir, 'products', first!.filename),
    ).metadata();
    expect(picture).toMatchObject({ format: 'webp', width: 960, height: 960 });
    const served = await ctx.app.inject(
      `/uploads/products/${first!.filename.replace('.webp', '-320.webp')}`,
    );
    expect(served.statusCode).toBe(200);
  });

  it('offers attributes with surcharges on about half of the products', async () => {
    const db = ctx.database.db;
    const attributeRows = await db.select().from(attributes);
    expect(attributeRows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['عدد الحبات', 'لون الشرابة', 'المقاس']),
    );
    const variations = await db.select().from(attributeVariations);
    const beadCount = attributeRows.find((row) => row.name === 'عدد الحبات')!;
    expect(
      variations
        .filter((row) => row.attribute_id === beadCount.id)
        .map((row) => [row.title, row.additional_price]),
    ).toEqual([
      ['33 حبة', 0],
      ['45 حبة', 1_500],
      ['99 حبة', 4_000],
    ]);

    const { links } = await catalogueOf(db);
    const productCount = (await db.select({ id: products.id }).from(products)).length;
    const attributesPerProduct = new Map<string, Set<string>>();
    for (const link of links) {
      attributesPerProduct.set(
        link.product_id!,
        (attributesPerProduct.get(link.product_id!) ?? new Set()).add(link.attribute),
      );
    }
    expect(attributesPerProduct.size / productCount).toBeGreaterThan(0.35);
    expect(attributesPerProduct.size / productCount).toBeLessThan(0.65);
    expect(
      [...attributesPerProduct.values()].filter((set) => set.size >= 2).length,
    ).toBeGreaterThanOrEqual(5);
    expect(links.some((link) => link.price > 0)).toBe(true);
    expect(links.every((link) => link.price >= 0 && link.price % 250 === 0)).toBe(true);
  });

  it('creates three active slides and one hidden, with banners', async () => {
    const rows = await ctx.database.db.select().from(slides).orderBy(asc(slides.sort_order));
    expect(rows.filter((row) => row.is_active)).toHaveLength(3);
    expect(rows.filter((row) => !row.is_active)).toHaveLength(1);
    for (const row of rows) {
      expect(row.link_url).toMatch(/^\/(category|products)/);
      expect(row.description).toBeTruthy();
      expectStored(ctx.config.uploadsDir, 'slider', row.image);
    }
    const banner = await sharp(
      path.join(ctx.config.uploadsDir, 'slider', rows[0]!.image),
    ).metadata();
    expect(banner.width! / banner.height!).toBeCloseTo(1600 / 600, 1);
    const { slides: served } = (await ctx.app.inject('/api/slider')).json();
    expect(served).toHaveLength(3);
  });

  it('writes English for the settings, every category, product, attribute, variation and slide', async () => {
    const db = ctx.database.db;
    const [settings] = await db.select().from(storeSettings);
    expect(settings!.store_name_en).toBe('Misbaha Kuwait');
    expect(settings!.store_description_en).toMatch(/^[\x20-\x7E’]+$/);
    const latin = /^[\x20-\x7E’]+$/;
    for (const row of await db.select().from(categories)) {
      expect(row.name_en, row.slug).toMatch(latin);
      expect(row.description_en, row.slug).toMatch(latin);
    }
    for (const row of await db.select().from(products)) {
      expect(row.name_en, row.sku!).toMatch(latin);
      expect(row.short_description_en, row.sku!).toMatch(/^\d+ beads of \d+ mm, /);
      expect(row.description_en, row.sku!).toMatch(latin);
      expect(row.description_en!.split('. ').length, row.sku!).toBeGreaterThanOrEqual(2);
    }
    for (const row of await db.select().from(slides)) {
      expect(row.title_en).toMatch(latin);
      expect(row.description_en).toMatch(latin);
    }
    const attributeRows = await db.select().from(attributes);
    for (const row of attributeRows) expect(row.name_en, row.name).toMatch(latin);
    expect(attributeRows.find((row) => row.name === 'لون الشرابة')!.name_en).toBe('Tassel colour');
    const variationRows = await db.select().from(attributeVariations);
    for (const row of variationRows) expect(row.title_en, row.title).toMatch(latin);
    expect(variationRows.find((row) => row.title === 'أحمر')!.title_en).toBe('Red');
  });

  it('finds a word with its article as often as without it, and English words', async () => {
    const total = async (search: string, lang = 'ar') => {
      const reply = await ctx.app.inject({
        url: `/api/products?search=${encodeURIComponent(search)}&limit=100`,
        headers: { 'accept-language': lang },
      });
      expect(reply.statusCode).toBe(200);
      const body = reply.json() as { products: Array<{ sku: string }>; pagination: { total: number } };
      return { total: body.pagination.total, skus: body.products.map((product) => product.sku) };
    };
    const bare = await total('سبحة');
    expect(bare.total).toBeGreaterThanOrEqual(48);
    expect((await total('السبحة')).total).toBe(bare.total);
    expect((await total('بالسبحة')).total).toBe(bare.total);
    const amber = await total('كهرمان');
    expect(amber.total).toBeGreaterThanOrEqual(10);
    const withArticle = await total('بالكهرمان');
    expect(withArticle.skus.sort()).toEqual(amber.skus.sort());
    expect((await total('والكهرمان')).total).toBe(amber.total);
    // English: the English content itself, and the shop's synonyms for the Arabic words.
    const english = await total('amber', 'en');
    expect(english.skus).toEqual(expect.arrayContaining(amber.skus));
    expect(english.skus.every((sku) => /^SB-(AMB|PAM)-/.test(sku))).toBe(true);
    expect((await total('kahraman', 'en')).total).toBe(amber.total);
    expect((await total('sebha', 'en')).total).toBe(bare.total);
    expect((await total('misbaha', 'en')).total).toBe(bare.total);
    const yusr = await total('yusr', 'en');
    expect(yusr.total).toBeGreaterThanOrEqual(4);
    expect(yusr.skus.every((sku) => sku.startsWith('SB-YSR-'))).toBe(true);
    expect((await total('kuka', 'en')).skus.every((sku) => sku.startsWith('SB-KUK-'))).toBe(true);
    expect((await total('rosaries', 'en')).total).toBe(bare.total);
  });

  it('produces the same store every time', async () => {
    const first = await catalogueOf(ctx.database.db);
    const again = await catalogueOf(second.db);
    expect(again).toEqual(first);
    expect(first.products.length).toBeGreaterThanOrEqual(48);
    // Pictures are stored under fresh random names on every seed.
    const [firstImage] = await ctx.database.db.select().from(productImages).limit(1);
    const [secondImage] = await second.db.select().from(productImages).limit(1);
    expect(firstImage!.filename).not.toBe(secondImage!.filename);
  });
});
