import { sql, Placeholder } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { searchIndexVersion, searchSynonyms, searchVocabulary } from '../../db/schema/search.js';
import {
  countProductList,
  countSearch,
  countSharedRead,
  type SearchSource,
} from '../../lib/metrics.js';
import { SHARED_READS, sharedRuns } from '../../lib/shared-runs.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { SearchIndex, SearchIndexFilter, SearchIndexPage } from './search-index.js';
import { createSearchIndexStore } from './search-index-store.js';
import type { SearchStatus } from './search-sql.js';
import {
  createSearchStatements,
  type ProductQueries,
  type SearchFilter,
} from './search-statements.js';
import {
  buildSynonymIndex,
  CommonWords,
  expandSearch,
  type SearchTerms,
  type SynonymIndex,
} from './search-terms.js';

export interface SearchServiceOptions<Row> {
  /** How the catalogue reads its products' rows and filters and orders its list. */
  queries: ProductQueries<Row>;
  /**
   * Where the searches' statements and the index's page reads run: a connection that always uses
   * their generic plan (DatabaseHandle.genericPlanDb); by default the service's own database.
   */
  genericPlanDb?: Database | undefined;
  /**
   * Whether storefront searches ranked by relevance are answered from an index of the published
   * catalogue kept in this process (docs/decisions/034), and where its failures are reported (it
   * cannot be built, or a search fails in it): the database then answers. Off unless given.
   */
  searchIndex?: { onError: (error: unknown) => void } | undefined;
}

/** A page of products and how many there are in all. */
export interface FoundRows<Row> {
  rows: Row[];
  total: number;
}

/** The longest the owner's synonyms are kept without a change notice (see loadSynonyms). */
const SEARCH_MEMO_TTL_MS = 5 * 60_000;

/** The share of the catalogue's products a word must be in to be common (CommonWords). */
const COMMON_WORD_SHARE = 0.5;

/** What the search index is asked for a list or a search: the filter without the order. */
export const indexFilter = (filter: SearchFilter): SearchIndexFilter => ({
  featured: filter.featured,
  category: filter.category,
  page: filter.page,
  limit: filter.limit,
});

/**
 * The catalogue's search: a query's terms with the owner's synonyms, the storefront's searches
 * and lists answered from this process's search index when it is at the database's version
 * (docs/decisions/034), and the search statements in PostgreSQL otherwise.
 */
export function createSearchService<Row extends { id: number }>(
  db: Database,
  options: SearchServiceOptions<Row>,
) {
  const genericPlanDb = options.genericPlanDb ?? db;
  const searchIndex = options.searchIndex
    ? createSearchIndexStore(db, options.searchIndex.onError)
    : undefined;

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

  const statements = createSearchStatements({
    queries: options.queries,
    executor: genericPlanDb,
    commonWords: loadCommonWords,
  });

  // The rows of a page the search index chose, with the catalogue's version in the same snapshot.
  const productsByIds = options.queries
    .rowsWithVersion(
      genericPlanDb,
      sql`${products.id} = any(${new Placeholder<'ids', number[]>('ids')}::integer[])`,
      sql<string>`(select ${searchIndexVersion.version} from ${searchIndexVersion})::text`,
    )
    .prepare('catalog_products_by_ids');
  const currentVersion = genericPlanDb
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
  ): Promise<FoundRows<Row> | undefined> {
    const found = choose ? await pageFromIndex(choose) : undefined;
    count(found ? 'index' : 'database');
    return found;
  }

  async function pageFromIndex(
    choose: (index: SearchIndex) => SearchIndexPage,
  ): Promise<FoundRows<Row> | undefined> {
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
  ): Promise<FoundRows<Row> | undefined> {
    const { version, byId } = await rowsOfPages(page.ids);
    if (version !== index.version) return undefined;
    // The rows as they came: copying each without its version (a rest spread) cost a tenth of a list.
    const rows: Row[] = [];
    for (const id of page.ids) {
      const row = byId.get(id);
      if (!row) return undefined;
      rows.push(row);
    }
    return { rows, total: page.total };
  }

  return {
    /**
     * The query's terms, each with the words the owner's synonyms give it (docs/decisions/020);
     * undefined when the query holds no word to search for.
     */
    async terms(search: string): Promise<SearchTerms | undefined> {
      return expandSearch(search, await loadSynonyms());
    },

    /** A storefront search by relevance: from the search index (fromIndex), else the database. */
    async searchPublished(filter: SearchFilter, terms: SearchTerms): Promise<FoundRows<Row>> {
      const found = await fromIndex(
        filter.sort ? undefined : (index) => index.search(terms, indexFilter(filter)),
        countSearch,
      );
      return found ?? statements.searchProducts(filter, terms, 'published');
    },

    /** A search in PostgreSQL among the products of these statuses (the back office's). */
    searchProducts(
      filter: SearchFilter,
      terms: SearchTerms,
      status: SearchStatus,
    ): Promise<FoundRows<Row>> {
      return statements.searchProducts(filter, terms, status);
    },

    /**
     * A page of the storefront's list without a search (newest first: the index's order) from
     * the search index; undefined when the database must answer (no filter given: the request is
     * not one the index answers). Counted as a product list either way.
     */
    listFromIndex(filter: SearchIndexFilter | undefined): Promise<FoundRows<Row> | undefined> {
      return fromIndex(filter && ((index) => index.list(filter)), countProductList);
    },

    /**
     * Builds the search index now unless it is built (a server's first search does the same in
     * the background); resolves whether searches can use it.
     */
    async prepareIndex(): Promise<boolean> {
      if (!searchIndex) return false;
      searchIndex.current();
      await searchIndex.settled();
      return searchIndex.current() !== undefined;
    },

    /** Forgets the synonyms and common words kept; called with every catalogue change. */
    invalidate(): void {
      synonymsCache.clear();
      commonWordsCache.clear();
    },
  };
}

export type SearchService<Row extends { id: number }> = ReturnType<
  typeof createSearchService<Row>
>;
