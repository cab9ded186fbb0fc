import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { effectivePriceSql } from '../sql-rules.js';

// Money columns hold integer thousandths of the currency unit (fils).

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** shop_normalize() is defined in the first migration; see packages/shared/src/arabic.ts. */
const normalized = (expression: SQL): SQL => sql`shop_normalize(${expression})`;

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** English name and description; the English storefront falls back to the Arabic ones. */
    name_en: text('name_en'),
    slug: text('slug').notNull(),
    description: text('description'),
    description_en: text('description_en'),
    image: text('image'),
    parent_id: integer('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'set null',
    }),
    sort_order: integer('sort_order'),
    is_active: boolean('is_active').notNull().default(true),
    /** Search engines' title and description per language (decision 048); null: from the name and text. */
    seo_title_ar: text('seo_title_ar'),
    seo_title_en: text('seo_title_en'),
    seo_description_ar: text('seo_description_ar'),
    seo_description_en: text('seo_description_en'),
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        normalized(
          sql`${categories.name} || ' ' || coalesce(${categories.name_en}, '') || ' ' || coalesce(${categories.description}, '') || ' ' || coalesce(${categories.description_en}, '')`,
        ),
    ),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('categories_slug_key').on(table.slug),
    index('categories_parent_idx').on(table.parent_id),
  ],
);

/** A product's own searchable text, in both languages. */
function productText(): SQL {
  return sql`${products.name} || ' ' || coalesce(${products.name_en}, '') || ' ' || coalesce(${products.short_description}, '') || ' ' || coalesce(${products.short_description_en}, '') || ' ' || coalesce(${products.description}, '') || ' ' || coalesce(${products.description_en}, '')`;
}

export const productStatus = pgEnum('product_status', ['published', 'draft']);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    short_description: text('short_description'),
    /** English texts; the English storefront falls back to the Arabic ones. */
    name_en: text('name_en'),
    description_en: text('description_en'),
    short_description_en: text('short_description_en'),
    price: integer('price').notNull(),
    sale_price: integer('sale_price'),
    /** What a shopper pays before surcharges; sorting by price uses it. */
    current_price: integer('current_price').generatedAlwaysAs(
      (): SQL => effectivePriceSql(products),
    ),
    stock_quantity: integer('stock_quantity').notNull().default(0),
    manage_stock: boolean('manage_stock').notNull().default(true),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    sku: text('sku'),
    featured: boolean('featured').notNull().default(false),
    status: productStatus('status').notNull().default('draft'),
    /** Search engines' title and description per language (decision 048); null: from the name and text. */
    seo_title_ar: text('seo_title_ar'),
    seo_title_en: text('seo_title_en'),
    seo_description_ar: text('seo_description_ar'),
    seo_description_en: text('seo_description_en'),
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        normalized(
          productText(),
        ),
    ),
    /**
     * The normalised name and description of the product's category, kept by triggers
     * (migration 0004) so that one trigram index answers a search over product and category.
     */
    category_text: text('category_text'),
    /** What a search matches: the product's own text and its category's. */
    search_document: text('search_document').generatedAlwaysAs(
      (): SQL =>
        sql`${normalized(
          productText(),
        )} || ' ' || coalesce(${products.category_text}, '')`,
    ),
    /** The normalised name alone: search ranks name matches first without normalising per row. */
    name_search: text('name_search').generatedAlwaysAs(
      (): SQL => normalized(sql`${products.name} || ' ' || coalesce(${products.name_en}, '')`),
    ),
    /**
     * The search document's words (split at its single spaces): a query word, which has no
     * space, is in the document exactly when it is in one of them. The GIN index finds the
     * products having any of the words that contain a query word (docs/decisions/027); triggers
     * (migration 0020) keep the table of distinct words, search_vocabulary, in step.
     */
    /**
     * The approved reviews' count and average in tenths of a star (45 = 4.5; null without any),
     * kept by the reviews module in each moderation's transaction so lists never aggregate them
     * (docs/decisions/064).
     */
    review_count: integer('review_count').notNull().default(0),
    review_rating: smallint('review_rating'),
    search_tokens: text('search_tokens')
      .array()
      .generatedAlwaysAs(
        (): SQL =>
          sql`string_to_array(${normalized(
            productText(),
          )} || ' ' || coalesce(${products.category_text}, ''), ' ')`,
      ),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('products_sku_key').on(table.sku),
    index('products_status_created_idx').on(table.status, table.created_at, table.id),
    index('products_status_price_idx').on(table.status, table.current_price, table.id),
    index('products_status_name_idx').on(table.status, table.name, table.id),
    index('products_category_status_created_idx').on(
      table.category_id,
      table.status,
      table.created_at,
      table.id,
    ),
    index('products_featured_created_idx')
      .on(table.created_at, table.id)
      .where(sql`${table.featured} and ${table.status} = 'published'`),
    index('products_search_document_trgm_idx').using(
      'gin',
      sql`${table.search_document} gin_trgm_ops`,
    ),
    index('products_search_tokens_idx').using('gin', table.search_tokens),
    // Typo-tolerant matching (pg_trgm <%) compares against names: short texts keep it fast.
    index('products_name_search_trgm_idx').using('gin', sql`${table.name_search} gin_trgm_ops`),
    check('products_price_nonnegative', sql`${table.price} >= 0`),
    check(
      'products_review_figures_valid',
      sql`${table.review_count} >= 0 and (${table.review_rating} is null) = (${table.review_count} = 0) and (${table.review_rating} is null or ${table.review_rating} between 10 and 50)`,
    ),
    check(
      'products_sale_price_valid',
      sql`${table.sale_price} is null or (${table.sale_price} >= 0 and ${table.sale_price} <= ${table.price})`,
    ),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_images_product_idx').on(table.product_id, table.sort_order, table.id)],
);

export const attributes = pgTable('attributes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** The name on the English storefront; null: the Arabic one is shown. */
  name_en: text('name_en'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const attributeVariations = pgTable(
  'attribute_variations',
  {
    id: serial('id').primaryKey(),
    attribute_id: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The title on the English storefront; null: the Arabic one is shown. */
    title_en: text('title_en'),
    /** Default surcharge; a product link may set its own. */
    additional_price: integer('additional_price').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('attribute_variations_attribute_idx').on(table.attribute_id)],
);

/** Which variations a product offers, each with the surcharge for that product. */
export const productAttributeVariations = pgTable(
  'product_attribute_variations',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variation_id: integer('variation_id')
      .notNull()
      .references(() => attributeVariations.id, { onDelete: 'cascade' }),
    price: integer('price').notNull().default(0),
    is_required: boolean('is_required').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.product_id, table.variation_id] }),
    index('product_attribute_variations_variation_idx').on(table.variation_id),
  ],
);

/**
 * Published products per category (0: none) and featured flag, kept exact by a trigger on
 * products (migration 0003), so list totals and category counts never count the catalogue row
 * by row. Read-only for application code.
 */
export const publishedProductCounts = pgTable(
  'published_product_counts',
  {
    category_key: integer('category_key').notNull(),
    featured: boolean('featured').notNull(),
    products: integer('products').notNull(),
  },
  (table) => [primaryKey({ columns: [table.category_key, table.featured] })],
);
