import http from 'node:http';
import { parse } from 'csv-parse/sync';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kuwaitDateOf, PRODUCT_EXPORT_COLUMNS } from '@shop/shared';
import { admin, call, ctx, customer, fx, moderator, useAdminProductsShop } from '../../../test-support/admin-products.js';
import { products } from '../../db/schema/index.js';
import { createCategory, createProduct } from '../../seed/factories.js';
import { PRODUCTS_EXPORT_BATCH_SIZE } from './products-export.js';

useAdminProductsShop();

const BOM = '\uFEFF';
const HEADER =
  'id,sku,name_ar,name_en,short_description_ar,short_description_en,description_ar,description_en,' +
  'price,sale_price,stock_quantity,status,featured,category_slug,seo_title_ar,seo_title_en,' +
  'seo_description_ar,seo_description_en,image_urls';

function exportOf(options: { token?: string; lang?: 'ar' | 'en' } = {}) {
  return call('GET', '/api/admin/products/export', undefined, {
    token: options.token ?? admin.token,
    lang: options.lang ?? 'en',
  });
}

/** The file read back the way a spreadsheet or the import reads it: one record per product. */
function records(body: string): Array<Record<string, string>> {
  expect(body.startsWith(BOM)).toBe(true);
  return parse(body, { bom: true, columns: true, record_delimiter: '\r\n' });
}

const byId = (rows: Array<Record<string, string>>, id: number) => rows.find((row) => row.id === String(id));

describe('the products export', () => {
  it('answers a UTF-8 CSV with a BOM, the fixed header and every product by id, drafts included', async () => {
    const reply = await exportOf();
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="products-${kuwaitDateOf(new Date())}.csv"`,
    );
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect([...reply.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(reply.body.slice(1).split('\r\n')[0]).toBe(HEADER);
    expect(PRODUCT_EXPORT_COLUMNS.join(',')).toBe(HEADER);

    const rows = records(reply.body);
    const ids = (await ctx.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map(
      (row) => String(row.id),
    );
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(byId(rows, fx.draft)).toMatchObject({ name_ar: 'سبحة مسودة سرية', status: 'draft', category_slug: 'admin-beads' });
    expect(byId(rows, fx.published)?.status).toBe('published');
  });

  it('writes every field of a product, quoting commas, quotes and line breaks, prices with 3 decimals', async () => {
    const db = ctx.database.db;
    const category = await createCategory(db, { name: 'كهرمان', slug: 'amber-export' });
    const product = await createProduct(
      db,
      {
        sku: 'AMB-33, "gold"',
        name: 'سبحة كهرمان، "ملكية"',
        name_en: 'Amber beads, "royal"',
        short_description: 'قصير\nبسطرين',
        short_description_en: 'Short,\r\nwith a CRLF',
        description: '<p>وصف "كامل"</p>\n<p>سطر ثانٍ</p>',
        description_en: 'Full, "quoted" text',
        price: 12_500,
        sale_price: 9_750,
        stock_quantity: 7,
        status: 'draft',
        featured: true,
        category_id: category.id,
        seo_title_ar: 'عنوان البحث',
        seo_title_en: 'Search title',
        seo_description_ar: 'وصف البحث',
        seo_description_en: 'Search description',
      },
      { images: ['first image.webp', 'second.webp'] },
    );

    const row = byId(records((await exportOf()).body), product.id);
    const origin = ctx.config.publicUrl;
    expect(row).toEqual({
      id: String(product.id),
      sku: 'AMB-33, "gold"',
      name_ar: 'سبحة كهرمان، "ملكية"',
      name_en: 'Amber beads, "royal"',
      short_description_ar: 'قصير\nبسطرين',
      short_description_en: 'Short,\r\nwith a CRLF',
      description_ar: '<p>وصف "كامل"</p>\n<p>سطر ثانٍ</p>',
      description_en: 'Full, "quoted" text',
      price: '12.500',
      sale_price: '9.750',
      stock_quantity: '7',
      status: 'draft',
      featured: 'true',
      category_slug: 'amber-export',
      seo_title_ar: 'عنوان البحث',
      seo_title_en: 'Search title',
      seo_description_ar: 'وصف البحث',
      seo_description_en: 'Search description',
      image_urls: `${origin}/uploads/products/first%20image.webp|${origin}/uploads/products/second.webp`,
    });
    expect(origin).toMatch(/^https?:\/\//);
  });

  it('leaves the cells of what a product does not have empty', async () => {
    const product = await createProduct(ctx.database.db, { price: 3_000 });
    const row = byId(records((await exportOf()).body), product.id);
    expect(row).toMatchObject({
      sku: '',
      name_en: '',
      short_description_ar: '',
      short_description_en: '',
      description_ar: '',
      description_en: '',
      price: '3.000',
      sale_price: '',
      featured: 'false',
      category_slug: '',
      seo_title_ar: '',
      seo_title_en: '',
      seo_description_ar: '',
      seo_description_en: '',
      image_urls: '',
    });
  });

  it('keeps the header and the cells the same in Arabic, and guards cells a spreadsheet would run', async () => {
    const product = await createProduct(ctx.database.db, {
      name: '=HYPERLINK("http://evil.example","click")',
      name_en: '-2+3',
      sku: '+965',
    });
    const body = (await exportOf({ lang: 'ar' })).body;
    expect(body.slice(1).split('\r\n')[0]).toBe(HEADER);
    expect(byId(records(body), product.id)).toMatchObject({
      name_ar: `'=HYPERLINK("http://evil.example","click")`,
      name_en: "'-2+3",
      sku: '+965',
    });
  });

  it('is for those who may change the catalogue: moderators and customers 403, guests 401', async () => {
    for (const token of [moderator, customer]) {
      const refused = await exportOf({ token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    const refusedInArabic = await exportOf({ token: moderator, lang: 'ar' });
    expect(refusedInArabic.json().message).toMatch(/[\u0600-\u06FF]/);
    expect((await call('GET', '/api/admin/products/export')).statusCode).toBe(401);
  });
});

describe('a large products export', () => {
  it(`streams in chunks, batch after batch of ${PRODUCTS_EXPORT_BATCH_SIZE}, every product once`, async () => {
    const db = ctx.database.db;
    const count = PRODUCTS_EXPORT_BATCH_SIZE * 2 + 100;
    await db.execute(sql`
      insert into products (name, price, stock_quantity, status)
      select 'سبحة ' || i, 1000 * i, i, (case when i % 2 = 0 then 'draft' else 'published' end)::product_status
      from generate_series(1, ${count}) as i`);
    const expected = (await db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((row) =>
      String(row.id),
    );

    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const { chunks, body } = await new Promise<{ chunks: number; body: string }>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port: address.port,
          path: '/api/admin/products/export',
          headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en' },
        },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve({ chunks: parts.length, body: Buffer.concat(parts).toString('utf8') }));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
    expect(chunks).toBeGreaterThan(1);
    const rows = records(body);
    expect(rows.map((row) => row.id)).toEqual(expected);
    expect(rows.at(-1)).toMatchObject({ name_ar: `سبحة ${count}`, price: `${count}.000`, status: 'draft' });
  });
});
