import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { merchantProducts } from '../../db/schema/merchant.js';
import {
  addProductImages,
  createCategory,
  createProduct,
  createProducts,
  saveStoreSettings,
} from '../../seed/factories.js';
import { nextTestIp } from '../../../test-support/http.js';
import { child, parseXml, values } from '../../../test-support/xml.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import type { MerchantCatalogueProduct } from './catalogue.js';
import { FEED_RATE_LIMIT } from './feed-routes.js';
import {
  escapeXml,
  FEED_PAGE_SIZE,
  FEED_TAIL,
  formatFeedPrice,
  renderFeedHead,
  renderFeedItem,
} from './feed.js';

/** Each item as field → texts. */
function feedItems(document: string): Array<Record<string, string[]>> {
  const rss = parseXml(document);
  expect(rss.name).toBe('rss');
  expect(rss.attributes).toMatchObject({ version: '2.0', 'xmlns:g': 'http://base.google.com/ns/1.0' });
  const channel = child(rss, 'channel')!;
  return channel.children
    .filter((element) => element.name === 'item')
    .map((item) => {
      const fields: Record<string, string[]> = {};
      for (const field of item.children) (fields[field.name] ??= []).push(field.text);
      return fields;
    });
}

// ---------- units ----------

function product(overrides: Partial<MerchantCatalogueProduct> = {}): MerchantCatalogueProduct {
  return {
    id: 42,
    name: 'مسبحة كهرمان',
    description: 'حبات ٣٣',
    hasEnglish: false,
    sku: 'AMB-33',
    price: 12_500,
    salePrice: null,
    stockQuantity: 3,
    manageStock: true,
    inStock: true,
    status: 'published',
    link: 'https://shop.example/products/42',
    imageLink: 'https://shop.example/uploads/products/a.webp',
    additionalImageLinks: [],
    categoryPath: [],
    updatedAt: new Date('2026-11-20T10:00:00Z'),
    ...overrides,
  };
}

const context = { currency: 'KWD', brand: 'متجر المسابح' };

function document(items: string): string {
  return renderFeedHead({ title: 'متجر', link: 'https://shop.example/', description: 'وصف', lang: 'ar' }) + items + FEED_TAIL;
}

function single(overrides: Partial<MerchantCatalogueProduct> = {}, identifiers = {}): Record<string, string[]> {
  const items = feedItems(document(renderFeedItem(product(overrides), context, identifiers)));
  expect(items).toHaveLength(1);
  return items[0]!;
}

describe('feed prices', () => {
  it('are written with the currency’s decimals and its ISO code', () => {
    expect(formatFeedPrice(12_500, 'KWD')).toBe('12.500 KWD');
    expect(formatFeedPrice(9_900, 'kwd')).toBe('9.900 KWD');
    expect(formatFeedPrice(12_500, 'USD')).toBe('12.50 USD');
    expect(formatFeedPrice(1_234_000, 'JPY')).toBe('1234 JPY');
    expect(formatFeedPrice(5, 'KWD')).toBe('0.005 KWD');
  });
});

describe('escapeXml', () => {
  it('escapes markup and drops the characters XML 1.0 forbids, keeping Arabic and emoji', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
    expect(escapeXml('سبحة\u0000\u0008\u000B\u001F\uFFFE\uD800 كهرمان 📿\t\n')).toBe('سبحة كهرمان 📿\t\n');
  });
});

describe('a feed item', () => {
  it('carries every field Google reads, in Arabic', () => {
    expect(
      single({
        salePrice: 9_900,
        additionalImageLinks: ['https://shop.example/uploads/products/b.webp', 'https://shop.example/uploads/products/c.webp'],
        categoryPath: ['مسابح', 'كهرمان'],
      }),
    ).toEqual({
      'g:id': ['42'],
      'g:title': ['مسبحة كهرمان'],
      'g:description': ['حبات ٣٣'],
      'g:link': ['https://shop.example/products/42'],
      'g:image_link': ['https://shop.example/uploads/products/a.webp'],
      'g:additional_image_link': ['https://shop.example/uploads/products/b.webp', 'https://shop.example/uploads/products/c.webp'],
      'g:availability': ['in_stock'],
      'g:price': ['12.500 KWD'],
      'g:sale_price': ['9.900 KWD'],
      'g:condition': ['new'],
      'g:brand': ['متجر المسابح'],
      'g:product_type': ['مسابح > كهرمان'],
      'g:identifier_exists': ['no'],
    });
  });

  it('says out_of_stock when the shop has none, and leaves out what the product does not have', () => {
    const item = single({ inStock: false, imageLink: null, description: '' });
    expect(item['g:availability']).toEqual(['out_of_stock']);
    expect(item['g:image_link']).toBeUndefined();
    expect(item['g:sale_price']).toBeUndefined();
    expect(item['g:product_type']).toBeUndefined();
    // Google requires a description: the name stands in.
    expect(item['g:description']).toEqual(['مسبحة كهرمان']);
  });

  it('keeps names with &, <, >, quotes and forbidden characters readable and the XML well-formed', () => {
    const name = `سبحة "كهرمان" & فضة <عيار 925> 'خاص'\u0001`;
    const item = single({ name, description: '<b>bold</b> & ]]> text', categoryPath: ['أحجار & معادن', '<كريمة>'] });
    expect(item['g:title']).toEqual([`سبحة "كهرمان" & فضة <عيار 925> 'خاص'`]);
    expect(item['g:description']).toEqual(['<b>bold</b> & ]]> text']);
    expect(item['g:product_type']).toEqual(['أحجار & معادن > <كريمة>']);
  });

  it('cuts the title at 150 and the description at 5000 characters without splitting a character', () => {
    const item = single({ name: '📿'.repeat(200), description: 'س'.repeat(6000) });
    expect([...item['g:title']![0]!]).toHaveLength(150);
    expect(item['g:title']![0]).toBe('📿'.repeat(150));
    expect(item['g:description']![0]).toHaveLength(5000);
  });

  it('lists the owner’s brand, GTIN, MPN and Google category instead of identifier_exists no', () => {
    const item = single({}, { brand: 'Misbaha & Co', gtin: '6281234567890', mpn: 'AMB-33', googleProductCategory: '5710' });
    expect(item['g:brand']).toEqual(['Misbaha & Co']);
    expect(item['g:gtin']).toEqual(['6281234567890']);
    expect(item['g:mpn']).toEqual(['AMB-33']);
    expect(item['g:google_product_category']).toEqual(['5710']);
    expect(item['g:identifier_exists']).toBeUndefined();
  });

  it('is refused by the well-formedness check when a field is not escaped', () => {
    const broken = renderFeedItem(product(), context).replace('<g:title>مسبحة', '<g:title>مسبحة & <');
    expect(() => feedItems(document(broken))).toThrow();
  });
});

// ---------- through the HTTP app ----------

const PUBLIC_URL = 'https://shop.example';
const FEED = '/feeds/google-merchant.xml';

describe('GET /feeds/google-merchant.xml', () => {
  let ctx: TestContext;
  const ids = { amber: 0, wood: 0, draft: 0, soldOut: 0 };
  let publishedIds: number[] = [];

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.app.inject({ method, url, headers, remoteAddress: nextTestIp() });

  beforeAll(async () => {
    // The feed is cached here as in production; a published change must still show at once.
    ctx = await createTestApp({ PUBLIC_URL, CATALOG_CACHE_SECONDS: '60' });
    const db = ctx.database.db;
    await saveStoreSettings(db, {
      store_name: 'متجر المسابح',
      store_name_en: 'Prayer Beads Shop',
      store_description: 'مسابح & أحجار',
      currency: 'KWD',
    });
    const beads = await createCategory(db, { name: 'مسابح', name_en: 'Prayer beads' });
    const amber = await createCategory(db, { name: 'كهرمان', name_en: 'Amber', parent_id: beads.id });
    ids.amber = (
      await createProduct(
        db,
        { name: 'مسبحة <كهرمان> & فضة', description: 'وصف', price: 12_500, sale_price: 9_900, category_id: amber.id },
        { images: ['amber.webp', 'amber-2.webp'] },
      )
    ).id;
    ids.wood = (
      await createProduct(db, {
        name: 'سبحة خشب',
        name_en: 'Olive wood beads',
        description_en: 'Light & warm',
        price: 5_000,
        category_id: beads.id,
      })
    ).id;
    ids.draft = (await createProduct(db, { name: 'مسودة لا تظهر', status: 'draft' })).id;
    ids.soldOut = (await createProduct(db, { name: 'نفدت', stock_quantity: 0 })).id;
    // More than one page of the catalogue.
    const bulk = await createProducts(
      db,
      Array.from({ length: FEED_PAGE_SIZE + 100 }, (_, index) => ({
        name: `منتج ${index}`,
        price: 1_000 + index,
        status: index % 20 === 0 ? ('draft' as const) : ('published' as const),
      })),
    );
    await addProductImages(db, bulk.slice(0, 3).map((row) => ({ product_id: row.id, filename: `bulk-${row.id}.webp`, sort_order: 0 })));
    const rows = await queryRows<{ id: number }>(db, sql`select id from products where status = 'published' order by id`);
    publishedIds = rows.map((row) => row.id);
  });

  afterAll(() => ctx.close());

  it('lists every published product once, and no draft, as RSS 2.0 with the g: namespace', async () => {
    const reply = await get(FEED);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/xml; charset=utf-8');
    const items = feedItems(reply.body);
    expect(items.map((item) => Number(item['g:id']![0]))).toEqual(publishedIds);
    expect(publishedIds.length).toBeGreaterThan(FEED_PAGE_SIZE);
    expect(publishedIds).not.toContain(ids.draft);
    expect(reply.body).not.toContain('مسودة لا تظهر');
    const channel = child(parseXml(reply.body), 'channel')!;
    expect(values(channel, 'title')).toEqual(['متجر المسابح']);
    expect(values(channel, 'link')).toEqual([`${PUBLIC_URL}/`]);
    expect(values(channel, 'description')).toEqual(['مسابح & أحجار']);
  });

  it('describes each product with absolute links, KWD prices, stock and its category path', async () => {
    const items = feedItems((await get(FEED)).body);
    const byId = new Map(items.map((item) => [Number(item['g:id']![0]), item]));
    expect(byId.get(ids.amber)).toMatchObject({
      'g:title': ['مسبحة <كهرمان> & فضة'],
      'g:link': [`${PUBLIC_URL}/products/${ids.amber}`],
      'g:image_link': [`${PUBLIC_URL}/uploads/products/amber.webp`],
      'g:additional_image_link': [`${PUBLIC_URL}/uploads/products/amber-2.webp`],
      'g:price': ['12.500 KWD'],
      'g:sale_price': ['9.900 KWD'],
      'g:availability': ['in_stock'],
      'g:brand': ['متجر المسابح'],
      'g:product_type': ['مسابح > كهرمان'],
      'g:identifier_exists': ['no'],
      'g:condition': ['new'],
    });
    expect(byId.get(ids.soldOut)?.['g:availability']).toEqual(['out_of_stock']);
    expect(byId.get(ids.wood)?.['g:price']).toEqual(['5.000 KWD']);
  });

  it('adds the brand, GTIN, MPN and Google category the owner saved in the merchant tab', async () => {
    await ctx.database.db.insert(merchantProducts).values({
      product_id: ids.wood,
      brand: 'Olive & Co',
      gtin: '6281234567890',
      mpn: 'OLV-1',
      google_product_category: '5710',
    });
    ctx.app.services.changes.publish('catalog');
    const items = feedItems((await get(FEED)).body);
    const wood = items.find((item) => item['g:id']![0] === String(ids.wood));
    expect(wood).toMatchObject({
      'g:brand': ['Olive & Co'],
      'g:gtin': ['6281234567890'],
      'g:mpn': ['OLV-1'],
      'g:google_product_category': ['5710'],
    });
    expect(wood?.['g:identifier_exists']).toBeUndefined();
    const amber = items.find((item) => item['g:id']![0] === String(ids.amber));
    expect(amber).toMatchObject({ 'g:brand': ['متجر المسابح'], 'g:identifier_exists': ['no'] });
  });

  it('writes the English feed with English texts where they exist and Arabic otherwise', async () => {
    const reply = await get(`${FEED}?lang=en`);
    expect(reply.statusCode).toBe(200);
    const channel = child(parseXml(reply.body), 'channel')!;
    expect(values(channel, 'title')).toEqual(['Prayer Beads Shop']);
    expect(values(channel, 'link')).toEqual([`${PUBLIC_URL}/en`]);
    expect(values(channel, 'language')).toEqual(['en']);
    const byId = new Map(feedItems(reply.body).map((item) => [Number(item['g:id']![0]), item]));
    expect(byId.size).toBe(publishedIds.length);
    expect(byId.get(ids.wood)).toMatchObject({
      'g:title': ['Olive wood beads'],
      'g:description': ['Light & warm'],
      'g:product_type': ['Prayer beads'],
    });
    expect(byId.get(ids.amber)).toMatchObject({ 'g:title': ['مسبحة <كهرمان> & فضة'], 'g:product_type': ['Prayer beads > Amber'] });
    expect((await get(FEED)).headers.etag).not.toBe(reply.headers.etag);
  });

  it('links every English item to its /en product page and names the English store as its brand', async () => {
    const items = feedItems((await get(`${FEED}?lang=en`)).body);
    expect(items.map((item) => item['g:link'])).toEqual(items.map((item) => [`${PUBLIC_URL}/en/products/${item['g:id']![0]}`]));
    const owned = new Set([String(ids.wood)]);
    for (const item of items.filter((entry) => !owned.has(entry['g:id']![0]!))) expect(item['g:brand']).toEqual(['Prayer Beads Shop']);
    // The brand the owner saved for a product stays whatever the feed's language.
    expect(items.find((item) => item['g:id']![0] === String(ids.wood))?.['g:brand']).toEqual(['Olive & Co']);
  });

  it('keeps the Arabic feed on the Arabic pages with the Arabic store name', async () => {
    const items = feedItems((await get(FEED)).body);
    expect(items.map((item) => item['g:link'])).toEqual(items.map((item) => [`${PUBLIC_URL}/products/${item['g:id']![0]}`]));
    expect(items.find((item) => item['g:id']![0] === String(ids.amber))?.['g:brand']).toEqual(['متجر المسابح']);
  });

  it('is cacheable: public max-age, an ETag, and 304 when it is unchanged', async () => {
    const first = await get(FEED);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(FEED, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(FEED, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await get(FEED, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('is written again after a published catalogue change, with a new ETag', async () => {
    const before = await get(FEED);
    await queryRows(ctx.database.db, sql`update products set price = 13000 where id = ${ids.amber}`);
    // Still the cached document until the change is published.
    expect((await get(FEED)).headers.etag).toBe(before.headers.etag);
    ctx.app.services.changes.publish('catalog');
    const after = await get(FEED, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const amber = feedItems(after.body).find((item) => item['g:id']![0] === String(ids.amber));
    expect(amber?.['g:price']).toEqual(['13.000 KWD']);
  });

  it('answers HEAD with the headers and no body', async () => {
    const reply = await get(FEED, {}, 'HEAD');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.etag).toBe((await get(FEED)).headers.etag);
    expect(reply.body).toBe('');
  });

  it('is sent compressed to a client that asks', async () => {
    const reply = await get(FEED, { 'accept-encoding': 'gzip' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
  });

  it('limits how often one client address may fetch it (429 in the envelope)', async () => {
    const fetch = () => ctx.app.inject({ method: 'GET', url: FEED, remoteAddress: '203.0.113.77' });
    for (let count = 0; count < FEED_RATE_LIMIT.max; count += 1) expect((await fetch()).statusCode).toBe(200);
    const refused = await fetch();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false });
    expect((await get(FEED)).statusCode).toBe(200);
  });

  it('refuses a language the shop does not speak with a clear 400', async () => {
    const reply = await get(`${FEED}?lang=fr`, { 'accept-language': 'en' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false });
  });
});
