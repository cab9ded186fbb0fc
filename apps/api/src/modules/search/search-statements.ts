import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ProductSortField, SortOrder } from '@shop/shared';
import type { Database } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { forgivesTypos, type CommonWords, type SearchTerms } from './search-terms.js';
import {
  queryShape,
  relevance,
  relevanceOrder,
  searchCondition,
  searchParam,
  searchValues,
  shapeKey,
  type PageBound,
  type QueryShape,
  type SearchParams,
  type SearchStatus,
} from './search-sql.js';

/** What a search asks for besides its words: the page, the order and the filters. */
export interface SearchFilter {
  page: number;
  limit: number;
  /** Category slug; products of its subcategories are included. */
  category?: string | undefined;
  /** Unset: by relevance when searching, otherwise newest first. */
  sort?: ProductSortField | undefined;
  order: SortOrder;
  /** Only featured products when true; false and unset mean no filter. */
  featured?: boolean | undefined;
}

/** A query of product rows, run as it is or prepared under a name. */
export interface RowsQuery<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
}

/**
 * What the search takes from the catalogue, which owns the products' rows and the list's rules:
 * the conditions a listing filters by, its order, and how a page of products is read, so that a
 * search reads its page, its rows and its total in one statement, as the list does.
 */
export interface ProductQueries<Row> {
  /** A status as a literal, which the generic plans price from the column's statistics. */
  hasStatus(status: 'published' | 'draft'): SQL;
  isFeatured: SQL;
  /** Ids of the active category with this slug and of all its active descendants. */
  categoryBranch(slug: Placeholder<'category', string>): SQL;
  /** The list order, the id following the same direction. */
  listOrder(sort: ProductSortField, order: SortOrder): SQL[];
  /**
   * One page of the products matching `where`, in `order`, with how many match in all on every
   * row, run on `executor`.
   */
  pageQuery(
    where: SQL | undefined,
    order: SQL[],
    limit: PageBound,
    offset: PageBound,
    executor: Database,
  ): RowsQuery<Row & { total: number }>;
  /** The products of a page chosen in SQL (`"page"`: id, position, total), in its order. */
  rowsOfPage(executor: Database, page: SQL): RowsQuery<Row & { total: number }>;
  /** The products matching `where` (in any order), each with `version` read in the same snapshot. */
  rowsWithVersion(
    executor: Database,
    where: SQL,
    version: SQL<string>,
  ): RowsQuery<Row & { version: string }>;
}

/** How many search statements (one per query shape) are kept prepared. */
const SEARCH_STATEMENTS_MAX = 200;

/**
 * The search statements run in PostgreSQL: the back office's searches, the sorted ones, and the
 * storefront's when the search index cannot answer (docs/decisions/027, 032).
 */
export function createSearchStatements<Row>(deps: {
  queries: ProductQueries<Row>;
  /**
   * Where the statements run: a connection that always uses their generic plan
   * (DatabaseHandle.genericPlanDb).
   */
  executor: Database;
  /** The catalogue's common words (CommonWords). */
  commonWords: () => Promise<CommonWords>;
}) {
  const { queries, executor, commonWords } = deps;

  /**
   * Words as typed first; when they fill less than a page, the search is repeated forgiving
   * typos and near words (a superset, exact matches still ranked first). Similarity is costly
   * when a common word ("سبحة") matches most of the catalogue, so a search that already finds
   * plenty as typed never pays for it.
   */
  async function searchProducts(
    filter: SearchFilter,
    terms: SearchTerms,
    /** Which statuses may match: the storefront's published products, drafts, or every one. */
    status: SearchStatus,
  ): Promise<{ rows: Row[]; total: number }> {
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
    page: { execute(values: SearchStatementValues): Promise<Array<Row & { total: number }>> };
    /**
     * Past the last page no row carries the total: the count alone. Absent when both passes are
     * one statement; past its last page the passes run one after the other.
     */
    count?: { execute(values: SearchStatementValues): Promise<Array<{ total: number }>> };
  }

  /** Search statements by query shape (see queryShape), built and prepared on first use. */
  const searchStatements = new Map<string, SearchStatement>();

  function buildSearchStatement(
    filter: SearchFilter,
    shape: QueryShape,
    pass: SearchPass,
    status: SearchStatus,
    name: string | undefined,
  ): SearchStatement {
    const matching = (fuzzy: boolean) =>
      and(
        status === 'all' ? undefined : queries.hasStatus(status),
        filter.featured ? queries.isFeatured : undefined,
        filter.category
          ? sql`${products.category_id} = any(${queries.categoryBranch(searchParam('category'))})`
          : undefined,
        searchCondition(shape, fuzzy),
      );
    if (pass === 'both') return searchBothPasses(shape, matching(false), matching(true), name);
    const where = matching(pass === 'fuzzy');
    const order = filter.sort
      ? queries.listOrder(filter.sort, filter.order)
      : [...relevanceOrder(shape), ...queries.listOrder('created_at', 'desc')];
    // Search statements run their generic plan, like the list's: planning each search cost as much
    // as running it, and the conditions above leave the planner one choice that matters, which
    // index conditions to intersect (docs/decisions/032).
    const page = queries.pageQuery(where, order, searchParam('limit'), searchParam('offset'), executor);
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
    const query = queries.rowsOfPage(executor, page);
    return { page: name ? query.prepare(name) : query };
  }

  async function runSearch(
    filter: SearchFilter,
    terms: SearchTerms,
    pass: SearchPass,
    status: SearchStatus,
  ): Promise<{ rows: Row[]; total: number }> {
    const shape = queryShape(terms, await commonWords());
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

  return { searchProducts };
}
