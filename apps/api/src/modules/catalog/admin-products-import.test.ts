import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRODUCT_IMPORT_MAX_ROWS, type ProductImportRefused, type ProductImportResponse } from '@shop/shared';
import { admin, call, ctx, customer, fx, moderator, useAdminProductsShop } from '../../../test-support/admin-products.js';
import { multipartBody } from '../../../test-support/multipart.js';
import type { TestLang } from '../../../test-support/http.js';
import { auditLog, productImages, productImports, products, stockMovements } from '../../db/schema/index.js';
import { createCategory, createProduct, openStockLedger } from '../../seed/factories.js';

useAdminProductsShop();

const BOM = '\uFEFF';

type Row = Record<string, string>;

/** The products export, read as its records. */
async function exported(): Promise<Row[]> {
  const reply = await call('GET', '/api/admin/products/export', undefined, { token: admin.token });
  expect(reply.statusCode).toBe(200);
  return parse(reply.body, { bom: true, columns: true });
}

/** A CSV file of these rows in these columns, as a spreadsheet saves it (CRLF unless told). */
function csv(columns: readonly string[], rows: readonly Row[], options: { bom?: boolean; lf?: boolean } = {}): string {
  const body = stringify(
    rows.map((row) => columns.map((column) => row[column] ?? '')),
    { header: true, columns: [...columns], record_delimiter: options.lf ? 'unix' : 'windows' },
  );
  return (options.bom === false ? '' : BOM) + body;
}

interface ImportOptions {
  dryRun?: boolean;
  token?: string;
  lang?: TestLang;
  field?: string;
}

async function importFile(file: string | Buffer, options: ImportOptions = {}) {
  const form = await multipartBody({}, [
    {
      field: options.field ?? 'file',
      name: 'products.csv',
      type: 'text/csv',
      data: typeof file === 'string' ? Buffer.from(file, 'utf8') : file,
    },
  ]);
  const query = options.dryRun ? '?dry_run=true' : '';
  return call('POST', `/api/admin/products/import${query}`, form.payload, {
    token: options.token ?? admin.token,
    lang: options.lang ?? 'en',
    headers: form.headers,
  });
}

const db = () => ctx.database.db;

async function tableCounts() {
  const [[productRows], [ledger], [activity], [imports], [images]] = await Promise.all([
    db().select({ n: count() }).from(products),
    db().select({ n: count() }).from(stockMovements),
    db().select({ n: count() }).from(auditLog),
    db().select({ n: count() }).from(productImports),
    db().select({ n: count() }).from(productImages),
  ]);
  return { products: productRows!.n, ledger: ledger!.n, activity: activity!.n, imports: imports!.n, images: images!.n };
}

async function productSnapshot() {
  return db().select().from(products).orderBy(products.id);
}

/** A stocked product with its opening ledger row, as the demo store has them. */
async function stockedProduct(values: Parameters<typeof createProduct>[1] = {}, images: string[] = []) {
  const product = await createProduct(db(), { category_id: fx.beads, ...values }, { images });
  await openStockLedger(db(), [product]);
  return product;
}

describe('the products import: a round trip of the export', () => {
  for (const variant of [
    { name: 'with a byte order mark and CRLF', bom: true, lf: false },
    { name: 'without a byte order mark, LF line ends', bom: false, lf: true },
  ]) {
    it(`reads back what it wrote, edited (Arabic, commas, quotes, line breaks), ${variant.name}`, async () => {
      const product = await stockedProduct({ name: 'سبحة يسر', sku: `YUSR-${variant.bom}`, price: 15_000, stock_quantity: 6 });
      const rows = await exported();
      const header = Object.keys(rows[0]!);
      const mine = rows.find((row) => row.id === String(product.id))!;
      mine.name_ar = 'سبحة يسر، "ملكية"\nبسطرين';
      mine.description_en = 'Black coral, "Yusr", 33 beads\r\nfrom Kuwait';
      mine.price = '17.250';
      mine.sale_price = '16.5';
      mine.stock_quantity = '9';
      const file = csv(header, rows, variant);

      const before = await productSnapshot();
      const dry = await importFile(file, { dryRun: true });
      expect(dry.statusCode, dry.body).toBe(200);
      const dryBody = dry.json<ProductImportResponse>();
      expect(dryBody).toMatchObject({ success: true, dry_run: true, import_id: null });
      expect(dryBody.summary).toEqual({ rows: rows.length, create: 0, update: 1, unchanged: rows.length - 1, errors: 0 });
      const changed = dryBody.rows.find((row) => row.product_id === product.id)!;
      expect(changed.row).toBe(rows.indexOf(mine) + 2);
      expect(changed.action).toBe('update');
      expect(changed.changes).toEqual({
        name_ar: { from: 'سبحة يسر', to: 'سبحة يسر، "ملكية"\nبسطرين' },
        description_en: { from: '', to: 'Black coral, "Yusr", 33 beads\r\nfrom Kuwait' },
        price: { from: '15.000', to: '17.250' },
        sale_price: { from: '', to: '16.500' },
        stock_quantity: { from: '6', to: '9' },
      });
      // The dry run changed nothing.
      expect(await productSnapshot()).toEqual(before);

      const applied = await importFile(file);
      expect(applied.statusCode, applied.body).toBe(200);
      const body = applied.json<ProductImportResponse>();
      expect(body.dry_run).toBe(false);
      expect(body.import_id).toEqual(expect.any(Number));

      // The export now reads exactly as the edited file.
      const again = (await exported()).find((row) => row.id === String(product.id));
      expect(again).toEqual({ ...mine, sale_price: '16.500' });
      const [stored] = await db().select().from(products).where(eq(products.id, product.id));
      expect(stored).toMatchObject({ name: 'سبحة يسر، "ملكية"\nبسطرين', price: 17_250, sale_price: 16_500, stock_quantity: 9 });

      // Reading the same file again changes nothing.
      const second = (await importFile(file, { dryRun: true })).json<ProductImportResponse>();
      expect(second.summary.update).toBe(0);
    });
  }

  it('reads a text the export guarded against formulas back as stored', async () => {
    const product = await stockedProduct({ name: '=1+2 سبحة', name_en: '-33 beads', sku: '@home-1' });
    const rows = await exported();
    const header = Object.keys(rows[0]!);
    expect(rows.find((row) => row.id === String(product.id))?.name_ar).toBe("'=1+2 سبحة");
    const reply = await importFile(csv(header, rows), { dryRun: true });
    const mine = reply.json<ProductImportResponse>().rows.find((row) => row.product_id === product.id);
    expect(mine).toMatchObject({ action: 'unchanged', changes: {}, errors: [] });
  });
});

describe('the products import: cells', () => {
  it('keeps a blank cell, clears with "-" and refuses to clear what the form requires', async () => {
    const product = await stockedProduct({
      name_en: 'Amber',
      sale_price: 8_000,
      sku: 'CLR-1',
      seo_title_en: 'Amber beads',
      description: 'وصف',
    });
    const columns = ['id', 'name_en', 'sale_price', 'sku', 'seo_title_en', 'description_ar', 'price'];
    const file = csv(columns, [{ id: String(product.id), name_en: '-', sale_price: '-', sku: ' - ', seo_title_en: '', description_ar: '', price: '' }]);
    const reply = await importFile(file);
    expect(reply.statusCode, reply.body).toBe(200);
    const [stored] = await db().select().from(products).where(eq(products.id, product.id));
    expect(stored).toMatchObject({
      name_en: null,
      sale_price: null,
      sku: null,
      seo_title_en: 'Amber beads',
      description: 'وصف',
      price: product.price,
    });

    const refused = await importFile(csv(['id', 'price', 'name_ar'], [{ id: String(product.id), price: '-', name_ar: '-' }]), {
      dryRun: true,
    });
    expect(refused.json<ProductImportResponse>().rows[0]!.errors).toEqual([
      { column: 'name_ar', message: 'This value cannot be cleared: leave the cell blank to keep it' },
      { column: 'price', message: 'This value cannot be cleared: leave the cell blank to keep it' },
    ]);
  });

  it('refuses bad values on their cells, in the request language', async () => {
    const product = await stockedProduct({ price: 10_000 });
    const columns = ['id', 'price', 'sale_price', 'stock_quantity', 'status', 'featured', 'category_slug', 'seo_title_ar'];
    const file = csv(columns, [
      {
        id: String(product.id),
        price: '12.3456',
        sale_price: '20',
        stock_quantity: '-1',
        status: 'live',
        featured: 'yes',
        category_slug: 'no-such-category',
        seo_title_ar: 'ع'.repeat(71),
      },
      { id: String(product.id), price: '5', sale_price: '6' },
    ]);
    const reply = await importFile(file, { dryRun: true });
    const [first, second] = reply.json<ProductImportResponse>().rows;
    expect(first!.errors.map((error) => error.column)).toEqual([
      'price',
      'stock_quantity',
      'status',
      'featured',
      'category_slug',
      'seo_title_ar',
      // Above the price it keeps (12.3456 was refused).
      'sale_price',
    ]);
    expect(first!.errors[4]!.message).toBe('No category has the slug no-such-category');
    // The same product twice; and its sale price above its price once merged.
    expect(second!.errors).toEqual([
      { column: 'id', message: 'This product is also in row 2' },
      { column: 'sale_price', message: 'The sale price cannot be higher than the price' },
    ]);

    const arabic = await importFile(file, { dryRun: true, lang: 'ar' });
    expect(arabic.json<ProductImportResponse>().rows[0]!.errors[0]!.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('creates a product from a row without id or known SKU, with what the form requires', async () => {
    const category = await createCategory(db(), { name: 'كهرمان', slug: 'import-amber' });
    const columns = ['sku', 'name_ar', 'price', 'stock_quantity', 'category_slug', 'status', 'featured'];
    const file = csv(columns, [
      { sku: 'NEW-AMBER-1', name_ar: 'سبحة كهرمان جديدة', price: '25', stock_quantity: '4', category_slug: 'IMPORT-AMBER', status: 'published', featured: 'true' },
      { sku: 'NEW-AMBER-2', name_ar: 'ناقصة' },
    ]);
    const dry = (await importFile(file, { dryRun: true })).json<ProductImportResponse>();
    expect(dry.rows[0]).toMatchObject({ action: 'create', product_id: null, errors: [] });
    expect(dry.rows[0]!.changes.price).toEqual({ from: null, to: '25.000' });
    expect(dry.rows[1]!.errors).toEqual([
      { column: 'price', message: 'The price is required' },
      { column: 'stock_quantity', message: 'The stock quantity is required' },
      { column: 'category_slug', message: 'The category is required' },
    ]);

    // Applied without the incomplete row.
    const complete = { sku: 'NEW-AMBER-1', name_ar: 'سبحة كهرمان جديدة', price: '25', stock_quantity: '4', category_slug: 'import-amber', status: 'published', featured: 'true' };
    const reply = await importFile(csv(columns, [complete]));
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<ProductImportResponse>();
    const [created] = await db().select().from(products).where(sql`${products.sku} = 'NEW-AMBER-1'`);
    expect(created).toMatchObject({ name: 'سبحة كهرمان جديدة', price: 25_000, stock_quantity: 4, category_id: category.id, status: 'published', featured: true });
    expect(body.rows[0]!.product_id).toBe(created!.id);
    const ledger = await db().select().from(stockMovements).where(eq(stockMovements.product_id, created!.id));
    expect(ledger).toEqual([expect.objectContaining({ delta: 4, level: 4, reason: 'import', import_id: body.import_id })]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entity_id, created!.id));
    expect(entry).toMatchObject({ entity: 'products', action: 'create' });
    expect(JSON.stringify(entry!.changes)).toContain(String(body.import_id));
  });

  it('matches a row by SKU in any letter case, and refuses a SKU repeated or taken', async () => {
    const product = await stockedProduct({ sku: 'Kuka-Black-33', price: 9_000 });
    const other = await stockedProduct({ sku: 'TAKEN-1' });
    const dry = (
      await importFile(
        csv(['sku', 'price'], [{ sku: 'kuka-black-33', price: '9.5' }]),
        { dryRun: true },
      )
    ).json<ProductImportResponse>();
    expect(dry.rows[0]).toMatchObject({ action: 'update', product_id: product.id, changes: { price: { from: '9.000', to: '9.500' } } });

    const clash = (
      await importFile(
        csv(['id', 'sku'], [
          { id: String(product.id), sku: 'fresh-sku' },
          { id: String(fx.published), sku: 'FRESH-SKU' },
          { id: String(fx.draft), sku: 'taken-1' },
        ]),
        { dryRun: true },
      )
    ).json<ProductImportResponse>();
    expect(clash.rows[0]!.errors).toEqual([]);
    expect(clash.rows[1]!.errors).toEqual([{ column: 'sku', message: 'This SKU is also in row 2' }]);
    expect(clash.rows[2]!.errors).toEqual([{ column: 'sku', message: 'This SKU is already used by another product' }]);
    expect(other.id).toBeGreaterThan(0);
  });

  it('refuses an id that does not exist on its cell', async () => {
    const reply = await importFile(csv(['id', 'price'], [{ id: '99999999', price: '1' }, { id: 'abc', price: '1' }]), { dryRun: true });
    const body = reply.json<ProductImportResponse>();
    expect(body.rows[0]).toMatchObject({ action: 'update', product_id: null, errors: [{ column: 'id', message: 'No product has this id' }] });
    expect(body.rows[1]!.errors).toEqual([{ column: 'id', message: 'The product id must be a positive whole number' }]);
  });

  it("keeps, reorders and drops the product's own images, and refuses any other URL", async () => {
    const product = await stockedProduct({}, ['one.webp', 'two.webp', 'three.webp']);
    const origin = ctx.config.publicUrl.replace(/\/+$/, '');
    const url = (name: string) => `${origin}/uploads/products/${encodeURIComponent(name)}`;
    const refused = (
      await importFile(
        csv(['id', 'image_urls'], [
          { id: String(product.id), image_urls: `${url('one.webp')}|https://evil.example/x.webp` },
          { id: String(fx.published), image_urls: url('two.webp') },
        ]),
      )
    ).json<ProductImportRefused>();
    expect(refused.success).toBe(false);
    expect(refused.rows[0]!.errors).toEqual([
      { column: 'image_urls', message: "Only this shop's images are accepted: upload new pictures in the product form" },
    ]);
    expect(refused.rows[1]!.errors).toEqual([
      { column: 'image_urls', message: "This picture is not one of this product's: upload new pictures in the product form" },
    ]);

    const reply = await importFile(csv(['id', 'image_urls'], [{ id: String(product.id), image_urls: `${url('three.webp')}|${url('one.webp')}` }]));
    expect(reply.statusCode, reply.body).toBe(200);
    const images = await db()
      .select({ filename: productImages.filename })
      .from(productImages)
      .where(eq(productImages.product_id, product.id))
      .orderBy(productImages.sort_order);
    expect(images.map((image) => image.filename)).toEqual(['three.webp', 'one.webp']);

    await importFile(csv(['id', 'image_urls'], [{ id: String(product.id), image_urls: '-' }]));
    const [left] = await db().select({ n: count() }).from(productImages).where(eq(productImages.product_id, product.id));
    expect(left!.n).toBe(0);
  });
});

describe('the products import: all or nothing', () => {
  it('refuses the whole file (422) for one bad row, and changes nothing at all', async () => {
    const good = await stockedProduct({ price: 4_000, stock_quantity: 3 });
    const bad = await stockedProduct({ price: 5_000 });
    const before = { counts: await tableCounts(), products: await productSnapshot() };
    const file = csv(['id', 'price', 'stock_quantity'], [
      { id: String(good.id), price: '4.5', stock_quantity: '30' },
      { id: String(bad.id), price: 'five', stock_quantity: '2' },
      { id: '', price: '1' },
    ]);
    const reply = await importFile(file);
    expect(reply.statusCode).toBe(422);
    const body = reply.json<ProductImportRefused>();
    expect(body).toMatchObject({ success: false, code: 'UNPROCESSABLE' });
    expect(body.message).toMatch(/Nothing was imported/);
    expect(body.rows[0]!.errors).toEqual([]);
    expect(body.rows[1]).toMatchObject({
      row: 3,
      errors: [{ column: 'price', message: 'The price must be a number of 0 or more with at most 3 decimals' }],
    });
    expect(body.summary).toMatchObject({ rows: 3, errors: 2 });
    expect(await tableCounts()).toEqual(before.counts);
    expect(await productSnapshot()).toEqual(before.products);
  });

  it('records every stock change in the ledger with reason import and the import, adding up to the stock', async () => {
    const a = await stockedProduct({ stock_quantity: 5 });
    const b = await stockedProduct({ stock_quantity: 8 });
    const reply = await importFile(csv(['id', 'stock_quantity'], [
      { id: String(a.id), stock_quantity: '12' },
      { id: String(b.id), stock_quantity: '0' },
    ]));
    const { import_id: importId, summary } = reply.json<ProductImportResponse>();
    expect(summary).toMatchObject({ update: 2 });
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.import_id, importId!)).orderBy(stockMovements.product_id);
    expect(moves.map((move) => [move.product_id, move.delta, move.level, move.reason, move.actor_id])).toEqual([
      [a.id, 7, 12, 'import', admin.id],
      [b.id, -8, 0, 'import', admin.id],
    ]);
    for (const product of [a, b]) {
      const [sum] = await db()
        .select({ total: sql<number>`sum(${stockMovements.delta})::int` })
        .from(stockMovements)
        .where(eq(stockMovements.product_id, product.id));
      const [stored] = await db().select().from(products).where(eq(products.id, product.id));
      expect(sum!.total).toBe(stored!.stock_quantity);
    }
    const [record] = await db().select().from(productImports).where(eq(productImports.id, importId!));
    expect(record).toMatchObject({ actor_id: admin.id, filename: 'products.csv', row_count: 2, updated_count: 2, created_count: 0 });
    // The stock history names the import.
    const history = await call('GET', `/api/admin/products/${a.id}/stock-movements`, undefined, { token: admin.token });
    expect(history.json().movements[0]).toMatchObject({ reason: 'import', import_id: importId });
  });
});

describe('the products import: files it refuses', () => {
  const refusal = async (file: string | Buffer, status = 400) => {
    const reply = await importFile(file, { dryRun: true });
    expect(reply.statusCode, reply.body).toBe(status);
    return reply.json<{ message: string; details?: Array<{ field: string; message: string }> }>();
  };

  it('an empty file, a header alone, unknown or repeated columns, a broken quote', async () => {
    expect((await refusal('')).details?.[0]?.message).toBe('The file is empty');
    expect((await refusal(`${BOM}id,price\r\n`)).details?.[0]?.message).toBe('The file has only its header row, no products');
    expect((await refusal('id,prix,colour\r\n1,2,3\r\n')).details?.[0]?.message).toMatch(/^Unknown columns: prix, colour/);
    expect((await refusal('id,price,price\r\n1,2,3\r\n')).details?.[0]?.message).toMatch(/price appears more than once/);
    expect((await refusal('id,name_ar\r\n1,"open quote\r\n')).details?.[0]?.message).toMatch(/cannot be read as CSV/);
  });

  it('a binary file or one not in UTF-8', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect((await refusal(png)).details?.[0]?.message).toMatch(/not a CSV text file/);
    const latin1 = Buffer.from('id,name_ar\r\n1,caf\xe9\r\n', 'latin1');
    expect((await refusal(latin1)).details?.[0]?.message).toMatch(/not a CSV text file/);
  });

  it(`more than ${PRODUCT_IMPORT_MAX_ROWS} rows, or a file over 10 MB`, async () => {
    const rows = Array.from({ length: PRODUCT_IMPORT_MAX_ROWS + 1 }, (_, index) => `${index + 1},1\r\n`).join('');
    expect((await refusal(`id,price\r\n${rows}`)).details?.[0]?.message).toBe(
      `The file has more than ${PRODUCT_IMPORT_MAX_ROWS} product rows: split it into smaller files`,
    );
    const big = `id,description_ar\r\n1,"${'و'.repeat(6 * 1024 * 1024)}"\r\n`;
    expect((await refusal(big, 413)).message).toBe('The file is larger than 10 MB: split it into smaller files');
  });

  it('no file, or a file in another field', async () => {
    const form = await multipartBody({ note: 'x' });
    const none = await call('POST', '/api/admin/products/import', form.payload, { token: admin.token, headers: form.headers });
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0].message).toBe('Choose a CSV file to import (the field file)');
    const elsewhere = await importFile('id,price\r\n1,2\r\n', { field: 'upload' });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('is for those who may change the catalogue: moderators and customers 403, guests 401', async () => {
    const file = csv(['id', 'price'], [{ id: String(fx.published), price: '1' }]);
    for (const token of [moderator, customer]) {
      expect((await importFile(file, { token })).statusCode).toBe(403);
    }
    const form = await multipartBody({}, [{ field: 'file', name: 'a.csv', type: 'text/csv', data: Buffer.from(file) }]);
    expect((await call('POST', '/api/admin/products/import', form.payload, { headers: form.headers })).statusCode).toBe(401);
  });
});
