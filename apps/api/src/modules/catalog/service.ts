import {
  and,
  asc,
  desc,
  eq,
  inArray,
  lte,
  sql,
  Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
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
import { queryRows, type Database } from '../../db/client.js';
import {
  attributeVariations,
  attributes,
  categories,
  productAttributeVariations,
  productImages,
  products,
  publishedProductCounts,
} from '../../db/schema/index.js';
import { searchIndexVersion, searchSynonyms, searchVocabulary } from '../../db/schema/search.js';
import { inStockSql } from '../../db/sql-rules.js';
import type { SearchIndex, SearchIndexFilter, SearchIndexPage } from './search-index.js';
import { createSearchIndexStore } from './search-index-store.js';
import { AppError } from '../../errors.js';
import {
  countProductList,
  countSearch,
  countSharedRead,
  type SearchSource,
} from '../../lib/metrics.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import {
  SHARED_READS,
  SHARED_SAME_READS,
  sharedReadsByKey,
  sharedRuns,
} from '../../lib/shared-runs.js';
import {
  buildSynonymIndex,
  CommonWords,
  expandSearch,
  forgivesTypos,
  FUZZY_MIN_LETTERS,
  TRIGRAM_MIN_LETTERS,
  type SearchTerms,
  type SynonymIndex,
} from './search-terms.js';

/** Newest published products shown inside each category when a listing asks for them. */
export const CATEGORY_PREVIEW_PRODUCTS = 8;

export interface ProductListFilter {
  page: number;
  limit: number;
  /** Category slug; products of its subcategories are included. */
  category?: string | undefined;
  search?: string | undefined;
  /** Unset: by relevance when searching, otherwise newest first. */
  sort?: ProductSortField | undefined;
  order: SortOrder;
  /** Only featured products when true; false and unset mean no filter. */
  featured?: boolean | undefined;
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

// ---------- queries shared by the reads ----------

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
const qualifiedProductId = sql`${sql.identifier('products')}.${sql.identifier('id')}`;

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

const productFields = {
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
  created_at: products.created_at,
  updated_at: products.updated_at,
  images: productImagesJson,
};

function selectProducts(db: Database) {
  return db
    .select(productFields)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.category_id));
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

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

/**
 * A status or the featured flag as a literal, not a parameter: the generic plans of the list and
 * of searches then know from the column's statistics that nearly every product is published and
 * few are featured. Priced as a parameter (one value of two), the status looked selective enough
 * to read its index for a whole catalogue of row ids and intersect them with the words' bitmap.
 */
function hasStatus(status: 'published' | 'draft'): SQL {
  return status === 'published'
    ? sql`${products.status} = 'published'`
    : sql`${products.status} = 'draft'`;
}
const published = hasStatus('published');
const isFeatured = sql`${products.featured} = true`;
/** In stock: stock is not tracked, or pieces are left (the rule of the payload's in_stock). */
const purchasable = inStockSql(products);

/** Ids of the active category with this slug and of all its active descendants. */
function categoryBranch(slug: string | Placeholder<'category', string>): SQL {
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
function listOrder(sort: ProductSortField, order: SortOrder): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  if (sort === 'id') return [direction(products.id)];
  return [direction(sortColumns[sort]), direction(products.id)];
}

// ---------- search ----------

/** A LIKE pattern that finds the word anywhere, with its wildcards taken literally. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, '\\$&')}%`;
}

/** A page's limit or offset: a number, or the name under which a prepared statement takes it. */
type PageBound = number | Placeholder<'limit' | 'offset', number>;

/** Which products a search may find: the storefront's, or a back-office view's. */
type SearchStatus = 'published' | 'draft' | 'all';

/** How many search statements (one per query shape) are kept prepared. */
const SEARCH_STATEMENTS_MAX = 200;

/**
 * A query word as the statement sees it: placeholders named by the word's place in the query
 * (term, alternative, word), so a statement's text depends only on the query's shape (how many
 * terms, alternatives and words, how long each word is, which filters) and is built and prepared
 * once per shape; each search then only computes its values (searchValues).
 */
interface QueryWord {
  /** The word itself (a short piece to look up, or a word compared by similarity). */
  readonly word: SQL;
  /** The word as a LIKE pattern found anywhere. */
  readonly pattern: SQL;
  /** Its length in letters: what the statement's shape depends on. */
  readonly letters: number;
  /**
   * Whether it is in a large share of the catalogue (see CommonWords): as an index condition it
   * would only add a large bitmap to intersect, so it is tested on the rows the rarer terms leave.
   */
  readonly common: boolean;
}

function wordName(term: number, alternative: number, word: number): string {
  return `w${term}_${alternative}_${word}`;
}

/** The query's terms with each word replaced by its placeholders. */
type QueryShape = QueryWord[][][];

function queryShape(terms: SearchTerms, common: CommonWords): QueryShape {
  return terms.terms.map((term, t) =>
    term.alternatives.map((words, a) =>
      words.map((word, w) => {
        const name = wordName(t, a, w);
        return {
          word: sql`${sql.placeholder(name)}`,
          pattern: sql`${sql.placeholder(`${name}l`)}`,
          letters: [...word].length,
          common: common.has(word),
        };
      }),
    ),
  );
}

/** The share of the catalogue's products a word must be in to be common (CommonWords). */
const COMMON_WORD_SHARE = 0.5;

/**
 * What a statement's text depends on besides the filters: per word, whether it is shorter than
 * a trigram, exactly a trigram, or long enough to forgive a typo in (the only lengths the
 * conditions below tell apart), in capitals when the word is common.
 */
function shapeKey(shape: QueryShape): string {
  return shape
    .map((term) =>
      term
        .map((words) =>
          words
            .map((word) => {
              const length =
                word.letters < TRIGRAM_MIN_LETTERS ? 's' : word.letters < FUZZY_MIN_LETTERS ? 't' : 'f';
              return word.common ? length.toUpperCase() : length;
            })
            .join(''),
        )
        .join('|'),
    )
    .join(';');
}

/**
 * What a search statement takes besides its words (named by wordName): the query for ranking,
 * the page, and the category slug when it is filtered. runSearch gives exactly these.
 */
interface SearchParams {
  normalized: string;
  limit: number;
  offset: number;
  category?: string;
}

/** A search statement's parameter, by a name runSearch gives a value for. */
function searchParam<Name extends keyof SearchParams>(
  name: Name,
): Placeholder<Name, NonNullable<SearchParams[Name]>> {
  return new Placeholder(name);
}

/** The values for the placeholders of queryShape(): every word and its pattern. */
function searchValues(terms: SearchTerms): Record<string, string> {
  const values: Record<string, string> = {};
  terms.terms.forEach((term, t) =>
    term.alternatives.forEach((words, a) =>
      words.forEach((word, w) => {
        const name = wordName(t, a, w);
        values[name] = word;
        values[`${name}l`] = likePattern(word);
      }),
    ),
  );
  return values;
}

/**
 * The vocabulary words that contain the word, as an array: an uncorrelated subquery, so
 * PostgreSQL runs it once before the scan and gives its result to the GIN index.
 */
function wordsContaining(word: QueryWord): SQL {
  return word.letters < TRIGRAM_MIN_LETTERS
    ? sql`array(select ${searchVocabulary.token} from ${searchVocabulary} where ${searchVocabulary.short_grams} @> array[${word.word}]::text[])`
    : sql`array(select ${searchVocabulary.token} from ${searchVocabulary} where ${searchVocabulary.token} like ${word.pattern} escape '\\')`;
}

/**
 * The document as its space-separated words. A query word has no space, so it is in the
 * document exactly when it is in one of the document's words, and "one of these words contains
 * it" is an overlap with wordsContaining() (docs/decisions/027): the same answer as a substring
 * test, which the GIN index gives exactly, without reading any row.
 */
const documentWords: SQL = sql`${products.search_tokens}`;

function inDocument(word: QueryWord): SQL {
  return sql`${documentWords} && ${wordsContaining(word)}`;
}

/**
 * The word as a substring, for tests on rows already read: cheaper per row than an overlap
 * (which compares every word of the row with every vocabulary word containing the query word).
 */
function contains(column: SQLWrapper, word: QueryWord): SQL {
  return sql`${column} like ${word.pattern} escape '\\'`;
}

/**
 * contains() on the rows the index conditions leave, written so that no index answers it: a
 * search statement runs its generic plan (see buildSearchStatement), which would take any LIKE
 * for a rare one and lead with the document's trigram index.
 */
function filterContains(column: SQLWrapper, word: QueryWord): SQL {
  return sql`(${contains(column, word)}) is true`;
}

/**
 * Whether a term is found in a column: any of its alternatives (the words as typed, or a
 * synonym's target), each alternative with all its words. `wordTest` tests one word.
 */
function termFound(term: QueryWord[][], wordTest: (word: QueryWord) => SQL): SQL {
  const alternatives = term.map((words) => {
    const all = sql.join(words.map(wordTest), sql` and `);
    return words.length > 1 ? sql`(${all})` : all;
  });
  return alternatives.length > 1 ? sql`(${sql.join(alternatives, sql` or `)})` : alternatives[0]!;
}

/** Every term of the query found by the word test. */
function allTerms(terms: QueryShape, wordTest: (word: QueryWord) => SQL): SQL {
  return sql.join(
    terms.map((term) => termFound(term, wordTest)),
    sql` and `,
  );
}

/**
 * A product matches when every term of the query (a word without its article, or a synonym and
 * its targets: docs/decisions/020) is found in its search document (its own text in both
 * languages and its category's) or — in a fuzzy search — is close to a word of its name
 * (pg_trgm word similarity, which forgives a typo). The GIN index on the document's words
 * answers the words as typed, the trigram index on names the typos; PostgreSQL intersects the
 * terms' bitmaps before it computes any similarity, and tests a short word (never forgiven) on
 * the rows left with LIKE.
 */
function searchCondition(terms: QueryShape, fuzzy: boolean): SQL {
  // The shortest word an index condition can be written for in this pass.
  const indexed = fuzzy ? FUZZY_MIN_LETTERS : TRIGRAM_MIN_LETTERS;
  // Common words lead no index scan when a rarer term can: each would add a bitmap of a large
  // share of the catalogue to intersect. `is true` keeps the same test out of the index's reach.
  const rareLeader = terms.some((term) =>
    term.every((words) => words.some((word) => word.letters >= indexed && !word.common)),
  );
  const demoted = (word: QueryWord) => rareLeader && word.common;
  if (!fuzzy) {
    // A word of one or two letters is in thousands of vocabulary words on a large catalogue
    // ("45" in every number holding it), and the index reads each one's products: when another
    // term can lead the index scan, LIKE tests the short word on the rows it leaves.
    const led = terms.some((term) =>
      term.every((words) => words.some((word) => word.letters >= TRIGRAM_MIN_LETTERS)),
    );
    return allTerms(terms, (word) => {
      if (led && word.letters < TRIGRAM_MIN_LETTERS) return filterContains(products.search_document, word);
      return demoted(word) ? sql`(${inDocument(word)}) is true` : inDocument(word);
    });
  }
  return allTerms(terms, (word) => {
    if (word.letters < FUZZY_MIN_LETTERS) return filterContains(products.search_document, word);
    // word_similarity_op() is what `<%` calls: the same test, which no index answers.
    if (demoted(word)) {
      return sql`(${inDocument(word)} or word_similarity_op(${word.word}, ${products.name_search}))`;
    }
    // `name %> word` is `word <% name` written as the trigram index's condition reads. Spelled
    // the other way the planner did not recognise the index's recheck as the same test and ran
    // word_similarity (the costly part of a fuzzy search) again on every row as a filter.
    return sql`(${inDocument(word)} or ${products.name_search} %> ${word.word})`;
  });
}

/**
 * Best matches first: every word in the name, then every word in the text, then the rest
 * (typos, category matches) by how close the query is to the name. One expression, so each
 * test runs once per row, and the similarity (the expensive part) only for that last group.
 */
function relevance(terms: QueryShape): SQL {
  // word_similarity() is at most 1, so it ranks below both whole-word groups.
  return sql`case when ${allTerms(terms, (word) => contains(products.name_search, word))} then 3
                  when ${allTerms(terms, (word) => contains(products.search_text, word))} then 2
                  else word_similarity(${searchParam('normalized')}, ${products.name_search}) end`;
}

function relevanceOrder(terms: QueryShape): SQL[] {
  return [sql`${relevance(terms)} desc`];
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

export interface CatalogServiceOptions {
  /**
   * How long listings (product pages and searches, featured products, the category tree) may be
   * reused; 0 turns the cache off. Writes made through a service clear it at once; other
   * processes see a change at the latest after this time.
   */
  listCacheTtlMs: number;
  /**
   * Where the product list's and the searches' statements run: a connection that always uses
   * their generic plan (DatabaseHandle.genericPlanDb); by default the service's own database.
   */
  genericPlanDb?: Database;
  /**
   * Whether storefront searches ranked by relevance are answered from an index of the published
   * catalogue kept in this process (docs/decisions/034), and where its failures are reported (it
   * cannot be built, or a search fails in it): the database then answers. Off unless given.
   */
  searchIndex?: { onError: (error: unknown) => void };
}

const LIST_CACHE_MAX_ENTRIES = 2000;

/** The longest the owner's synonyms are kept without a change notice (see loadSynonyms). */
const SEARCH_MEMO_TTL_MS = 5 * 60_000;

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

  const searchIndex = options.searchIndex
    ? createSearchIndexStore(db, options.searchIndex.onError)
    : undefined;

  // The rows of a page the search index chose, with the catalogue's version in the same snapshot.
  const productsByIds = (options.genericPlanDb ?? db)
    .select({
      ...productFields,
      version: sql<string>`(select ${searchIndexVersion.version} from ${searchIndexVersion})::text`,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.category_id))
    .where(sql`${products.id} = any(${new Placeholder<'ids', number[]>('ids')}::integer[])`)
    .prepare('catalog_products_by_ids');
  const currentVersion = (options.genericPlanDb ?? db)
    .select({ version: sql<string>`${searchIndexVersion.version}::text` })
    .from(searchIndexVersion)
    .prepare('catalog_search_index_version');

  /**
   * A page the search index chose (`choose`; none when the request is not one the index answers),
   * when it is built at the database's version, which is checked in the statement that reads the
   * page's rows; undefined when the database must answer (no index yet, another version, or a
   * fault in the index). `count` is told which answered.
   */
  async function fromIndex(
    choose: ((index: SearchIndex) => SearchIndexPage) | undefined,
    count: (source: SearchSource) => void,
  ): Promise<{ rows: ProductRow[]; total: number } | undefined> {
    const found = choose ? await pageFromIndex(choose) : undefined;
    count(found ? 'index' : 'database');
    return found;
  }

  async function pageFromIndex(
    choose: (index: SearchIndex) => SearchIndexPage,
  ): Promise<{ rows: ProductRow[]; total: number } | undefined> {
    const index = searchIndex?.current();
    if (!index) return undefined;
    try {
      const found = await rowsOfPage(index, choose(index));
      if (found) return found;
      searchIndex!.outdated(index);
    } catch (error) {
      // A fault in the index must not cost the shopper the page: the database answers it.
      options.searchIndex!.onError(error);
    }
    return undefined;
  }

  /**
   * The rows of the pages that requests in flight chose, read in one statement for all of them
   * (sharedRuns), with the catalogue's version in the same snapshot.
   */
  const rowsOfPages = sharedRuns(
    async (pages: readonly (readonly number[])[]) => {
      const ids = pages.length === 1 ? pages[0]! : [...new Set(pages.flat())];
      const rows = ids.length > 0 ? await productsByIds.execute({ ids }) : [];
      const version = rows[0]?.version ?? (await currentVersion.execute())[0]?.version ?? '0';
      return { version, byId: new Map(rows.map((row) => [row.id, row])) };
    },
    { ...SHARED_READS, onRun: (callers) => countSharedRead('catalog_products_by_ids', callers) },
  );

  async function rowsOfPage(
    index: SearchIndex,
    page: SearchIndexPage,
  ): Promise<{ rows: ProductRow[]; total: number } | undefined> {
    const { version, byId } = await rowsOfPages(page.ids);
    if (version !== index.version) return undefined;
    // The rows as they came: copying each without its version (a rest spread) cost a tenth of a list.
    const rows: ProductRow[] = [];
    for (const id of page.ids) {
      const row = byId.get(id);
      if (!row) return undefined;
      rows.push(row);
    }
    return { rows, total: page.total };
  }

  const indexFilter = (filter: ProductListFilter): SearchIndexFilter => ({
    featured: filter.featured,
    category: filter.category,
    page: filter.page,
    limit: filter.limit,
  });

  /** A storefront search by relevance: from the search index (fromIndex), else the database. */
  async function searchPublished(
    filter: ProductListFilter,
    terms: SearchTerms,
  ): Promise<{ rows: ProductRow[]; total: number }> {
    const found = await fromIndex(
      filter.sort ? undefined : (index) => index.search(terms, indexFilter(filter)),
      countSearch,
    );
    return found ?? searchProducts(filter, terms, 'published');
  }

  /**
   * The storefront's list without a search: newest first from the search index (fromIndex), whose
   * products are in that order; in another order, or without the index, from the database.
   */
  async function listPublished(
    filter: ProductListFilter,
  ): Promise<{ rows: ProductRow[]; total: number }> {
    const newestFirst = (filter.sort ?? 'created_at') === 'created_at' && filter.order === 'desc';
    const found = await fromIndex(
      newestFirst ? (index) => index.list(indexFilter(filter)) : undefined,
      countProductList,
    );
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
   * Words as typed first; when they fill less than a page, the search is repeated forgiving
   * typos and near words (a superset, exact matches still ranked first). Similarity is costly
   * when a common word ("سبحة") matches most of the catalogue, so a search that already finds
   * plenty as typed never pays for it.
   */
  async function searchProducts(
    filter: ProductListFilter,
    terms: SearchTerms,
    /** Which statuses may match: the storefront's published products, drafts, or every one. */
    status: SearchStatus,
  ): Promise<{ rows: ProductRow[]; total: number }> {
    // Without a word long enough to forgive, the fuzzy search would find the same products.
    const forgiving = forgivesTypos(terms);
    if (forgiving && !filter.sort) {
      // Both passes in one statement (searchBothPasses); past the last page it cannot tell
      // which pass's total to give, and the passes run one after the other below.
      const found = await runSearch(filter, terms, 'both', status);
      if (found.rows.length > 0 || filter.page === 1) return found;
    }
    const exact = await runSearch(filter, terms, 'exact', status);
    return exact.total >= filter.limit || !forgiving
      ? exact
      : runSearch(filter, terms, 'fuzzy', status);
  }

  /**
   * Which statement a search runs: the words as typed, the typo-forgiving one, or (ranked by
   * relevance only) both, the second only when the first finds less than a page.
   */
  type SearchPass = 'exact' | 'fuzzy' | 'both';

  /** A search statement's values: its words and patterns (searchValues), and SearchParams. */
  type SearchStatementValues = Record<string, string | number>;

  interface SearchStatement {
    page: { execute(values: SearchStatementValues): Promise<Array<ProductRow & { total: number }>> };
    /**
     * Past the last page no row carries the total: the count alone. Absent when both passes are
     * one statement; past its last page the passes run one after the other.
     */
    count?: { execute(values: SearchStatementValues): Promise<Array<{ total: number }>> };
  }

  /** Search statements by query shape (see queryShape), built and prepared on first use. */
  const searchStatements = new Map<string, SearchStatement>();

  function buildSearchStatement(
    filter: ProductListFilter,
    shape: QueryShape,
    pass: SearchPass,
    status: SearchStatus,
    name: string | undefined,
  ): SearchStatement {
    const matching = (fuzzy: boolean) =>
      and(
        status === 'all' ? undefined : hasStatus(status),
        filter.featured ? isFeatured : undefined,
        filter.category
          ? sql`${products.category_id} = any(${categoryBranch(searchParam('category'))})`
          : undefined,
        searchCondition(shape, fuzzy),
      );
    if (pass === 'both') return searchBothPasses(shape, matching(false), matching(true), name);
    const where = matching(pass === 'fuzzy');
    const order = filter.sort
      ? listOrder(filter.sort, filter.order)
      : [...relevanceOrder(shape), ...listOrder('created_at', 'desc')];
    // Search statements run their generic plan, like the list's: planning each search cost as much
    // as running it, and the conditions above leave the planner one choice that matters, which
    // index conditions to intersect (docs/decisions/032).
    const executor = options.genericPlanDb ?? db;
    const page = pageQuery(where, order, searchParam('limit'), searchParam('offset'), executor);
    const count = executor
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where);
    return name
      ? { page: page.prepare(name), count: count.prepare(`${name}_count`) }
      : { page, count };
  }

  /**
   * Both passes of a search ranked by relevance in one statement, with the same page and total
   * as running them one after the other (searchProducts): the words as typed are matched first
   * and counted; when they fill a page they are the result, and the typo-forgiving scan is never
   * started (its branch is gated by a one-time filter on that count); otherwise the result is
   * the typo-forgiving pass's, ranked by the same expression. Most of the long tail finds less
   * than a page as typed, and used to pay for a second statement: its planning, its round trip,
   * and a page of products read, decorated and thrown away (docs/decisions/032).
   */
  function searchBothPasses(
    shape: QueryShape,
    exactWhere: SQL | undefined,
    fuzzyWhere: SQL | undefined,
    name: string | undefined,
  ): SearchStatement {
    const rank = relevance(shape);
    const limit = searchParam('limit');
    const exactCount = sql`(select count(*) from exact_matches)`;
    const page = sql`(
      with exact_matches as (
        select ${products.id} as id, ${rank} as relevance, ${products.created_at} as created_at
        from ${products} where ${exactWhere}
      ),
      matches as (
        select id, relevance, created_at from exact_matches where ${exactCount} >= ${limit}
        union all
        select ${products.id}, ${rank}, ${products.created_at}
        from ${products} where ${exactCount} < ${limit} and ${fuzzyWhere}
      )
      select id,
             row_number() over (order by relevance desc, created_at desc, id desc) as position,
             count(*) over () as total
      from matches
      order by relevance desc, created_at desc, id desc
      limit ${limit} offset ${searchParam('offset')}
    ) as "page"`;
    const query = (options.genericPlanDb ?? db)
      .select({ ...productFields, total: sql<number>`"page"."total"`.mapWith(Number) })
      .from(page)
      .innerJoin(products, sql`${products.id} = "page"."id"`)
      .leftJoin(categories, eq(categories.id, products.category_id))
      .orderBy(sql`"page"."position"`);
    return { page: name ? query.prepare(name) : query };
  }

  async function runSearch(
    filter: ProductListFilter,
    terms: SearchTerms,
    pass: SearchPass,
    status: SearchStatus,
  ): Promise<{ rows: ProductRow[]; total: number }> {
    const shape = queryShape(terms, await loadCommonWords());
    // Everything the statement's text depends on; the words themselves are values.
    const key = [
      pass,
      status,
      filter.featured === true,
      filter.category !== undefined,
      filter.sort ? `${filter.sort} ${filter.order}` : 'relevance',
      shapeKey(shape),
    ].join(':');
    let statement = searchStatements.get(key);
    if (!statement) {
      // Shapes are few (terms × words × filters); past the bound a rare shape runs unnamed.
      const kept = searchStatements.size < SEARCH_STATEMENTS_MAX;
      statement = buildSearchStatement(
        filter,
        shape,
        pass,
        status,
        kept ? `catalog_search_${searchStatements.size + 1}` : undefined,
      );
      if (kept) searchStatements.set(key, statement);
    }
    const offset = (filter.page - 1) * filter.limit;
    const params: SearchParams = {
      normalized: terms.normalized,
      limit: filter.limit,
      offset,
      ...(filter.category ? { category: filter.category } : {}),
    };
    const values: SearchStatementValues = { ...searchValues(terms), ...params };
    const ranked = await statement.page.execute(values);
    if (ranked[0]) return { rows: ranked, total: ranked[0].total };
    if (offset === 0 || !statement.count) return { rows: [], total: 0 };
    const [counted] = await statement.count.execute(values);
    return { rows: [], total: counted?.total ?? 0 };
  }

  /**
   * One page of the products matching `where`, in `order`, with how many match in all (a window
   * count rides along) on every row.
   */
  function pageQuery(
    where: SQL | undefined,
    order: SQL[],
    limit: PageBound,
    offset: PageBound,
    executor: Database = db,
  ) {
    const page = db
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
    const ranked = await pageQuery(where, order, filter.limit, offset);
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

  /**
   * The owner's synonyms as a lookup table. They are configuration, read on every search, so
   * they are kept whatever the listings' cache time (even 0): dropped with the listings when the
   * catalogue changes in any process (a synonym write publishes 'catalog'), and read again at
   * the latest after SEARCH_MEMO_TTL_MS should a change notice ever be missed.
   */
  const synonymsCache = createTtlCache<SynonymIndex>({
    name: 'search_synonyms',
    ttlMs: SEARCH_MEMO_TTL_MS,
    maxEntries: 1,
  });

  const commonWordsCache = createTtlCache<CommonWords>({
    name: 'search_common_words',
    ttlMs: SEARCH_MEMO_TTL_MS,
    maxEntries: 1,
  });

  function loadSynonyms(): Promise<SynonymIndex> {
    return synonymsCache.get('synonyms', async () =>
      buildSynonymIndex(
        await db
          .select({ term: searchSynonyms.term, targets: searchSynonyms.targets })
          .from(searchSynonyms),
      ),
    );
  }

  /** The catalogue's common words (CommonWords), kept and dropped like the synonyms. */
  function loadCommonWords(): Promise<CommonWords> {
    return commonWordsCache.get('common', async () => {
      const rows = await queryRows<{ token: string }>(
        db,
        sql`select ${searchVocabulary.token} as token from ${searchVocabulary}
            where ${searchVocabulary.products} >= (select count(*) * ${sql.raw(String(COMMON_WORD_SHARE))} from ${products})`,
      );
      return new CommonWords(rows.map((row) => row.token));
    });
  }

  async function listProductsUncached(filter: ProductListFilter): Promise<ProductPage> {
    const terms = filter.search ? expandSearch(filter.search, await loadSynonyms()) : undefined;
    let rows: ProductRow[];
    let total: number;
    if (filter.status === 'draft' || filter.status === 'all') {
      // A back-office view: every status or drafts only, built per request.
      const statusCondition = filter.status === 'draft' ? hasStatus('draft') : undefined;
      ({ rows, total } = terms
        ? await searchProducts(filter, terms, filter.status)
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
        ? await searchPublished(filter, terms)
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
    async prepareSearchIndex(): Promise<boolean> {
      if (!searchIndex) return false;
      searchIndex.current();
      await searchIndex.settled();
      return searchIndex.current() !== undefined;
    },

    /** Forgets cached listings; every catalogue write made by a service must call it. */
    invalidateListings(): void {
      listCache.clear();
      synonymsCache.clear();
      commonWordsCache.clear();
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
        const found = await fromIndex(
          (index) => index.list({ featured: true, page: 1, limit }),
          countProductList,
        );
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
