import { and, asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry, type SearchSource } from '../../lib/metrics.js';
import { categories, products, searchSynonyms } from '../../db/schema/index.js';
import { createCategory, createProduct } from '../../seed/factories.js';
import { signedInAs } from '../../../test-support/staff.js';
import {
  MATERIALS,
  MATERIALS_EN,
  STYLES,
  STYLES_EN,
} from '../../../test-support/catalogue-words.js';
import { expectWordsInStep } from '../../../test-support/search-words.js';
import { createTestApp, type TestContext } from '../../../test-support/test-app.js';
import type { Actor } from '../audit/index.js';
import type { ProductListFilter } from '../catalog/index.js';
import {
  buildSynonymIndex,
  expandSearch,
  type SearchTerm,
  type SearchTerms,
} from './search-terms.js';

// Search on words (products.search_tokens, search_vocabulary; docs/decisions/027) must find
// exactly what the substring search it replaced found: the storefront's answers are compared with
// the old query, kept here as the oracle. (search-words.test.ts checks the stored words.)

let ctx: TestContext;
let actor: Actor;

beforeAll(async () => {
  ctx = await createTestApp();
  const { user } = await signedInAs(ctx, 'admin');
  actor = { id: user.id, email: user.email };
});

afterAll(async () => {
  await ctx.close();
});

// ---------- the same answers as the substring search ----------

/** The search as it was before decision 027 (LIKE on the texts), kept as the oracle. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, '\\$&')}%`;
}
function contains(column: SQLWrapper, word: string): SQL {
  return sql`${column} like ${likePattern(word)} escape '\\'`;
}
function termFound(term: SearchTerm, wordTest: (word: string) => SQL): SQL {
  const alternatives = term.alternatives.map((words) => {
    const all = sql.join(words.map(wordTest), sql` and `);
    return words.length > 1 ? sql`(${all})` : all;
  });
  return alternatives.length > 1 ? sql`(${sql.join(alternatives, sql` or `)})` : alternatives[0]!;
}
function allTermsIn(terms: SearchTerms, column: SQLWrapper): SQL {
  return sql.join(
    terms.terms.map((term) => termFound(term, (word) => contains(column, word))),
    sql` and `,
  );
}
function oldCondition(terms: SearchTerms, fuzzy: boolean): SQL {
  if (!fuzzy) return allTermsIn(terms, products.search_document);
  return sql.join(
    terms.terms.map((term) =>
      termFound(term, (word) =>
        [...word].length < 4
          ? contains(products.search_document, word)
          : sql`(${contains(products.search_document, word)} or ${word} <% ${products.name_search})`,
      ),
    ),
    sql` and `,
  );
}

async function oldSearch(
  query: string,
  filter: {
    page: number;
    limit: number;
    sort?: 'price';
    status?: 'all' | 'draft';
    category?: number;
  },
): Promise<{ ids: number[]; total: number }> {
  const db = ctx.database.db;
  const synonyms = buildSynonymIndex(
    await db
      .select({ term: searchSynonyms.term, targets: searchSynonyms.targets })
      .from(searchSynonyms),
  );
  const terms = expandSearch(query, synonyms);
  if (!terms) throw new Error(`no words in ${query}`);
  const run = async (fuzzy: boolean) => {
    const where = and(
      filter.status === 'all'
        ? undefined
        : eq(products.status, filter.status === 'draft' ? 'draft' : 'published'),
      filter.category === undefined ? undefined : eq(products.category_id, filter.category),
      oldCondition(terms, fuzzy),
    );
    const order = filter.sort
      ? [asc(products.current_price), asc(products.id)]
      : [
          sql`case when ${allTermsIn(terms, products.name_search)} then 3
                   when ${allTermsIn(terms, products.search_text)} then 2
                   else word_similarity(${terms.normalized}, ${products.name_search}) end desc`,
          desc(products.created_at),
          desc(products.id),
        ];
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order);
    return rows.map((row) => row.id);
  };
  let ids = await run(false);
  if (ids.length < filter.limit) ids = await run(true);
  const start = (filter.page - 1) * filter.limit;
  return { ids: ids.slice(start, start + filter.limit), total: ids.length };
}

/** A catalogue with the words searches trip on: articles, hamzas, digits, Latin, wildcards. */
async function fillCatalogue(): Promise<{ category: number }> {
  const db = ctx.database.db;
  const wood = await createCategory(db, {
    name: 'مسابح خشب',
    name_en: 'Wooden rosaries',
    slug: `oracle-wood-${Date.now()}`,
    description: 'أخشاب طبيعية',
  });
  const stones = await createCategory(db, {
    name: 'أحجار كريمة',
    name_en: 'Gem stones',
    slug: `oracle-stones-${Date.now()}`,
  });
  const beads = ['33', '٤٥', '99', '101'];
  const base = Date.UTC(2024, 0, 1);
  const rows = Array.from({ length: 80 }, (_, n) => {
    const material = MATERIALS[n % MATERIALS.length]!;
    const style = STYLES[Math.floor(n / 3) % STYLES.length]!;
    return {
      name: `${n % 4 === 0 ? 'مسبحة' : 'سبحة'} ${material} ${style} ${beads[n % beads.length]!} حبة رقم ${n + 1}`,
      name_en:
        n % 5 === 0
          ? null
          : `${STYLES_EN[Math.floor(n / 3) % STYLES_EN.length]!} ${MATERIALS_EN[n % MATERIALS_EN.length]!} prayer beads no. ${n + 1}`,
      description: n % 3 === 0 ? `مصنوعة يدويًا من ${material} مع شرابة وفواصل فضية` : null,
      description_en: n % 7 === 0 ? 'Handmade with a tassel, 100% natural' : null,
      price: 1_000 + ((n * 7_919) % 50_000),
      category_id: n % 3 === 0 ? wood.id : n % 3 === 1 ? stones.id : null,
      status: n % 9 === 0 ? ('draft' as const) : ('published' as const),
      // Some products share a minute, so the id breaks the tie.
      created_at: new Date(base + Math.floor(n / 2) * 60_000),
    };
  });
  rows.push(
    { ...rows[1]!, name: 'سبحة فضة 100% عيار_925', name_en: 'Silver \\ rosary', description: null },
    { ...rows[2]!, name: 'Rosary "Kuka" O\'Brien edition', name_en: null, description: 'ب' },
    { ...rows[3]!, name: 'سبحة ٣٣ حبة', name_en: 'Thirty-three', category_id: wood.id },
    { ...rows[4]!, name: 'هدية للرجال', name_en: 'A gift', description: 'بالكهرمان والفضة' },
  );
  for (const row of rows) await createProduct(db, row);
  return { category: stones.id };
}

const QUERIES = [
  // Words as typed, with the article and the attached prefixes, in both languages.
  'كهرمان',
  'الكهرمان',
  'بالكهرمان',
  'والكهرمان',
  'سبحة',
  'السبحة',
  'مسبحة',
  'سبحه كهرمان بلطيقي',
  'يسر يماني',
  'عقيق 33',
  'فيروز ٤٥ حبة',
  'رقم 7',
  'حبة رقم 12',
  'خشب الزيتون',
  'عين النمر',
  'amber',
  'Amber Baltic',
  'prayer beads',
  "tiger's eye",
  'olive wood 99',
  'black coral',
  'no. 3',
  'rosary',
  'gift',
  'gem',
  'wooden',
  'طبيعية',
  'كريمة',
  'أخشاب',
  'فواصل فضية',
  'handmade',
  // Common words (in half the catalogue or more) beside rare ones: the rare word leads the
  // index scan and the common ones are tested on its rows (CommonWords), exact and forgiving.
  'سبحة رقم 17',
  'كهرمان 101 رقم 9',
  'prayer beads no. 25',
  'سبحة كهرمن رقم 41',
  'amber prayer beads 99 rosary',
  'مسبحة فيروز إيراني',
  // Short words: one and two letters.
  '3',
  '33',
  '٣٣',
  'ب',
  'ع',
  'no',
  'ab',
  '1',
  'كه',
  // Typos (fuzzy phase), and words found nowhere.
  'كهرمن',
  'كهرمان بلطقي',
  'فيرز',
  'عقق يماني',
  'ambr',
  'turqoise',
  'baltc amber',
  'يماني 999',
  'زمرد',
  'xyzzy',
  // Wildcards and quotes taken literally.
  '100%',
  '%',
  '_',
  'عيار_925',
  '\\',
  "o'brien",
  '"kuka"',
];

/** The pages each query is compared on: all at once, the first ones, a middle one, past the last. */
const PAGES = [
  [1, 100],
  [1, 5],
  [2, 5],
  [3, 7],
  [40, 20],
] as const;

/** How many storefront searches (or lists) this process answered from the index or the database. */
async function searchesAnswered(
  source: SearchSource,
  metricName = 'shop_searches_total',
): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric(metricName)?.get();
  return metric?.values.find((value) => value.labels.source === source)?.value ?? 0;
}

/** The shared reads of the pages' rows this process has run, or the requests they answered. */
async function sharedReads(
  counter: 'shop_shared_read_runs_total' | 'shop_shared_read_callers_total',
): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric(counter)?.get();
  return (
    metric?.values.find((value) => value.labels.read === 'catalog_products_by_ids')?.value ?? 0
  );
}

const listsAnswered = (source: SearchSource) =>
  searchesAnswered(source, 'shop_product_lists_total');

/** The storefront's list as the database has it: published, newest first, then the highest id. */
async function databaseList(filter: {
  page: number;
  limit: number;
  featured?: boolean;
  categories?: number[];
}): Promise<{ ids: number[]; total: number }> {
  const rows = await ctx.database.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.status, 'published'),
        filter.featured ? eq(products.featured, true) : undefined,
        filter.categories ? inArray(products.category_id, filter.categories) : undefined,
      ),
    )
    .orderBy(desc(products.created_at), desc(products.id));
  const start = (filter.page - 1) * filter.limit;
  return {
    ids: rows.slice(start, start + filter.limit).map((row) => row.id),
    total: filter.categories?.length === 0 ? 0 : rows.length,
  };
}

describe('search on words finds what the substring search found', () => {
  let category: number;
  beforeAll(async () => {
    ({ category } = await fillCatalogue());
  });

  async function newSearch(query: string, filter: Omit<ProductListFilter, 'search' | 'order'>) {
    const page = await ctx.app.services.catalog.listProducts({
      ...filter,
      search: query,
      order: 'asc',
    });
    return { ids: page.products.map((product) => product.id), total: page.pagination.total };
  }

  it('by relevance, page after page', async () => {
    let found = 0;
    for (const query of QUERIES) {
      if ((await oldSearch(query, { page: 1, limit: 100 })).total > 0) found += 1;
      for (const [page, limit] of PAGES) {
        expect(
          await newSearch(query, { page, limit }),
          `${query} page ${page} of ${limit}`,
        ).toEqual(await oldSearch(query, { page, limit }));
      }
    }
    // The comparison means something only when most searches find products.
    expect(found).toBeGreaterThan(40);
    expect((await newSearch('كهرمن', { page: 1, limit: 100 })).total).toBeGreaterThan(5);
  });

  it('by relevance, in a category too, from the search index kept in the server process', async () => {
    const db = ctx.database.db;
    const [slug] = await db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, category));
    expect(await ctx.app.services.catalog.prepareSearchIndex()).toBe(true);
    const answeredBefore = await searchesAnswered('index');
    let searches = 0;
    for (const query of QUERIES) {
      for (const [page, limit] of PAGES) {
        expect(
          await newSearch(query, { page, limit }),
          `${query} page ${page} of ${limit}`,
        ).toEqual(await oldSearch(query, { page, limit }));
        searches += 1;
      }
      expect(await newSearch(query, { page: 1, limit: 50, category: slug!.slug }), query).toEqual(
        await oldSearch(query, { page: 1, limit: 50, category }),
      );
      searches += 1;
    }
    // Every one of them was answered by the index, none by the database.
    expect((await searchesAnswered('index')) - answeredBefore).toBe(searches);
  });

  it('answers searches and lists that arrive together as it answers them one by one', async () => {
    expect(await ctx.app.services.catalog.prepareSearchIndex()).toBe(true);
    const urls = QUERIES.flatMap((query) =>
      PAGES.map(
        ([page, limit]) =>
          `/api/products?search=${encodeURIComponent(query)}&page=${page}&limit=${limit}`,
      ),
    ).concat(PAGES.map(([page, limit]) => `/api/products?page=${page}&limit=${limit}`));
    const answer = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const body = response.json<{
        products: { id: number; name: string; stock_quantity: number }[];
      }>();
      return { url, body };
    };
    const oneByOne = [];
    for (const url of urls) oneByOne.push(await answer(url));
    const runsBefore = await sharedReads('shop_shared_read_runs_total');
    const callersBefore = await sharedReads('shop_shared_read_callers_total');
    const together = await Promise.all(urls.map(answer));
    expect(together).toEqual(oneByOne);
    // The pages' rows were read for many requests at once, not a statement each.
    const callers = (await sharedReads('shop_shared_read_callers_total')) - callersBefore;
    const runs = (await sharedReads('shop_shared_read_runs_total')) - runsBefore;
    expect(callers).toBe(urls.length);
    expect(runs).toBeLessThan(callers / 4);
  });

  it('sees a change at once, from the database until the index is read again', async () => {
    const db = ctx.database.db;
    const catalog = ctx.app.services.catalog;
    expect(await catalog.prepareSearchIndex()).toBe(true);
    const [product] = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.status, 'published'))
      .orderBy(asc(products.id))
      .limit(1);
    await db
      .update(products)
      .set({ name: `${product!.name} زبرجد` })
      .where(eq(products.id, product!.id));
    const fromDatabase = await searchesAnswered('database');
    expect((await newSearch('زبرجد', { page: 1, limit: 10 })).ids).toEqual([product!.id]);
    expect(await searchesAnswered('database')).toBe(fromDatabase + 1);
    expect(await catalog.prepareSearchIndex()).toBe(true);
    const fromIndex = await searchesAnswered('index');
    expect((await newSearch('زبرجد', { page: 1, limit: 10 })).ids).toEqual([product!.id]);
    expect(await searchesAnswered('index')).toBe(fromIndex + 1);
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, product!.id));
    expect((await newSearch('زبرجد', { page: 1, limit: 10 })).ids).toEqual([]);
    await db
      .update(products)
      .set({ name: product!.name, status: 'published' })
      .where(eq(products.id, product!.id));
  });

  it('from the database alone with SEARCH_INDEX=false', async () => {
    const databaseOnly = await createTestApp({ SEARCH_INDEX: 'false' });
    try {
      expect(await databaseOnly.app.services.catalog.prepareSearchIndex()).toBe(false);
      const fromDatabase = await searchesAnswered('database');
      const fromIndex = await searchesAnswered('index');
      const page = await databaseOnly.app.services.catalog.listProducts({
        page: 1,
        limit: 5,
        order: 'asc',
        search: 'سبحة',
      });
      expect(page.pagination.total).toBe(0);
      expect(await searchesAnswered('database')).toBe(fromDatabase + 1);
      expect(await searchesAnswered('index')).toBe(fromIndex);
    } finally {
      await databaseOnly.close();
    }
  });

  it('sorted by price, in a category, and in the back office', async () => {
    const db = ctx.database.db;
    const [slug] = await db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, category));
    for (const query of QUERIES) {
      expect(await newSearch(query, { page: 1, limit: 20, sort: 'price' }), query).toEqual(
        await oldSearch(query, { page: 1, limit: 20, sort: 'price' }),
      );
      expect(await newSearch(query, { page: 1, limit: 50, category: slug!.slug }), query).toEqual(
        await oldSearch(query, { page: 1, limit: 50, category }),
      );
      expect(await newSearch(query, { page: 1, limit: 50, status: 'all' }), query).toEqual(
        await oldSearch(query, { page: 1, limit: 50, status: 'all' }),
      );
      // Same statement shape as the storefront's, another status.
      expect(await newSearch(query, { page: 1, limit: 50, status: 'draft' }), query).toEqual(
        await oldSearch(query, { page: 1, limit: 50, status: 'draft' }),
      );
    }
  });

  it('with synonyms the owner adds', async () => {
    await ctx.app.services.synonymsAdmin.create(actor, {
      term: 'honey stone',
      targets: ['كهرمان بلطيقي', 'عسلي'],
    });
    await ctx.app.services.synonymsAdmin.create(actor, { term: 'sebhat', targets: ['سبحة'] });
    for (const query of ['honey stone', 'honey stone 33', 'sebhat يسر', 'amber sebhat', 'honey']) {
      expect(await newSearch(query, { page: 1, limit: 100 }), query).toEqual(
        await oldSearch(query, { page: 1, limit: 100 }),
      );
    }
    await expectWordsInStep(ctx.database.db);
  });

  it('lists without a search newest first from the index, page for page as the database does', async () => {
    const db = ctx.database.db;
    const catalog = ctx.app.services.catalog;
    const [wood] = await db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, category));
    // A branch: an active subcategory (listed with its parent) and a hidden one (not listed).
    const sandal = await createCategory(db, {
      name: 'صندل',
      slug: `oracle-sandal-${Date.now()}`,
      parent_id: category,
    });
    const hidden = await createCategory(db, {
      name: 'مخفي',
      slug: `oracle-hidden-${Date.now()}`,
      parent_id: category,
      is_active: false,
    });
    for (let n = 0; n < 6; n += 1) {
      await createProduct(db, {
        name: `سبحة صندل ${n}`,
        category_id: n % 2 === 0 ? sandal.id : hidden.id,
        created_at: new Date(Date.UTC(2024, 0, 1) + n * 60_000),
      });
    }
    await db
      .update(products)
      .set({ featured: true })
      .where(sql`${products.id} % 3 = 0`);
    // The index read before these writes is found out of date by the next request, then read again.
    await catalog.listProducts({ page: 1, limit: 1, order: 'desc' });
    expect(await catalog.prepareSearchIndex()).toBe(true);

    const branch = [category, sandal.id];
    const cases: Array<
      [Partial<ProductListFilter>, { featured?: boolean; categories?: number[] }]
    > = [
      [{}, {}],
      [{ featured: true }, { featured: true }],
      [{ category: wood!.slug }, { categories: branch }],
      [
        { category: wood!.slug, featured: true },
        { categories: branch, featured: true },
      ],
      [{ category: sandal.slug }, { categories: [sandal.id] }],
      [{ category: hidden.slug }, { categories: [] }],
      [{ category: 'no-such-category' }, { categories: [] }],
    ];
    const fromIndex = await listsAnswered('index');
    let lists = 0;
    for (const [filter, expected] of cases) {
      for (const [page, limit] of PAGES) {
        const listed = await catalog.listProducts({ ...filter, page, limit, order: 'desc' });
        expect(
          { ids: listed.products.map((product) => product.id), total: listed.pagination.total },
          `${JSON.stringify(filter)} page ${page} of ${limit}`,
        ).toEqual(await databaseList({ ...expected, page, limit }));
        lists += 1;
      }
    }
    // The featured products of the home page come the same way.
    expect((await catalog.listFeaturedProducts(8)).map((product) => product.id)).toEqual(
      (await databaseList({ featured: true, page: 1, limit: 8 })).ids,
    );
    expect((await listsAnswered('index')) - fromIndex).toBe(lists + 1);

    // Another order is the database's.
    const fromDatabase = await listsAnswered('database');
    const byPrice = await catalog.listProducts({ page: 1, limit: 5, sort: 'price', order: 'asc' });
    expect(byPrice.products.map((product) => product.current_price)).toEqual(
      byPrice.products.map((product) => product.current_price).sort((a, b) => a - b),
    );
    expect(await listsAnswered('database')).toBe(fromDatabase + 1);

    // A product taken off the shop leaves the list at once: the index's version is no longer the
    // database's, which answers until the index is read again.
    const [newest] = (await databaseList({ page: 1, limit: 1 })).ids;
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, newest!));
    const afterwards = await catalog.listProducts({ page: 1, limit: 5, order: 'desc' });
    expect(afterwards.products.map((product) => product.id)).not.toContain(newest);
    expect({
      ids: afterwards.products.map((product) => product.id),
      total: afterwards.pagination.total,
    }).toEqual(await databaseList({ page: 1, limit: 5 }));
    expect(await listsAnswered('database')).toBe(fromDatabase + 2);
    await db.update(products).set({ status: 'published' }).where(eq(products.id, newest!));
  });
});
