import { sql, Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';
import { searchVocabulary } from '../../db/schema/search.js';
import {
  FUZZY_MIN_LETTERS,
  TRIGRAM_MIN_LETTERS,
  type CommonWords,
  type SearchTerms,
} from './search-terms.js';

// The conditions and the ranking of the search statements (search-statements.ts): which products
// a query's terms find, in the document's words or close to a name, and in what order
// (docs/decisions/027, 032).

/** A LIKE pattern that finds the word anywhere, with its wildcards taken literally. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, '\\$&')}%`;
}

/** A page's limit or offset: a number, or the name under which a prepared statement takes it. */
export type PageBound = number | Placeholder<'limit' | 'offset', number>;

/** Which products a search may find: the storefront's, or a back-office view's. */
export type SearchStatus = 'published' | 'draft' | 'all';

/**
 * A query word as the statement sees it: placeholders named by the word's place in the query
 * (term, alternative, word), so a statement's text depends only on the query's shape (how many
 * terms, alternatives and words, how long each word is, which filters) and is built and prepared
 * once per shape; each search then only computes its values (searchValues).
 */
export interface QueryWord {
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
export type QueryShape = QueryWord[][][];

export function queryShape(terms: SearchTerms, common: CommonWords): QueryShape {
  return terms.terms.map((term, t) =>
    term.alternatives.map((words, a) =>
      words.map((word, w) => {
        const name = wordName(t, a, w);
        return {
          word: sql`${new Placeholder<string, string>(name)}`,
          pattern: sql`${new Placeholder<string, string>(`${name}l`)}`,
          letters: [...word].length,
          common: common.has(word),
        };
      }),
    ),
  );
}

/**
 * What a statement's text depends on besides the filters: per word, whether it is shorter than
 * a trigram, exactly a trigram, or long enough to forgive a typo in (the only lengths the
 * conditions below tell apart), in capitals when the word is common.
 */
export function shapeKey(shape: QueryShape): string {
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
export interface SearchParams {
  normalized: string;
  limit: number;
  offset: number;
  category?: string;
}

/** A search statement's parameter, by a name runSearch gives a value for. */
export function searchParam<Name extends keyof SearchParams>(
  name: Name,
): Placeholder<Name, NonNullable<SearchParams[Name]>> {
  return new Placeholder(name);
}

/** The values for the placeholders of queryShape(): every word and its pattern. */
export function searchValues(terms: SearchTerms): Record<string, string> {
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
export function searchCondition(terms: QueryShape, fuzzy: boolean): SQL {
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
export function relevance(terms: QueryShape): SQL {
  // word_similarity() is at most 1, so it ranks below both whole-word groups.
  return sql`case when ${allTerms(terms, (word) => contains(products.name_search, word))} then 3
                  when ${allTerms(terms, (word) => contains(products.search_text, word))} then 2
                  else word_similarity(${searchParam('normalized')}, ${products.name_search}) end`;
}

export function relevanceOrder(terms: QueryShape): SQL[] {
  return [sql`${relevance(terms)} desc`];
}
