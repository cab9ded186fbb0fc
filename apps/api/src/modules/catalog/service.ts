import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  fromThousandths,
  type Category,
  type Pagination,
  type Product,
  type ProductAttribute,
  type ProductSortField,
  type SortOrder,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import {
  attributeVariations,
  attributes,
  categories,
  productAttributeVariations,
  products,
  publishedProductCounts,
} from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { countSharedRead } from '../../lib/metrics.js';
import { SHARED_SAME_READS, sharedReadsByKey } from '../../lib/shared-runs.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import {
  createSearchService,
  indexFilter,
  type PageBound,
  type SearchFilter,
  type SearchServiceOptions,
} from '../search/index.js';
import { createCategoryReads } from './categories.js';
import { buildTree, presentProduct, type CategoryTree } from './presenters.js';
import {
  categoryBranch,
  hasStatus,
  isFeatured,
  listOrder,
  pageQuery,
  productFields,
  productQueries,
  published,
  purchasable,
  selectProducts,
  type ProductRow,
} from './product-rows.js';

// The storefront's reads of the catalogue: the product list and its searches (through the search
// module), a product, its attributes and related products, the category tree; all kept in the
// listings cache. Pricing (pricing.ts) and the back office (admin-*.ts) read on their own.

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

/**
 * The search's options (genericPlanDb, where the product list's statements run too, and
 * searchIndex), and how long listings are kept.
 */
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

  const categoryReads = createCategoryReads(db);

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

    /**
     * Whether a listing this service returned (a page, featured or related products, the
     * category tree) is still the cached one: what was made from it may be reused while it is.
     * Always false with the cache off.
     */
    isCachedListing(listing: object): boolean {
      return listCache.holds(listing);
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

    /**
     * The published products among `ids`, in the order of `ids` (a shopper's own list, e.g. the
     * wishlist): hidden, deleted and unknown ones are left out. One statement, never cached.
     */
    async publishedProductsByIds(ids: readonly number[]): Promise<Product[]> {
      if (ids.length === 0) return [];
      const rows = await selectProducts(db).where(and(inArray(products.id, [...ids]), published));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [presentProduct(row)] : [];
      });
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
        const flat = await categoryReads.loadCategories();
        if (query.includeProducts) {
          const previews = await categoryReads.previewProducts(flat.map((category) => category.id));
          for (const category of flat) category.products = previews.get(category.id) ?? [];
        }
        return { categories: buildTree(flat), flat_categories: flat };
      });
    },

    /** An active category with its active subcategories, or NOT_FOUND. */
    async getCategory(id: number): Promise<Category> {
      return categoryReads.findCategory((category) => category.id === id);
    },

    /** An active category found by its slug, or NOT_FOUND. */
    async getCategoryBySlug(slug: string): Promise<Category> {
      return categoryReads.findCategory((category) => category.slug === slug);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
