import { describe, expect, it } from 'vitest';
import { normalizeArabic } from '@shop/shared';
import { SearchIndex, type SearchIndexFilter } from './search-index.js';
import type { SearchIndexCategory, SearchIndexProduct } from './search-index-build.js';
import {
  MATERIALS,
  MATERIALS_EN,
  STYLES,
  STYLES_EN,
} from '../../../test-support/catalogue-words.js';
import { buildSynonymIndex, expandSearch } from './search-terms.js';

// A pass led by its rarest term (its few products tested one by one) must find, count and order
// exactly what uniting and intersecting whole sets finds: the same index built both ways, and the
// way it chooses for itself, answer every query alike. (search-tokens.test.ts compares the index
// with the database.)

const BEADS = ['33', '45', '99', '101'];

const CATEGORIES: SearchIndexCategory[] = [
  { id: 1, slug: 'stones', parent_id: null, is_active: true },
  { id: 2, slug: 'amber', parent_id: 1, is_active: true },
  { id: 3, slug: 'hidden', parent_id: 1, is_active: false },
];

/** 1,200 products like the benchmark's, newest first, with the texts the database keeps. */
function catalogue(): SearchIndexProduct[] {
  return Array.from({ length: 1_200 }, (_, n) => {
    const number = 1_200 - n;
    const material = MATERIALS[number % MATERIALS.length]!;
    const style = STYLES[Math.floor(number / 3) % STYLES.length]!;
    const beads = BEADS[number % BEADS.length]!;
    const name = `${number % 4 === 0 ? 'مسبحة' : 'سبحة'} ${material} ${style} ${beads} حبة رقم ${number}`;
    const nameEn =
      number % 5 === 0
        ? ''
        : `${STYLES_EN[Math.floor(number / 3) % STYLES_EN.length]!} ${MATERIALS_EN[number % MATERIALS_EN.length]!} prayer beads, ${beads} beads, no. ${number}`;
    // A material in the text but not in the name: found in the second rank.
    const spacers = MATERIALS[(number + 3) % MATERIALS.length]!;
    const description = number % 3 === 0 ? `مصنوعة يدويًا من ${material} مع فواصل ${spacers}` : '';
    const nameSearch = normalizeArabic(`${name} ${nameEn}`);
    const categoryId = number % 3 === 0 ? 2 : number % 3 === 1 ? 3 : null;
    return {
      id: number,
      category_id: categoryId,
      featured: number % 7 === 0,
      name_search: nameSearch,
      search_text: normalizeArabic(`${name} ${nameEn} ${description}`),
      category_text: categoryId === 2 ? normalizeArabic('كهرمان amber') : null,
    };
  });
}

const SYNONYMS = buildSynonymIndex([
  { term: 'prayer beads', targets: ['سبحة', 'مسبحة'] },
  { term: 'amber', targets: ['كهرمان'] },
  { term: 'beads', targets: ['سبحة', 'حبة'] },
]);

const QUERIES = [
  'كهرمان',
  'سبحة كهرمان بلطيقي',
  'كهرمان رقم 417',
  'سبحه فاخر 45 رقم 1011',
  'عقيق 33 حبة',
  'بالكهرمان',
  'كهرمن يماني',
  'فيرز 99',
  'رقم 7',
  'رقم 1199',
  'رقم 11999',
  'amber',
  'amber no. 523',
  'luxury prayer beads 864',
  'turqoise baltic',
  'black coral no. 1011',
  'kuka 101 beads',
  'prayer beads',
  'ambr',
  '45',
  'مصنوعة',
  'عقيق',
  'فيروز يماني',
  'xyzzy',
];

const FILTERS: SearchIndexFilter[] = [
  { page: 1, limit: 12 },
  { page: 3, limit: 12 },
  { page: 1, limit: 500 },
  { page: 1, limit: 12, featured: true },
  { page: 2, limit: 5, category: 'stones' },
  { page: 1, limit: 20, category: 'amber' },
];

describe('the search index', () => {
  it('finds, counts and orders alike whether a pass is led by its rarest term or not', async () => {
    const products = catalogue();
    const [chosen, always, never] = await Promise.all([
      SearchIndex.build('1', products, CATEGORIES),
      SearchIndex.build('1', products, CATEGORIES, { leadByRarest: 'always' }),
      SearchIndex.build('1', products, CATEGORIES, { leadByRarest: 'never' }),
    ]);
    let found = 0;
    for (const query of QUERIES) {
      const terms = expandSearch(query, SYNONYMS)!;
      for (const filter of FILTERS) {
        const expected = never.search(terms, filter);
        expect(always.search(terms, filter), `${query} ${JSON.stringify(filter)}`).toEqual(
          expected,
        );
        expect(chosen.search(terms, filter), `${query} ${JSON.stringify(filter)}`).toEqual(
          expected,
        );
        if (expected.total > 0) found += 1;
      }
    }
    // The comparison means something only when most searches find products.
    expect(found).toBeGreaterThan(QUERIES.length * FILTERS.length * 0.6);
    // A typo is forgiven in names: the misspelt word finds the 150 names with the word (the
    // word itself finds the products of the category named after it too).
    const search = (query: string) =>
      chosen.search(expandSearch(query, SYNONYMS)!, { page: 1, limit: 12 });
    expect(search('كهرمن رقم 416').ids).toEqual([416]);
    expect(search('كهرمن').total).toBe(150);
    expect(search('كهرمان').total).toBeGreaterThan(150);
  });

  it('lists newest first, with the filters of a search, page by page', async () => {
    const products = catalogue();
    const index = await SearchIndex.build('1', products, CATEGORIES);
    // An active category's branch holds its active subcategories: "hidden" is not listed.
    const branches: Record<string, number[]> = { stones: [1, 2], amber: [2], hidden: [] };
    for (const filter of [...FILTERS, { page: 1, limit: 5, category: 'hidden' }]) {
      const listed = products.filter(
        (product) =>
          (!filter.featured || product.featured) &&
          (filter.category === undefined ||
            branches[filter.category]!.includes(product.category_id ?? -1)),
      );
      const start = (filter.page - 1) * filter.limit;
      expect(index.list(filter), JSON.stringify(filter)).toEqual({
        ids: listed.slice(start, start + filter.limit).map((product) => product.id),
        total: listed.length,
      });
    }
    // Asked again, a category's products are the same (kept by slug).
    expect(index.list({ page: 2, limit: 5, category: 'stones' })).toEqual(
      index.list({ page: 2, limit: 5, category: 'stones' }),
    );
  });
});
