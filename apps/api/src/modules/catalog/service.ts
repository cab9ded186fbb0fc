import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  effectivePrice,
  fromThousandths,
  isInStock,
  sortCategories,
  uploadUrl,
  type Category,
  type Pagination,
  type Product,
  type ProductAttribute,
  type ProductImage,
  type ProductSortField,
  type SortOrder,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import {
  attributeVariations,
  attributes,
  productAttributeVariations,
  productImages,
  products,
  publishedProductCounts,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { countSharedRead } from '../../lib/metrics.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { SHARED_SAME_READS, sharedReadsByKey } from '../../lib/shared-runs.js';
import {
  createSearchService,
  indexFilter,
  type SearchServiceOptions,
} from '../search/search-service.js';
import type { PageBound } from '../search/search-sql.js';
import type { SearchFilter } from '../search/search-statements.js';
import {
  categoryBranch,
  isFeatured,
  listOrder,
  pageQuery,
  productFields,
  productQueries,
  published,
  purchasable,
  qualifiedProductId,
  selectProducts,
  hasStatus,
  type ImageRow,
  type ProductRow,
} from './product-rows.js';
import { categories } from '../../db/schema/index.js';


/** Newest published products shown inside each category when a listing asks for them. */
export const CATEGORY_PREVIEW_PRODUCTS = 8;

export interface ProductListFilter extends SearchFilter {
  search?: string | undefined;
  /**
   * Which statuses to list: unset or 'published' is the storefront's list (cached, prepared);
   * 'draft' and 'all' are back-office views, never cached. Callers decide who may ask.
   */
  status?: ProductStatusFilter | undefined;
}

export type ProductStatusFilter = 'published' | 'draft' | 'all';

/** Whether a read may see drafts (back office) or only published products (everyone else). */
export interface Visibility {
  includeDrafts?: boolean;
}

export interface ProductPage {
  products: Product[];
  pagination: Pagination;
}

export interface CategoryTree {
  categories: Category[];
  flat_categories: Category[];
}

/** A line to price: a product, a quantity and the chosen variation id per attribute id. */
export interface PriceLineInput {
  product_id: number;
  quantity: number;
  /** Attribute id (as a string key) → variation id. */
  selected: Readonly<Record<string, number>>;
}

/** A chosen variation as priced now; additional_price in thousandths. */
export interface PricedSelection {
  attribute_id: number;
  attribute_name: string;
  attribute_name_en: string | null;
  variation_id: number;
  title: string;
  title_en: string | null;
  additional_price: number;
}

/** A line priced from the database; money in thousandths. */
export interface PricedLine {
  product_id: number;
  quantity: number;
  name: string;
  name_en: string | null;
  short_description: string | null;
  /** The product's SKU when priced: the order item keeps it. */
  sku: string | null;
  featured_image: string | null;
  stock_quantity: number;
  manage_stock: boolean;
  in_stock: boolean;
  /** Keyed by attribute id. */
  selected_attributes: Record<string, PricedSelection>;
  /** Current price (sale price when set) plus the chosen variations' surcharges for this product. */
  unit_price: number;
}

type LinePricing =
  | { ok: true; line: PricedLine }
  | { ok: false; reason: 'product_not_found' }
  | { ok: false; reason: 'variation_not_offered' }
  | { ok: false; reason: 'choice_missing'; attributes: string[] };

/** A category as the category queries select it (counts may come back as numeric text). */
export interface CategoryRow {
  id: number;
  name: string;
  name_en: string | null;
  slug: string;
  description: string | null;
  description_en: string | null;
  image: string | null;
  parent_id: number | null;
  sort_order: number | null;
  is_active: boolean;
  product_count: number | string;
  /** Staff views only. */
  children_count?: number | string;
  created_at: string;
}

// ---------- presenting rows ----------

function presentImages(rows: readonly ImageRow[]): ProductImage[] {
  return rows.map((row, index) => ({
    id: row.id,
    filename: row.filename,
    url: uploadUrl('products', row.filename),
    sort_order: row.sort_order,
    is_featured: index === 0,
  }));
}

/** The public product payload: decimal prices, featured as 1/0, image URLs. */
export function presentProduct(row: ProductRow): Product {
  const images = presentImages(row.images);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    short_description: row.short_description,
    name_en: row.name_en,
    short_description_en: row.short_description_en,
    description_en: row.description_en,
    price: fromThousandths(row.price),
    sale_price: row.sale_price === null ? null : fromThousandths(row.sale_price),
    current_price: fromThousandths(row.current_price ?? effectivePrice(row.price, row.sale_price)),
    stock_quantity: row.stock_quantity,
    manage_stock: row.manage_stock,
    in_stock: isInStock(row),
    sku: row.sku,
    featured: row.featured ? 1 : 0,
    status: row.status,
    category_id: row.category_id,
    category_name: row.category_name,
    category_name_en: row.category_name_en,
    category_slug: row.category_slug,
    images,
    featured_image: images[0]?.url ?? null,
    gallery: images.map((image) => image.url),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    name_en: row.name_en,
    slug: row.slug,
    description: row.description,
    description_en: row.description_en,
    image: row.image ? uploadUrl('categories', row.image) : null,
    parent_id: row.parent_id,
    sort_order: row.sort_order,
    is_active: row.is_active,
    product_count: Number(row.product_count),
    ...(row.children_count === undefined ? {} : { children_count: Number(row.children_count) }),
    created_at: row.created_at,
  };
}

/**
 * Nests categories under their parents, keeping the list's order among siblings. A category
 * whose parent is not listed (inactive), or whose parent chain loops back to it, becomes a root.
 */
export function buildTree(flat: readonly Category[]): Category[] {
  const nodes = new Map(
    flat.map((category) => [category.id, { ...category, children: [] as Category[] }]),
  );
  const loopsBackTo = (id: number, start: number | null): boolean => {
    const seen = new Set<number>();
    for (let current = start; current !== null; current = nodes.get(current)?.parent_id ?? null) {
      if (current === id) return true;
      // A loop above this category that does not include it is broken at its own members.
      if (seen.has(current)) return false;
      seen.add(current);
    }
    return false;
  };
  const roots: Category[] = [];
  for (const category of flat) {
    const node = nodes.get(category.id)!;
    const parent = category.parent_id === null ? undefined : nodes.get(category.parent_id);
    if (parent && !loopsBackTo(node.id, parent.id)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export interface CatalogServiceOptions extends Omit<SearchServiceOptions<ProductRow>, 'queries'> {
  /**
   * How long listings (product pages and searches, featured products, the category tree) may be
   * reused; 0 turns the cache off. Writes made through a service clear it at once; other
   * processes see a change at the latest after this time.
   */
  listCacheTtlMs: number;
}

const LIST_CACHE_MAX_ENTRIES = 2000;


export function createCatalogService(
  db: Database,
  options: CatalogServiceOptions = { listCacheTtlMs: 0 },
) {
  const listCache = createTtlCache<unknown>({
    name: 'catalog_listings',
    ttlMs: options.listCacheTtlMs,
    maxEntries: LIST_CACHE_MAX_ENTRIES,
  });
  // Without the cache, the requests that ask for the same listing together share its reads.
  const sharedListing = sharedReadsByKey({
    ...SHARED_SAME_READS,
    onRun: (callers) => countSharedRead('catalog_listings', callers),
  });
  // The cache holds values of several types; each key prefix always stores the same one.
  const cached = <T>(key: string, compute: () => Promise<T>): Promise<T> =>
    options.listCacheTtlMs > 0
      ? (listCache.get(key, compute) as Promise<T>)
      : sharedListing(key, compute);

  // The reads the storefront makes on every page are built once and sent as named prepared
  // statements: parsed once per connection, and PostgreSQL may keep their plans.
  const publishedProduct = selectProducts(db)
    .where(and(eq(products.id, sql.placeholder('id')), published))
    .prepare('catalog_published_product');

  // The back office reads drafts too.
  const anyProduct = selectProducts(db)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('catalog_any_product');

  const featuredProducts = selectProducts(db)
    .where(and(isFeatured, published))
    .orderBy(desc(products.created_at), desc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare('catalog_featured_products');

  const newestInCategory = selectProducts(db)
    .where(
      and(
        published,
        purchasable,
        eq(products.category_id, sql.placeholder('category')),
        sql`${products.id} <> ${sql.placeholder('exclude')}`,
      ),
    )
    .orderBy(desc(products.created_at), desc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare('catalog_newest_in_category');

  const newestOutsideCategory = selectProducts(db)
    .where(
      and(
        published,
        purchasable,
        // Beside a product without a category, every other product is a candidate.
        sql`(${sql.placeholder('category')}::integer is null
          or ${products.category_id} is distinct from ${sql.placeholder('category')}::integer)`,
        sql`${products.id} <> ${sql.placeholder('exclude')}`,
      ),
    )
    .orderBy(desc(products.created_at), desc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare('catalog_newest_outside_category');

  const attributesOf = (includeDrafts: boolean) =>
    db
      .select({
        attribute_id: attributes.id,
        attribute_name: attributes.name,
        attribute_name_en: attributes.name_en,
        variation_id: attributeVariations.id,
        title: attributeVariations.title,
        title_en: attributeVariations.title_en,
        price: productAttributeVariations.price,
      })
      .from(products)
      .leftJoin(productAttributeVariations, eq(productAttributeVariations.product_id, products.id))
      .leftJoin(
        attributeVariations,
        eq(attributeVariations.id, productAttributeVariations.variation_id),
      )
      .leftJoin(attributes, eq(attributes.id, attributeVariations.attribute_id))
      .where(and(eq(products.id, sql.placeholder('id')), includeDrafts ? undefined : published))
      .orderBy(asc(productAttributeVariations.sort_order), asc(attributeVariations.id))
      .prepare(
        includeDrafts ? 'catalog_attributes_of_any_product' : 'catalog_attributes_of_product',
      );
  const attributesOfProduct = attributesOf(false);
  const attributesOfAnyProduct = attributesOf(true);

  /** A page of the list and its count, prepared per combination of filters and order. */
  const listStatements = new Map<string, ReturnType<typeof prepareList>>();

  function prepareList(
    featured: boolean,
    inCategory: boolean,
    sort: ProductSortField,
    order: SortOrder,
  ) {
    const branch = categoryBranch(sql.placeholder('category'));
    const where = and(
      // The featured list names both as literals, so that its partial index applies. Every other
      // list takes the status as a parameter: priced as one value of two, the generic plan walks
      // the (status, created_at) index in order and stops after the page; as the literal (nearly
      // every row) it read and sorted the whole table (306 list requests a second against 1,800).
      featured ? and(published, isFeatured) : eq(products.status, 'published'),
      inCategory ? sql`${products.category_id} = any(${branch})` : undefined,
    );
    // The trigger-maintained counts answer in microseconds what count(*) would scan for.
    const counted = and(
      featured ? eq(publishedProductCounts.featured, true) : undefined,
      inCategory ? sql`${publishedProductCounts.category_key} = any(${branch})` : undefined,
    );
    const sum = sql`coalesce(sum(${publishedProductCounts.products}), 0)`;
    const total = sql<number>`(select ${sum} from ${publishedProductCounts} ${
      counted ? sql`where ${counted}` : sql``
    })`.mapWith(Number);
    const name = `catalog_list_${featured ? 'featured' : 'all'}_${inCategory ? 'category' : 'any'}_${sort}_${order}`;
    const page = pageOfIds(
      where,
      listOrder(sort, order),
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).as('page');
    // These statements' plans are the same whatever the page: see CatalogServiceOptions.
    const pageDb = options.genericPlanDb ?? db;
    return {
      // The page, its images and the total in one statement.
      page: pageDb
        .select({ ...productFields, total })
        .from(page)
        .innerJoin(products, eq(products.id, page.id))
        .leftJoin(categories, eq(categories.id, products.category_id))
        .orderBy(asc(page.position))
        .prepare(name),
      // Past the last page no row carries the total.
      count: pageDb
        .select({ total: sql<number>`${sum}`.mapWith(Number) })
        .from(publishedProductCounts)
        .where(counted)
        .prepare(`${name}_count`),
    };
  }

  /**
   * The ids of one page, numbered in order. Choosing the page on ids first means images and
   * categories are read for the rows shown only, however deep the page.
   */
  function pageOfIds(
    where: SQL | undefined,
    order: SQL[],
    limit: PageBound,
    offset: PageBound,
  ) {
    return db
      .select({
        id: products.id,
        position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as(
          'position',
        ),
      })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  }

  function listStatement(filter: ProductListFilter, sort: ProductSortField) {
    const featured = filter.featured === true;
    const inCategory = filter.category !== undefined;
    const key = `${featured}:${inCategory}:${sort}:${filter.order}`;
    let statement = listStatements.get(key);
    if (!statement) {
      statement = prepareList(featured, inCategory, sort, filter.order);
      listStatements.set(key, statement);
    }
    return statement;
  }

  async function findPublishedProduct(id: number): Promise<ProductRow> {
    const [row] = await publishedProduct.execute({ id });
    if (!row) throw AppError.notFound('error.product_not_found');
    return row;
  }

  async function findAnyProduct(id: number): Promise<ProductRow> {
    const [row] = await anyProduct.execute({ id });
    if (!row) throw AppError.notFound('error.product_not_found');
    return row;
  }
  const search = createSearchService(db, {
    queries: productQueries,
    genericPlanDb: options.genericPlanDb,
    searchIndex: options.searchIndex,
  });



  /**
   * The storefront's list without a search: newest first from the search index, whose
   * products are in that order; in another order, or without the index, from the database.
   */
  async function listPublished(
    filter: ProductListFilter,
  ): Promise<{ rows: ProductRow[]; total: number }> {
    const newestFirst = (filter.sort ?? 'created_at') === 'created_at' && filter.order === 'desc';
    const found = await search.listFromIndex(newestFirst ? indexFilter(filter) : undefined);
    if (found) return found;
    const statement = listStatement(filter, filter.sort ?? 'created_at');
    const values = {
      category: filter.category,
      limit: filter.limit,
      offset: (filter.page - 1) * filter.limit,
    };
    const page = await statement.page.execute(values);
    if (page[0]) return { rows: page, total: page[0].total };
    if (values.offset === 0) return { rows: [], total: 0 };
    return { rows: [], total: (await statement.count.execute(values))[0]?.total ?? 0 };
  }


  /**
   * One page of the products matching `where`, in `order`, and how many match in all (a window
   * count rides along: a search ranks every match anyway, a back-office list is small).
   */
  async function pageWithTotal(
    where: SQL | undefined,
    order: SQL[],
    filter: ProductListFilter,
  ): Promise<{ rows: ProductRow[]; total: number }> {
    const offset = (filter.page - 1) * filter.limit;
    const ranked = await pageQuery(db, where, order, filter.limit, offset);
    if (ranked[0]) return { rows: ranked, total: ranked[0].total };
    if (offset === 0) return { rows: [], total: 0 };
    // Past the last page there is no row for the window to ride on.
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where);

    return { rows: [], total: counted?.total ?? 0 };
  }

  /**
   * Active categories with their published product counts (subcategories included), in id
   * order: every page of the catalogue reads them, so the statement is prepared (a recursive
   * query that PostgreSQL otherwise planned on each read).
   */
  const activeCategories = (() => {
    const column = <T>(name: string) => sql<T>`${sql.identifier('c')}.${sql.identifier(name)}`;
    return db
      .select({
        id: column<number>('id'),
        name: column<string>('name'),
        name_en: column<string | null>('name_en'),
        slug: column<string>('slug'),
        description: column<string | null>('description'),
        description_en: column<string | null>('description_en'),
        image: column<string | null>('image'),
        parent_id: column<number | null>('parent_id'),
        sort_order: column<number | null>('sort_order'),
        is_active: column<boolean>('is_active'),
        product_count: column<number | string>('product_count'),
        created_at: column<string>('created_at'),
      })
      .from(
        sql`(with recursive active as (
              select id, parent_id from categories where is_active
            ),
            branch(root_id, id) as (
              select id, id from active
              union
              select branch.root_id, active.id from active join branch on active.parent_id = branch.id
            ),
            direct as (
              select category_key as category_id, sum(products) as products
              from published_product_counts
              group by category_key
            ),
            totals as (
              select branch.root_id, sum(direct.products) as products
              from branch join direct on direct.category_id = branch.id
              group by branch.root_id
            )
            select c.id, c.name, c.name_en, c.slug, c.description, c.description_en, c.image,
                   c.parent_id, c.sort_order, c.is_active,
                   coalesce(totals.products, 0) as product_count,
                   to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
            from categories c left join totals on totals.root_id = c.id
            where c.is_active) as ${sql.identifier('c')}`,
      )
      .orderBy(column('id'))
      .prepare('catalog_active_categories');
  })();

  /** Active categories with their published product counts (subcategories included), sorted. */
  async function loadCategories(): Promise<Category[]> {
    const rows: CategoryRow[] = await activeCategories.execute();
    return sortCategories(rows.map(presentCategory), 'sort_order', 'asc');
  }

  /** Up to CATEGORY_PREVIEW_PRODUCTS newest published products directly in each category. */
  async function previewProducts(categoryIds: number[]): Promise<Map<number, Product[]>> {
    if (categoryIds.length === 0) return new Map();
    const ranked = db
      .select({
        id: products.id,
        position: sql<number>`row_number() over (
          partition by ${products.category_id}
          order by ${products.created_at} desc, ${products.id} desc
        )`.as('position'),
      })
      .from(products)
      .where(and(published, inArray(products.category_id, categoryIds)))
      .as('ranked');
    const rows = await selectProducts(db)
      .innerJoin(ranked, eq(ranked.id, products.id))
      .where(lte(ranked.position, CATEGORY_PREVIEW_PRODUCTS))
      .orderBy(asc(products.category_id), desc(products.created_at), desc(products.id));
    return groupBy(rows.map(presentProduct), (product) => product.category_id!);
  }


  async function listProductsUncached(filter: ProductListFilter): Promise<ProductPage> {
    const terms = filter.search ? await search.terms(filter.search) : undefined;
    let rows: ProductRow[];
    let total: number;
    if (filter.status === 'draft' || filter.status === 'all') {
      // A back-office view: every status or drafts only, built per request.
      const statusCondition = filter.status === 'draft' ? hasStatus('draft') : undefined;
      ({ rows, total } = terms
        ? await search.searchProducts(filter, terms, filter.status)
        : await pageWithTotal(
            and(
              statusCondition,
              filter.featured ? isFeatured : undefined,
              filter.category
                ? sql`${products.category_id} = any(${categoryBranch(filter.category)})`
                : undefined,
            ),
            listOrder(filter.sort ?? 'created_at', filter.order),
            filter,
          ));
    } else {
      ({ rows, total } = terms
        ? await search.searchPublished(filter, terms)
        : await listPublished(filter));
    }
    return {
      products: rows.map(presentProduct),
      pagination: {
        page: filter.page,
        limit: filter.limit,
        total,
        pages: Math.ceil(total / filter.limit),
      },
    };
  }

  /** The products of all lines and their offered variations in two statements, then each line. */
  async function priceLineResults(lines: readonly PriceLineInput[]): Promise<LinePricing[]> {
    const ids = [...new Set(lines.map((line) => line.product_id))];
    if (ids.length === 0) return [];
    const [productRows, offerRows] = await Promise.all([
      db
        .select({
          id: products.id,
          name: products.name,
          name_en: products.name_en,
          short_description: products.short_description,
          sku: products.sku,
          price: products.price,
          sale_price: products.sale_price,
          stock_quantity: products.stock_quantity,
          manage_stock: products.manage_stock,
          image: sql<string | null>`(
            select image.filename from ${productImages} image
            where image.product_id = ${qualifiedProductId}
            order by image.sort_order, image.id limit 1
          )`,
        })
        .from(products)
        .where(and(inArray(products.id, ids), published)),
      db
        .select({
          product_id: productAttributeVariations.product_id,
          attribute_id: attributes.id,
          attribute_name: attributes.name,
          attribute_name_en: attributes.name_en,
          variation_id: attributeVariations.id,
          title: attributeVariations.title,
          title_en: attributeVariations.title_en,
          price: productAttributeVariations.price,
        })
        .from(productAttributeVariations)
        .innerJoin(
          attributeVariations,
          eq(attributeVariations.id, productAttributeVariations.variation_id),
        )
        .innerJoin(attributes, eq(attributes.id, attributeVariations.attribute_id))
        .where(inArray(productAttributeVariations.product_id, ids))
        .orderBy(asc(productAttributeVariations.sort_order), asc(attributeVariations.id)),
    ]);
    const productsById = new Map(productRows.map((row) => [row.id, row]));
    const offersByProduct = groupBy(offerRows, (row) => row.product_id);

    return lines.map((line): LinePricing => {
      const product = productsById.get(line.product_id);
      if (!product) return { ok: false, reason: 'product_not_found' };
      const offers = offersByProduct.get(product.id) ?? [];
      const selected_attributes: Record<string, PricedSelection> = {};
      let surcharges = 0;
      for (const [attributeKey, variationId] of Object.entries(line.selected)) {
        const offer = offers.find((row) => row.variation_id === variationId);
        if (!offer || String(offer.attribute_id) !== attributeKey) {
          return { ok: false, reason: 'variation_not_offered' };
        }
        selected_attributes[attributeKey] = {
          attribute_id: offer.attribute_id,
          attribute_name: offer.attribute_name,
          attribute_name_en: offer.attribute_name_en,
          variation_id: offer.variation_id,
          title: offer.title,
          title_en: offer.title_en,
          additional_price: offer.price,
        };
        surcharges += offer.price;
      }
      const missing = [
        ...new Map(
          offers
            .filter((row) => !(String(row.attribute_id) in selected_attributes))
            .map((row) => [row.attribute_id, row.attribute_name]),
        ).values(),
      ];
      if (missing.length > 0) return { ok: false, reason: 'choice_missing', attributes: missing };
      return {
        ok: true,
        line: {
          product_id: product.id,
          quantity: line.quantity,
          name: product.name,
          name_en: product.name_en,
          short_description: product.short_description,
          sku: product.sku,
          featured_image: product.image ? uploadUrl('products', product.image) : null,
          stock_quantity: product.stock_quantity,
          manage_stock: product.manage_stock,
          in_stock: isInStock(product),
          selected_attributes,
          unit_price: effectivePrice(product.price, product.sale_price) + surcharges,
        },
      };
    });
  }

  async function findCategory(matches: (category: Category) => boolean): Promise<Category> {
    const flat = await loadCategories();
    const found = flat.find(matches);
    if (!found) throw AppError.notFound('error.category_not_found');
    const stack = buildTree(flat);
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.id === found.id) return node;
      stack.push(...(node.children ?? []));
    }
    return found;
  }

  return {
    /**
     * Builds the search index now unless it is built (a server's first search does the same in
     * the background); resolves whether searches can use it.
     */
    prepareSearchIndex(): Promise<boolean> {
      return search.prepareIndex();
    },

    /** Forgets cached listings; every catalogue write made by a service must call it. */
    invalidateListings(): void {
      listCache.clear();
      search.invalidate();
    },

    /** A page of published products, filtered, searched and sorted. */
    listProducts(filter: ProductListFilter): Promise<ProductPage> {
      // Back-office views are read fresh: an admin expects to see the change just saved.
      if (filter.status === 'draft' || filter.status === 'all') return listProductsUncached(filter);
      const key = [
        'products',
        filter.page,
        filter.limit,
        filter.category,
        filter.search,
        filter.sort,
        filter.order,
        filter.featured,
      ].join('|');
      return cached(key, () => listProductsUncached(filter));
    },

    /** A published product (any product with includeDrafts), or NOT_FOUND. */
    async getProduct(id: number, visibility: Visibility = {}): Promise<Product> {
      return presentProduct(
        await (visibility.includeDrafts
          ? findAnyProduct(id)
          : sharedListing(`product|${id}`, () => findPublishedProduct(id))),
      );
    },

    /** Featured published products, newest first. */
    listFeaturedProducts(limit: number): Promise<Product[]> {
      return cached(`featured|${limit}`, async () => {
        const found = await search.listFromIndex({ featured: true, page: 1, limit });
        return (found?.rows ?? (await featuredProducts.execute({ limit }))).map(presentProduct);
      });
    },

    /**
     * Products to show beside a product: the newest in-stock ones of its category first, then
     * the newest in-stock products of other categories to fill up. A sold-out product is never
     * offered here (a suggestion that cannot be bought is a dead end; the category page still
     * lists it), so there may be fewer than `limit`. NOT_FOUND when the product is not published.
     */
    listRelatedProducts(id: number, limit: number): Promise<Product[]> {
      return cached(`related|${id}|${limit}`, async () => {
        const product = await findPublishedProduct(id);
        const category = product.category_id;
        const values = { category, exclude: id, limit };
        const sameCategory = category === null ? [] : await newestInCategory.execute(values);
        const others =
          sameCategory.length < limit
            ? await newestOutsideCategory.execute({ ...values, limit: limit - sameCategory.length })
            : [];
        return [...sameCategory, ...others].map(presentProduct);
      });
    },

    /**
     * The attributes a published product (any product with includeDrafts) offers, each with its
     * variations and surcharges.
     */
    async listProductAttributes(
      id: number,
      visibility: Visibility = {},
    ): Promise<ProductAttribute[]> {
      const statement = visibility.includeDrafts ? attributesOfAnyProduct : attributesOfProduct;
      const rows = await statement.execute({ id });
      if (rows.length === 0) throw AppError.notFound('error.product_not_found');
      const byAttribute = new Map<number, ProductAttribute>();
      for (const row of rows) {
        if (row.attribute_id === null || row.attribute_name === null) continue;
        if (row.variation_id === null || row.title === null) continue;
        let attribute = byAttribute.get(row.attribute_id);
        if (!attribute) {
          attribute = {
            id: row.attribute_id,
            name: row.attribute_name,
            name_en: row.attribute_name_en,
            variations: [],
          };
          byAttribute.set(row.attribute_id, attribute);
        }
        attribute.variations.push({
          id: row.variation_id,
          title: row.title,
          title_en: row.title_en,
          additional_price: fromThousandths(row.price ?? 0),
        });
      }
      return [...byAttribute.values()];
    },

    /**
     * Active categories as a tree and as a flat list, each with its published product count;
     * with products, each category also carries its newest published products.
     */
    listCategories(query: { includeProducts?: boolean } = {}): Promise<CategoryTree> {
      return cached(`categories|${query.includeProducts === true}`, async () => {
        const flat = await loadCategories();
        if (query.includeProducts) {
          const previews = await previewProducts(flat.map((category) => category.id));
          for (const category of flat) category.products = previews.get(category.id) ?? [];
        }
        return { categories: buildTree(flat), flat_categories: flat };
      });
    },

    /** An active category with its active subcategories, or NOT_FOUND. */
    async getCategory(id: number): Promise<Category> {
      return findCategory((category) => category.id === id);
    },

    /** An active category found by its slug, or NOT_FOUND. */
    async getCategoryBySlug(slug: string): Promise<Category> {
      return findCategory((category) => category.slug === slug);
    },

    /**
     * Prices cart or order lines from the database (published products only): every attribute
     * the product offers needs a choice among its offered variations. Throws NOT_FOUND or
     * VALIDATION_ERROR (details in `lang`) for the first line that cannot be priced.
     */
    async priceLines(lines: readonly PriceLineInput[]): Promise<PricedLine[]> {
      const results = await priceLineResults(lines);
      return results.map((result) => {
        if (result.ok) return result.line;
        if (result.reason === 'product_not_found') {
          throw AppError.notFound('error.product_not_found');
        }
        if (result.reason === 'variation_not_offered') {
          throw AppError.validation([
            { field: 'selected_attributes', message: 'validation.variation_not_offered' },
          ]);
        }
        throw new AppError(
          'VALIDATION_ERROR',
          'validation.attributes_required',
          result.attributes.map((attribute) => ({
            field: 'selected_attributes',
            message: 'validation.attribute_required',
            params: { attribute },
          })),
        );
      });
    },

    /**
     * Like priceLines, but a line that can no longer be priced (product unpublished or deleted,
     * variation withdrawn, a choice now missing) comes back as null instead of failing the rest.
     */
    async repriceLines(lines: readonly PriceLineInput[]): Promise<Array<PricedLine | null>> {
      const results = await priceLineResults(lines);
      return results.map((result) => (result.ok ? result.line : null));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
