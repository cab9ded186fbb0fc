import { afterAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../seed/factories.js';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-app.js';
import { expandSearch } from './search-terms.js';
import { createSearchIndexStore } from './search-index-store.js';

const opened: TestDatabase[] = [];

afterAll(async () => {
  for (const database of opened) await database.destroy().catch(() => undefined);
});

describe('the search index store', () => {
  it('reads the published catalogue and the version in one snapshot', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const category = await createCategory(database.db, { name: 'كهرمان', slug: 'store-amber' });
    await createProduct(database.db, {
      name: 'سبحة كهرمان',
      category_id: category.id,
      status: 'published',
    });
    await createProduct(database.db, {
      name: 'سبحة كهرمان مسودة',
      category_id: category.id,
      status: 'draft',
    });
    const errors: unknown[] = [];
    const store = createSearchIndexStore(database.db, (error) => errors.push(error));
    expect(store.current()).toBeUndefined();
    await store.settled();
    const index = store.current()!;
    expect(index.size).toBe(1);
    expect(Number(index.version)).toBeGreaterThan(0);
    expect(index.search(expandSearch('كهرمان')!, { page: 1, limit: 10 }).total).toBe(1);
    // An outdated index is dropped and read again.
    store.outdated(index);
    expect(store.current()).toBeUndefined();
    await store.settled();
    expect(store.current()).not.toBe(index);
    expect(errors).toEqual([]);
  });

  it('reports a build that fails, and does not try again at once', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    await database.destroy();
    const errors: unknown[] = [];
    const store = createSearchIndexStore(database.db, (error) => errors.push(error));
    expect(store.current()).toBeUndefined();
    await store.settled();
    expect(errors).toHaveLength(1);
    expect(store.current()).toBeUndefined();
    await store.settled();
    expect(errors).toHaveLength(1);
  });
});
