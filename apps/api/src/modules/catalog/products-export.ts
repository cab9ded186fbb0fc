import type { Readable } from 'node:stream';
import { asc, eq, gt } from 'drizzle-orm';
import {
  amountDigits,
  PRODUCT_EXPORT_COLUMNS,
  PRODUCT_EXPORT_FEATURED,
  PRODUCT_EXPORT_IMAGE_SEPARATOR,
  uploadUrl,
  type ProductExportColumn,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { csvFile } from '../../lib/csv-file.js';
import { categories, products } from '../../db/schema/index.js';
import { productImagesJson } from './product-rows.js';

/**
 * The back office's products export (issue 32, item 1; docs/decisions/053): every product,
 * drafts included, by id, in the columns the import reads back. Read in keyset batches of
 * PRODUCTS_EXPORT_BATCH_SIZE by id (the primary key) and written through csvFile as the client
 * takes them, so a process holds one batch at a time whatever the size of the catalogue.
 */
export const PRODUCTS_EXPORT_BATCH_SIZE = 500;

/** Money columns hold fils; the file has KWD with its three decimals ("12.500"). */
const KWD_DIGITS = 3;

/** The products as CSV cells, in PRODUCT_EXPORT_COLUMNS' order, batch by batch. */
async function* exportRows(db: Database, publicUrl: string): AsyncGenerator<string[]> {
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({
        id: products.id,
        sku: products.sku,
        name: products.name,
        name_en: products.name_en,
        short_description: products.short_description,
        short_description_en: products.short_description_en,
        description: products.description,
        description_en: products.description_en,
        price: products.price,
        sale_price: products.sale_price,
        stock_quantity: products.stock_quantity,
        status: products.status,
        featured: products.featured,
        category_slug: categories.slug,
        seo_title_ar: products.seo_title_ar,
        seo_title_en: products.seo_title_en,
        seo_description_ar: products.seo_description_ar,
        seo_description_en: products.seo_description_en,
        images: productImagesJson,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.category_id))
      .where(gt(products.id, afterId))
      .orderBy(asc(products.id))
      .limit(PRODUCTS_EXPORT_BATCH_SIZE);
    for (const row of batch) {
      const cells: Record<ProductExportColumn, string> = {
        id: String(row.id),
        sku: row.sku ?? '',
        name_ar: row.name,
        name_en: row.name_en ?? '',
        short_description_ar: row.short_description ?? '',
        short_description_en: row.short_description_en ?? '',
        description_ar: row.description ?? '',
        description_en: row.description_en ?? '',
        price: amountDigits(row.price, KWD_DIGITS),
        sale_price: row.sale_price === null ? '' : amountDigits(row.sale_price, KWD_DIGITS),
        stock_quantity: String(row.stock_quantity),
        status: row.status,
        featured: row.featured ? PRODUCT_EXPORT_FEATURED.yes : PRODUCT_EXPORT_FEATURED.no,
        category_slug: row.category_slug ?? '',
        seo_title_ar: row.seo_title_ar ?? '',
        seo_title_en: row.seo_title_en ?? '',
        seo_description_ar: row.seo_description_ar ?? '',
        seo_description_en: row.seo_description_en ?? '',
        image_urls: row.images
          .map((image) => `${publicUrl}${uploadUrl('products', image.filename)}`)
          .join(PRODUCT_EXPORT_IMAGE_SEPARATOR),
      };
      yield PRODUCT_EXPORT_COLUMNS.map((column) => cells[column]);
    }
    const last = batch.at(-1);
    if (!last || batch.length < PRODUCTS_EXPORT_BATCH_SIZE) return;
    afterId = last.id;
  }
}

/**
 * Every product as a CSV byte stream (csvFile: byte order mark, header row, CRLF, formula guard),
 * image URLs absolute on `publicUrl` (the shop's public base URL).
 */
export function productsCsv(db: Database, publicUrl: string): Readable {
  return csvFile(PRODUCT_EXPORT_COLUMNS, exportRows(db, publicUrl.replace(/\/+$/, '')));
}
