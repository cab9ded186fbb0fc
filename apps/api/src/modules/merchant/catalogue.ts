import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { inLanguage, isInStock, pathInLanguage, shownSalePrice, uploadUrl, type Language } from '@shop/shared';
import type { ProductStatus } from '@shop/shared';
import { queryRows, type Database } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { productImagesJson, type ImageRow } from '../catalog/index.js';

/** Google reads at most ten additional images per product (product data specification). */
export const MERCHANT_ADDITIONAL_IMAGES_MAX = 10;

/**
 * A product as Google Merchant Center needs it, in one language, with absolute URLs and money in
 * integer thousandths. The shop's own data only: the merchant module adds its own per-product
 * fields (GTIN, MPN, Google category) on top.
 */
export interface MerchantCatalogueProduct {
  id: number;
  /** The name in the language (Arabic when there is no English name). */
  name: string;
  /** Plain text: the description, else the short description, in the language; '' when none. */
  description: string;
  /** Whether the shop wrote an English name for this product. */
  hasEnglish: boolean;
  sku: string | null;
  /** Regular price, thousandths of the currency unit. */
  price: number;
  /** Sale price in thousandths, only when it is below the price; null otherwise. */
  salePrice: number | null;
  stockQuantity: number;
  manageStock: boolean;
  /** The shop's rule: stock is not tracked, or pieces are left. */
  inStock: boolean;
  status: ProductStatus;
  /** Absolute URL of the product page in the language (`/products/12`, `/en/products/12`). */
  link: string;
  /** Absolute URL of the featured image (the stored full-size file); null without an image. */
  imageLink: string | null;
  /** Absolute URLs of the other images, in display order, at most MERCHANT_ADDITIONAL_IMAGES_MAX. */
  additionalImageLinks: string[];
  /** Category names from the root to the product's category, in the language; [] without one. */
  categoryPath: string[];
  updatedAt: Date;
}

export interface MerchantCatalogueOptions {
  /** The shop's public base URL without a trailing slash (config.publicUrl). */
  publicUrl: string;
}

export interface PublishedPageQuery {
  lang: Language;
  /** Products with an id above this one (keyset pagination); 0 from the start. */
  afterId: number;
  limit: number;
}

interface CategoryNameRow {
  name: string;
  name_en: string | null;
}

interface CatalogueRow {
  id: number;
  name: string;
  name_en: string | null;
  description: string | null;
  description_en: string | null;
  short_description: string | null;
  short_description_en: string | null;
  sku: string | null;
  price: number;
  sale_price: number | null;
  stock_quantity: number;
  manage_stock: boolean;
  status: ProductStatus;
  updated_at: Date | string;
  images: ImageRow[];
  category_path: CategoryNameRow[];
}

/**
 * Every category's path (names from the root down to it) as JSON, computed once per statement
 * over the whole (small) category table and joined to the products by id: no per-product
 * subquery. A parent chain that loops back stops at the first category seen twice.
 */
const categoryPathsCte = sql`
  with recursive walk(leaf_id, id, parent_id, depth, seen) as (
    select leaf.id, leaf.id, leaf.parent_id, 0, array[leaf.id] from ${categories} leaf
    union all
    select walk.leaf_id, parent.id, parent.parent_id, walk.depth + 1, walk.seen || parent.id
    from walk join ${categories} parent on parent.id = walk.parent_id
    where parent.id <> all(walk.seen)
  ),
  category_paths(id, path) as (
    select walk.leaf_id, json_agg(json_build_object('name', named.name, 'name_en', named.name_en)
      order by walk.depth desc)
    from walk join ${categories} named on named.id = walk.id
    group by walk.leaf_id
  )`;

/**
 * The products matching `where`, in id order, each with its images and category path. The page's
 * ids are chosen first, so the image subquery runs for those rows only, whatever plan the
 * database picks (before its statistics exist, a sort of every product would otherwise compute
 * the images of all of them for each page).
 */
function selectCatalogue(where: SQL, limit: number): SQL {
  return sql`${categoryPathsCte},
  page(id) as (
    select ${products.id} from ${products} where ${where} order by ${products.id} limit ${limit}
  )
    select ${products.id}, ${products.name}, ${products.name_en}, ${products.description},
      ${products.description_en}, ${products.short_description}, ${products.short_description_en},
      ${products.sku}, ${products.price}, ${products.sale_price}, ${products.stock_quantity},
      ${products.manage_stock}, ${products.status}, ${products.updated_at},
      ${productImagesJson} as images,
      coalesce(category_paths.path, '[]'::json) as category_path
    from page
    join ${products} on ${products.id} = page.id
    left join category_paths on category_paths.id = ${products.category_id}
    order by ${products.id}`;
}

/** The storefront's page of a product in a language (apps/web: /products/:id, /en/products/:id). */
export function productPagePath(id: number, lang: Language): string {
  return pathInLanguage(`/products/${id}`, lang);
}

function hasText(value: string | null | undefined): value is string {
  return Boolean(value && value.trim());
}

/** The first non-blank text, preferring the language's own version of each field. */
function descriptionIn(lang: Language, row: CatalogueRow): string {
  const full = inLanguage(lang, row.description, row.description_en);
  if (hasText(full)) return full.trim();
  const short = inLanguage(lang, row.short_description, row.short_description_en);
  return hasText(short) ? short.trim() : '';
}

/** Presents one row in a language: its texts and the product page of that language. */
function presentRow(row: CatalogueRow, lang: Language, publicUrl: string): MerchantCatalogueProduct {
  const imageUrls = row.images.map((image) => `${publicUrl}${uploadUrl('products', image.filename)}`);
  const salePrice = shownSalePrice(row.price, row.sale_price);
  return {
    id: row.id,
    name: inLanguage(lang, row.name, row.name_en).trim(),
    description: descriptionIn(lang, row),
    hasEnglish: hasText(row.name_en),
    sku: row.sku,
    price: row.price,
    salePrice,
    stockQuantity: row.stock_quantity,
    manageStock: row.manage_stock,
    inStock: isInStock(row),
    status: row.status,
    link: `${publicUrl}${productPagePath(row.id, lang)}`,
    imageLink: imageUrls[0] ?? null,
    additionalImageLinks: imageUrls.slice(1, 1 + MERCHANT_ADDITIONAL_IMAGES_MAX),
    categoryPath: row.category_path
      .map((category) => inLanguage(lang, category.name, category.name_en).trim())
      .filter((name) => name !== ''),
    updatedAt: row.updated_at instanceof Date ? row.updated_at : new Date(row.updated_at),
  };
}

/**
 * The shop's products as Google Merchant Center reads them: the product feed and the merchant
 * tab's pushes share it, so both describe a product the same way.
 */
export function createMerchantCatalogue(db: Database, options: MerchantCatalogueOptions) {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const read = async (where: SQL, limit: number, lang: Language) =>
    (await queryRows<CatalogueRow>(db, selectCatalogue(where, limit))).map((row) =>
      presentRow(row, lang, publicUrl),
    );
  const isPublished: SQL = eq(products.status, 'published');

  return {
    /** One page of published products in id order, after `afterId`; one statement per page. */
    async published({ lang, afterId, limit }: PublishedPageQuery): Promise<MerchantCatalogueProduct[]> {
      return read(and(isPublished, gt(products.id, afterId))!, limit, lang);
    },

    /** How many products are published. */
    async publishedCount(): Promise<number> {
      const [row] = await queryRows<{ count: number | string }>(
        db,
        sql`select count(*)::integer as count from ${products} where ${isPublished}`,
      );
      return Number(row?.count ?? 0);
    },

    /** One product whatever its status (the merchant tab may push or delete a draft), or null. */
    async get(id: number, lang: Language): Promise<MerchantCatalogueProduct | null> {
      return (await read(eq(products.id, id), 1, lang))[0] ?? null;
    },
  };
}

export type MerchantCatalogue = ReturnType<typeof createMerchantCatalogue>;
