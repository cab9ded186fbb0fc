import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createCatalogService } from '../modules/catalog/index.js';
import { createCategory, createProduct } from '../seed/factories.js';
import { queryRows } from './client.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-app.js';

/**
 * The storefront's page statements run on connections that always use the generic plan
 * (docs/decisions/031): with the default plan_cache_mode PostgreSQL priced the generic plan of a
 * LIMIT/OFFSET parameter as a tenth of the table and planned the page again on every request.
 */
describe.skipIf(!process.env.DATABASE_URL)('statements that always run their generic plan', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 2 });
    const category = await createCategory(database.db, { name: 'سبح', slug: 'generic-plans' });
    for (let index = 0; index < 30; index += 1) {
      await createProduct(database.db, { name: `سبحة ${index}`, category_id: category.id, status: 'published' });
    }
  });

  afterAll(async () => {
    await database?.destroy();
  });

  const settingOf = async (db: TestDatabase['db']) =>
    (await queryRows<{ plan_cache_mode: string }>(db, sql`show plan_cache_mode`))[0]?.plan_cache_mode;

  it('keeps the main connections on the default plan choice, and the page connections on generic plans', async () => {
    expect(await settingOf(database.db)).toBe('auto');
    expect(await settingOf(database.genericPlanDb)).toBe('force_generic_plan');
  });

  it('runs every page of the product list on its generic plan, with the same pages as before', async () => {
    const catalog = createCatalogService(database.db, { listCacheTtlMs: 0, genericPlanDb: database.genericPlanDb });
    const seen: number[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const listed = await catalog.listProducts({ page, limit: 8, order: 'desc' });
      expect(listed.pagination.total).toBe(30);
      seen.push(...listed.products.map((product) => product.id));
    }
    expect(new Set(seen).size).toBe(30);
    // Sequential queries reuse the pool's most recently released connection: the one that ran
    // the pages. A statement planned per execution would count custom plans.
    const statements = await queryRows<{ generic_plans: string; custom_plans: string }>(
      database.genericPlanDb,
      sql`select generic_plans, custom_plans from pg_prepared_statements where name = 'catalog_list_all_any_created_at_desc'`,
    );
    expect(statements).toHaveLength(1);
    expect(Number(statements[0]!.custom_plans)).toBe(0);
    expect(Number(statements[0]!.generic_plans)).toBeGreaterThanOrEqual(4);
  });

  it('runs every search statement on its generic plan, with the same results', async () => {
    const catalog = createCatalogService(database.db, { listCacheTtlMs: 0, genericPlanDb: database.genericPlanDb });
    const search = (text: string, sort?: 'price') =>
      catalog.listProducts({ page: 1, limit: 8, order: 'desc', search: text, sort });
    // Run each shape more than five times: under the default setting PostgreSQL would plan the
    // first five executions for their values, and again whenever the generic plan looks dearer.
    for (let round = 0; round < 6; round += 1) {
      const number = String(round + 20);
      // By relevance: both passes in one statement. Sorted: the passes one after the other.
      for (const sort of [undefined, 'price'] as const) {
        const found = await search(`سبحة ${number}`, sort);
        expect(found.products.map((product) => product.name)).toEqual([`سبحة ${number}`]);
        // A typo finds nothing as typed, so the typo-forgiving pass runs too.
        const forgiven = await search('سبحةة', sort);
        expect(forgiven.pagination.total).toBe(30);
      }
    }
    const statements = await queryRows<{ name: string; generic_plans: string; custom_plans: string }>(
      database.genericPlanDb,
      sql`select name, generic_plans, custom_plans from pg_prepared_statements where name like 'catalog_search_%'`,
    );
    // Both passes of each query by relevance; the exact pass of each sorted query and the fuzzy
    // pass of the sorted typo.
    expect(statements.length).toBeGreaterThanOrEqual(4);
    for (const statement of statements) {
      expect(Number(statement.custom_plans), statement.name).toBe(0);
    }
    expect(statements.reduce((sum, statement) => sum + Number(statement.generic_plans), 0)).toBeGreaterThanOrEqual(24);
  });
});
