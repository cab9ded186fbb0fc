import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { searchIndexVersion } from '../../db/schema/search.js';
import { SearchIndex } from './search-index.js';

/**
 * This process's search index (search-index.ts) and its upkeep: read at one version of the
 * catalogue (search_index_version) in one snapshot, read again in the background when a search
 * finds the database at another. Until then searches go to the database, which always answers
 * the same (docs/decisions/034).
 */
export interface SearchIndexStore {
  /** The index, if one is built; when none is, starts building it and gives undefined. */
  current(): SearchIndex | undefined;
  /** The database holds another version than the index's: drop it and build it again. */
  outdated(index: SearchIndex): void;
  /** Resolves when no build is running (tests, and a benchmark's warm-up). */
  settled(): Promise<void>;
}

/** How long after a failed build (the database unreachable) the next one may start. */
const RETRY_AFTER_MS = 5_000;

export function createSearchIndexStore(
  db: Database,
  onBuildError: (error: unknown) => void,
): SearchIndexStore {
  let index: SearchIndex | undefined;
  let building: Promise<void> | undefined;
  let retryAt = 0;

  async function read(): Promise<SearchIndex> {
    // One snapshot, so that the products, the categories and the version agree.
    const { version, published, tree } = await db.transaction(
      async (tx) => {
        const [row] = await tx
          .select({ version: searchIndexVersion.version })
          .from(searchIndexVersion);
        const published = await tx
          .select({
            id: products.id,
            category_id: products.category_id,
            featured: products.featured,
            name_search: sql<string>`coalesce(${products.name_search}, '')`,
            search_text: sql<string>`coalesce(${products.search_text}, '')`,
            category_text: products.category_text,
          })
          .from(products)
          .where(eq(products.status, 'published'))
          .orderBy(desc(products.created_at), desc(products.id));
        const tree = await tx
          .select({
            id: categories.id,
            slug: categories.slug,
            parent_id: categories.parent_id,
            is_active: categories.is_active,
          })
          .from(categories);
        return { version: String(row?.version ?? 0), published, tree };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return SearchIndex.build(version, published, tree);
  }

  function build(): void {
    if (building || Date.now() < retryAt) return;
    building = read()
      .then((built) => {
        index = built;
      })
      .catch((error: unknown) => {
        retryAt = Date.now() + RETRY_AFTER_MS;
        onBuildError(error);
      })
      .finally(() => {
        building = undefined;
      });
  }

  return {
    current() {
      if (!index) build();
      return index;
    },
    outdated(stale) {
      if (index === stale) index = undefined;
      build();
    },
    async settled() {
      while (building) await building;
    },
  };
}
