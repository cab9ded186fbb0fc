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

/** A product as the file's cells describe it (its category by slug, its images by file name). */
export interface ProductCellsSource {
  id: number;
  sku: string | null;
  name: string;
  name_en: string | null;
  short_description: string | null;
  short_description_en: string | null;
  description: string | null;
  description_en: string | null;
  price: number;
  sale_price: number | null;
  stock_quantity: number;
  status: string;
  featured: boolean;
  category_slug: string | null;
  seo_title_ar: string | null;
  seo_title_en: string | null;
  seo_description_ar: string | null;
  seo_description_en: string | null;
  /** File names in display order. */
  images: readonly string[];
}

/** The URL of one of the shop's product images in the file: absolute on `publicUrl` (no trailing /). */
export const productImageUrl = (publicUrl: string, filename: string) =>
  `${publicUrl}${uploadUrl('products', filename)}`;

/**
 * A product's cells as the file holds them (before the formula guard): the export writes them, and
 * the import compares a row with them to tell what changes, so both read a value the same way.
 * An absent value is an empty cell.
 */
export function productCells(
  row: ProductCellsSource,
  publicUrl: string,
): Record<ProductExportColumn, string> {
  return {
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
      .map((filename) => productImageUrl(publicUrl, filename))
      .join(PRODUCT_EXPORT_IMAGE_SEPARATOR),
  };
}

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
      const cells = productCells(
        { ...row, images: row.images.map((image) => image.filename) },
        publicUrl,
      );
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
