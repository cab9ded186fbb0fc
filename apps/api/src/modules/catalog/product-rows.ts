import { asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ProductSortField, SortOrder } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { categories, productImages, products } from '../../db/schema/index.js';
import { inStockSql } from '../../db/sql-rules.js';
import type { PageBound, ProductQueries } from '../search/index.js';

// A product's row as the catalogue reads it (its category's names and its images in the same
// row), and the conditions and order of the product list, shared by its reads and its searches.

/** One stored image of a product, as productImagesJson returns it. */
export interface ImageRow {
  id: number;
  filename: string;
  sort_order: number;
}

/**
 * products.id spelled with its table: Drizzle leaves a column unqualified when a query reads one
 * table, and inside an image subquery a bare "id" would mean the image's own id.
 */
export const qualifiedProductId = sql`${sql.identifier('products')}.${sql.identifier('id')}`;

/**
 * A product's images in display order, as JSON inside the product's own row: a page of
 * products and all their images come back in one statement. PostgreSQL evaluates it only for
 * the rows that survive the LIMIT, one index probe each.
 */
export const productImagesJson = sql<ImageRow[]>`(
  select coalesce(json_agg(json_build_object(
    'id', image.id, 'filename', image.filename, 'sort_order', image.sort_order
  ) order by image.sort_order, image.id), '[]'::json)
  from ${productImages} image where image.product_id = ${qualifiedProductId}
)`;

export const productFields = {
  id: products.id,
  name: products.name,
  description: products.description,
  short_description: products.short_description,
  name_en: products.name_en,
  short_description_en: products.short_description_en,
  description_en: products.description_en,
  price: products.price,
  sale_price: products.sale_price,
  current_price: products.current_price,
  stock_quantity: products.stock_quantity,
  manage_stock: products.manage_stock,
  sku: products.sku,
  featured: products.featured,
  status: products.status,
  category_id: products.category_id,
  category_name: categories.name,
  category_name_en: categories.name_en,
  category_slug: categories.slug,
  seo_title_ar: products.seo_title_ar,
  seo_title_en: products.seo_title_en,
  seo_description_ar: products.seo_description_ar,
  seo_description_en: products.seo_description_en,
  review_count: products.review_count,
  review_rating: products.review_rating,
  created_at: products.created_at,
  updated_at: products.updated_at,
  images: productImagesJson,
};

export function selectProducts(db: Database) {
  return db
    .select(productFields)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.category_id));
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

/**
 * A status or the featured flag as a literal, not a parameter: the generic plans of the list and
 * of searches then know from the column's statistics that nearly every product is published and
 * few are featured. Priced as a parameter (one value of two), the status looked selective enough
 * to read its index for a whole catalogue of row ids and intersect them with the words' bitmap.
 */
export function hasStatus(status: 'published' | 'draft'): SQL {
  return status === 'published'
    ? sql`${products.status} = 'published'`
    : sql`${products.status} = 'draft'`;
}
export const published = hasStatus('published');
export const isFeatured = sql`${products.featured} = true`;
/** In stock: stock is not tracked, or pieces are left (the rule of the payload's in_stock). */
export const purchasable = inStockSql(products);

/** Ids of the active category with this slug and of all its active descendants. */
export function categoryBranch(slug: string | Placeholder<'category', string>): SQL {
  return sql`array(
    with recursive branch(id) as (
      select root.id from categories root where root.slug = ${slug} and root.is_active
      union
      select child.id from categories child join branch on child.parent_id = branch.id
      where child.is_active
    )
    select id from branch
  )`;
}

const sortColumns = {
  created_at: products.created_at,
  name: products.name,
  price: products.current_price,
  id: products.id,
} as const;

/** The list order; the id follows the same direction so one index serves the whole order. */
export function listOrder(sort: ProductSortField, order: SortOrder): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  if (sort === 'id') return [direction(products.id)];
  return [direction(sortColumns[sort]), direction(products.id)];
}

/**
 * One page of the products matching `where`, in `order`, with how many match in all (a window
 * count rides along) on every row.
 */
export function pageQuery(
  executor: Database,
  where: SQL | undefined,
  order: SQL[],
  limit: PageBound,
  offset: PageBound,
) {
  const page = executor
    .select({
      id: products.id,
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as(
        'position',
      ),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  return executor
    .select({ ...productFields, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .leftJoin(categories, eq(categories.id, products.category_id))
    .orderBy(asc(page.position));
}

/** What the search module reads and filters the catalogue's products with. */
export const productQueries: ProductQueries<ProductRow> = {
  hasStatus,
  isFeatured,
  categoryBranch,
  listOrder,
  pageQuery: (where, order, limit, offset, executor) =>
    pageQuery(executor, where, order, limit, offset),
  rowsOfPage: (executor, page) =>
    executor
      .select({ ...productFields, total: sql<number>`"page"."total"`.mapWith(Number) })
      .from(page)
      .innerJoin(products, sql`${products.id} = "page"."id"`)
      .leftJoin(categories, eq(categories.id, products.category_id))
      .orderBy(sql`"page"."position"`),
  rowsWithVersion: (executor, where, version) =>
    executor
      .select({ ...productFields, version })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.category_id))
      .where(where),
};
