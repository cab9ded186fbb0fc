import {
  forgivesTypoIn,
  forgivesTypos,
  TRIGRAM_MIN_LETTERS,
  type SearchTerm,
  type SearchTerms,
} from './search-terms.js';
import {
  TrigramIds,
  WORD_SIMILARITY_THRESHOLD,
  WordSimilarityMeter,
  type TrigramPattern,
} from './word-similarity.js';

/**
 * The storefront's search over the published catalogue, answered in the server process
 * (docs/decisions/034). It finds, counts and orders exactly the products the search statements
 * of service.ts find (docs/decisions/027, 031, 032): every term of the query found in a
 * product's document (its text in both languages and its category's) as a substring of one of
 * its words, or, when fewer than a page match that way and a word has four letters or more, close
 * to a word of its name (pg_trgm's word similarity, word-similarity.ts); ranked with every term
 * in the name first, then every term in the text, then by the query's similarity to the name,
 * newest first within a rank.
 *
 * Products are numbered in list order (newest first, then the highest id), so a set of products
 * is a bitset and its members come out in that order; the list without a search (list()) is a
 * page of such a set. A query word becomes the vocabulary words
 * that contain it (found through their trigrams, or their one- and two-letter pieces, as the
 * database's vocabulary finds them) and those words' products.
 */

/** A published product as the index needs it, given in list order. */
export interface SearchIndexProduct {
  id: number;
  category_id: number | null;
  featured: boolean;
  /** products.name_search: the normalised names in both languages. */
  name_search: string;
  /** products.search_text: the normalised names, summaries and descriptions in both languages. */
  search_text: string;
  /** products.category_text: the normalised text of the product's category. */
  category_text: string | null;
}

export interface SearchIndexCategory {
  id: number;
  slug: string;
  parent_id: number | null;
  is_active: boolean;
}

export interface SearchIndexFilter {
  featured?: boolean;
  /** A category's slug: its products and those of its active subcategories. */
  category?: string;
  page: number;
  limit: number;
}

export interface SearchIndexPage {
  /** The page's product ids, in order. */
  ids: number[];
  total: number;
}

/** A set of products by their number in list order. */
class ProductSet {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static all(size: number): ProductSet {
    const set = new ProductSet(size);
    set.words.fill(0xffffffff);
    const spare = set.words.length * 32 - size;
    if (spare > 0) set.words[set.words.length - 1] = 0xffffffff >>> spare;
    return set;
  }

  add(position: number): void {
    this.words[position >>> 5]! |= 1 << (position & 31);
  }

  has(position: number): boolean {
    return (this.words[position >>> 5]! & (1 << (position & 31))) !== 0;
  }

  addAll(positions: Int32Array): void {
    for (const position of positions) this.words[position >>> 5]! |= 1 << (position & 31);
  }

  copy(): ProductSet {
    return new ProductSet(this.size, this.words.slice());
  }

  /** Keeps only the members the other set has too. */
  keep(other: ProductSet): this {
    const { words } = this;
    const others = other.words;
    for (let i = 0; i < words.length; i += 1) words[i]! &= others[i]!;
    return this;
  }

  /** Adds the other set's members to this one. */
  include(other: ProductSet): this {
    const { words } = this;
    const others = other.words;
    for (let i = 0; i < words.length; i += 1) words[i]! |= others[i]!;
    return this;
  }

  /** Drops the other set's members from this one. */
  exclude(other: ProductSet): this {
    const { words } = this;
    const others = other.words;
    for (let i = 0; i < words.length; i += 1) words[i]! &= ~others[i]!;
    return this;
  }

  /** Whether every member of the other set (every product, when undefined) is in this one. */
  covers(other: ProductSet | undefined): boolean {
    const { words } = this;
    if (other) {
      const others = other.words;
      for (let i = 0; i < words.length; i += 1) if ((others[i]! & ~words[i]!) !== 0) return false;
      return true;
    }
    const last = words.length - 1;
    for (let i = 0; i < last; i += 1) if (words[i] !== 0xffffffff) return false;
    return last < 0 || words[last] === 0xffffffff >>> (words.length * 32 - this.size);
  }

  count(): number {
    const { words } = this;
    let total = 0;
    for (let i = 0; i < words.length; i += 1) {
      let word = words[i]!;
      word -= (word >>> 1) & 0x55555555;
      word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
      // Math.imul keeps the product in 32 bits; `*` would make it a double, four times slower.
      total += Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return total;
  }

  /** The members, in order. */
  members(): number[] {
    const { words } = this;
    const out: number[] = [];
    for (let i = 0; i < words.length; i += 1) {
      let word = words[i]!;
      while (word !== 0) {
        out.push(i * 32 + 31 - Math.clz32(word & -word));
        word &= word - 1;
      }
    }
    return out;
  }

  /** The members from the `skip`-th on, at most `take` of them, in order. */
  slice(skip: number, take: number): number[] {
    const out: number[] = [];
    let seen = 0;
    for (let i = 0; i < this.words.length && out.length < take; i += 1) {
      let word = this.words[i]!;
      while (word !== 0 && out.length < take) {
        const bit = 31 - Math.clz32(word & -word);
        word &= word - 1;
        if (seen >= skip) out.push(i * 32 + bit);
        seen += 1;
      }
    }
    return out;
  }
}

const EMPTY = new Int32Array(0);

/** Whether a sorted list holds the value. */
function sortedHas(list: Int32Array, value: number): boolean {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = list[middle]!;
    if (at === value) return true;
    if (at < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

function sortedUnique(positions: number[]): number[] {
  positions.sort((a, b) => a - b);
  let kept = 0;
  for (let i = 0; i < positions.length; i += 1) {
    if (i === 0 || positions[i] !== positions[i - 1]) positions[kept++] = positions[i]!;
  }
  positions.length = kept;
  return positions;
}

/**
 * A word's products as the index keeps them, not yet united: the sets of its vocabulary words (or
 * trigrams) in many products, and the sorted lists of the others. A search led by a rare word
 * tests that word's few products against the other words' members one by one; any other search
 * unites them into one set.
 */
class Members {
  private united: ProductSet | undefined;

  constructor(
    private readonly catalogueSize: number,
    readonly sets: readonly ProductSet[],
    readonly lists: readonly Int32Array[],
    /** How many products there are at most: the parts' sizes added up. */
    readonly estimate: number,
  ) {}

  has(position: number): boolean {
    for (const set of this.sets) if (set.has(position)) return true;
    for (const list of this.lists) if (sortedHas(list, position)) return true;
    return false;
  }

  /** The products, in order. */
  positions(): number[] {
    if (this.sets.length === 0 && this.lists.length === 1) return Array.from(this.lists[0]!);
    return this.set().members();
  }

  /** The products as one set, kept for the search; read only (it may be a set of the index). */
  set(): ProductSet {
    if (!this.united) {
      if (this.sets.length === 1 && this.lists.length === 0) {
        this.united = this.sets[0]!;
      } else {
        this.united = new ProductSet(this.catalogueSize);
        for (const set of this.sets) this.united.include(set);
        for (const list of this.lists) this.united.addAll(list);
      }
    }
    return this.united;
  }

  union(other: Members): Members {
    return new Members(
      this.catalogueSize,
      [...this.sets, ...other.sets],
      [...this.lists, ...other.lists],
      this.estimate + other.estimate,
    );
  }
}

/** Whether a product has a word, one way or another (a search pass's test of one word). */
interface ProductTest {
  has(position: number): boolean;
}

/** A term as the tests of its alternatives' words. */
type TermTests = readonly (readonly ProductTest[])[];

function tests(term: SearchTerm, test: (word: string) => ProductTest): TermTests {
  return term.alternatives.map((words) => words.map(test));
}

/** Whether every one of the words' products has the product. */
function hasAll(words: readonly ProductTest[], position: number): boolean {
  for (const word of words) if (!word.has(position)) return false;
  return true;
}

/** Whether every term is found in the product: all the words of one of its alternatives. */
function hasEveryTerm(terms: readonly TermTests[], position: number): boolean {
  for (const alternatives of terms) {
    // A loop, not some(): this runs for every product a search tests, without a function each.
    let found = false;
    for (const words of alternatives) {
      if (hasAll(words, position)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/** A word found as typed, or close to a word of the name (`word <% name_search`). */
class CloseName implements ProductTest {
  constructor(
    private readonly asTyped: Members,
    private readonly candidates: Members,
    private readonly pattern: TrigramPattern,
    private readonly names: PackedLists,
    private readonly meter: WordSimilarityMeter,
  ) {}

  has(position: number): boolean {
    if (this.asTyped.has(position)) return true;
    return (
      this.candidates.has(position) &&
      nameSimilarity(this.meter, this.pattern, this.names, position, WORD_SIMILARITY_THRESHOLD) >=
        WORD_SIMILARITY_THRESHOLD
    );
  }
}

/**
 * A pass is led by its rarest term, product by product, when that term is in at most this share
 * of the catalogue (1/16); otherwise it unites and intersects whole sets. Both ways find the same.
 */
const RARE_SHARE = 16;

export interface SearchIndexOptions {
  /** Whether passes are led by their rarest term as RARE_SHARE says, always or never (tests). */
  leadByRarest?: 'when rare' | 'always' | 'never';
}

/** A word's postings are also kept as a set when it is in at least 1/DENSE_SHARE of the products. */
const DENSE_SHARE = 16;

/**
 * A query word in this many vocabulary words or more has its products kept with the index, at
 * most WIDE_WORDS_KEPT of them (a set is a bit per product: 12 kB for 100,000 products).
 */
const WIDE_WORD = 64;
const WIDE_WORDS_KEPT = 1024;

/** Where a word is looked for in a product: its document, its text, or its name. */
type Field = 'document' | 'text' | 'name';

/**
 * Many lists of integers in one array, with where each begins: a list per vocabulary word, per
 * trigram or per product. Hundreds of thousands of small arrays would cost as much again in
 * object headers, and the garbage collector would walk every one of them at each full collection.
 */
class PackedLists {
  private constructor(
    private readonly starts: Int32Array,
    /** Every list, one after the other (read only). */
    readonly values: Int32Array,
  ) {}

  static pack(lists: ArrayLike<ArrayLike<number> | undefined>): PackedLists {
    const starts = new Int32Array(lists.length + 1);
    for (let i = 0; i < lists.length; i += 1) starts[i + 1] = starts[i]! + (lists[i]?.length ?? 0);
    const values = new Int32Array(starts[lists.length]!);
    for (let i = 0; i < lists.length; i += 1) {
      const list = lists[i];
      if (list) values.set(list, starts[i]!);
    }
    return new PackedLists(starts, values);
  }

  /** How many lists there are. */
  get count(): number {
    return this.starts.length - 1;
  }

  lengthOf(index: number): number {
    return index >= 0 && index < this.count ? this.starts[index + 1]! - this.starts[index]! : 0;
  }

  /** Where list `index` begins in `values`, and where it ends (not included): 0 and 0 without one. */
  startOf(index: number): number {
    return index >= 0 && index < this.count ? this.starts[index]! : 0;
  }

  endOf(index: number): number {
    return index >= 0 && index < this.count ? this.starts[index + 1]! : 0;
  }

  /** A list (a view into the packed array: read only); empty for an index without one. */
  get(index: number): Int32Array {
    return this.values.subarray(this.startOf(index), this.endOf(index));
  }
}

/** The word similarity of a pattern to the name at `position` of the names' trigrams. */
function nameSimilarity(
  meter: WordSimilarityMeter,
  pattern: TrigramPattern,
  names: PackedLists,
  position: number,
  enough?: number,
): number {
  return meter.measureIn(
    pattern,
    names.values,
    names.startOf(position),
    names.endOf(position),
    enough,
  );
}

/** Positions per vocabulary word, collected in list order (so each list is sorted). */
class Postings {
  private readonly lists: number[][] = [];

  add(word: number, position: number): void {
    (this.lists[word] ??= []).push(position);
  }

  packed(): PackedLists {
    return PackedLists.pack(this.lists);
  }
}

function distinctWords(text: string | null): string[] {
  if (!text) return [];
  return [...new Set(text.split(' '))].filter((word) => word !== '');
}

/** The pieces a vocabulary word is found by: its trigrams, or its one- and two-letter pieces. */
function piecesOf(word: readonly string[], size: number): Set<string> {
  const pieces = new Set<string>();
  for (let i = 0; i + size <= word.length; i += 1) pieces.add(word.slice(i, i + size).join(''));
  return pieces;
}

/** What a SearchIndex is made of, built by SearchIndex.build. */
interface IndexParts {
  productIds: Int32Array;
  categoryOf: Int32Array;
  featured: ProductSet;
  vocabulary: string[];
  postings: Record<Field, PackedLists>;
  denseSets: Record<Field, Map<number, ProductSet>>;
  wordsByPiece: Map<string, Int32Array>;
  trigramIds: TrigramIds;
  nameTrigrams: PackedLists;
  productsByNameTrigram: PackedLists;
  denseNameTrigrams: Map<number, ProductSet>;
  categories: readonly SearchIndexCategory[];
  leadByRarest: NonNullable<SearchIndexOptions['leadByRarest']>;
}

/** What one search has worked out, by word: its products, and its vocabulary words. */
interface SearchMemo {
  members: Map<string, Members>;
  vocabulary: Map<string, number[]>;
}

/** How many products or words are indexed between two turns of the event loop. */
const BUILD_SLICE = 500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SearchIndex {
  private readonly productIds: Int32Array;
  private readonly categoryOf: Int32Array;
  private readonly featured: ProductSet;
  private readonly vocabulary: string[];
  private readonly postings: Record<Field, PackedLists>;
  /** The same postings as sets, for words in many products (a union of sets is word-wise). */
  private readonly denseSets: Record<Field, Map<number, ProductSet>>;
  /** Vocabulary words by each trigram (three letters, no padding) and each shorter piece. */
  private readonly wordsByPiece: Map<string, Int32Array>;
  private readonly trigramIds: TrigramIds;
  /** Each product's name as pg_trgm's trigrams in order, by trigram id. */
  private readonly nameTrigrams: PackedLists;
  /** Products by the distinct trigrams of their name. */
  private readonly productsByNameTrigram: PackedLists;
  /** The same, as sets, for trigrams in many names. */
  private readonly denseNameTrigrams: Map<number, ProductSet>;
  private readonly categories: readonly SearchIndexCategory[];
  private readonly similarity: WordSimilarityMeter;
  private readonly leadByRarest: IndexParts['leadByRarest'];
  /** containing()'s products for query words in WIDE_WORD vocabulary words or more, by field and word. */
  private readonly wideWords = new Map<string, Members>();
  /** inCategory()'s products, by the slug of an active category. */
  private readonly categorySets = new Map<string, ProductSet>();

  private constructor(
    /** The catalogue's version the products were read at (search_index_version). */
    readonly version: string,
    parts: IndexParts,
  ) {
    this.productIds = parts.productIds;
    this.categoryOf = parts.categoryOf;
    this.featured = parts.featured;
    this.vocabulary = parts.vocabulary;
    this.postings = parts.postings;
    this.denseSets = parts.denseSets;
    this.wordsByPiece = parts.wordsByPiece;
    this.trigramIds = parts.trigramIds;
    this.nameTrigrams = parts.nameTrigrams;
    this.productsByNameTrigram = parts.productsByNameTrigram;
    this.denseNameTrigrams = parts.denseNameTrigrams;
    this.categories = parts.categories;
    this.leadByRarest = parts.leadByRarest;
    this.similarity = new WordSimilarityMeter(this.trigramIds.size);
  }

  /**
   * Indexes the published products (in list order) and the category tree. A large catalogue
   * takes seconds: the work is sliced so that the process keeps answering requests meanwhile.
   */
  static async build(
    version: string,
    products: readonly SearchIndexProduct[],
    categories: readonly SearchIndexCategory[],
    options: SearchIndexOptions = {},
  ): Promise<SearchIndex> {
    const size = products.length;
    const featured = new ProductSet(size);
    const vocabulary: string[] = [];
    const wordIds = new Map<string, number>();
    const wordId = (word: string) => {
      let id = wordIds.get(word);
      if (id === undefined) {
        id = vocabulary.length;
        wordIds.set(word, id);
        vocabulary.push(word);
      }
      return id;
    };
    const document = new Postings();
    const text = new Postings();
    const name = new Postings();
    const byNameTrigram = new Postings();
    const trigramIds = new TrigramIds();
    const nameTrigramLists: Int32Array[] = [];
    for (let position = 0; position < size; position += 1) {
      if (position % BUILD_SLICE === BUILD_SLICE - 1) await nextTurn();
      const product = products[position]!;
      if (product.featured) featured.add(position);
      const textWords = distinctWords(product.search_text);
      const documentWords = new Set([...textWords, ...distinctWords(product.category_text)]);
      for (const word of documentWords) document.add(wordId(word), position);
      for (const word of textWords) text.add(wordId(word), position);
      for (const word of distinctWords(product.name_search)) name.add(wordId(word), position);
      const trigrams = trigramIds.encode(product.name_search);
      nameTrigramLists.push(trigrams);
      for (const trigram of new Set(trigrams)) byNameTrigram.add(trigram, position);
    }
    const postings = { document: document.packed(), text: text.packed(), name: name.packed() };
    const dense = (lists: PackedLists) => {
      const sets = new Map<number, ProductSet>();
      for (let word = 0; word < lists.count; word += 1) {
        if (lists.lengthOf(word) * DENSE_SHARE < size) continue;
        const set = new ProductSet(size);
        set.addAll(lists.get(word));
        sets.set(word, set);
      }
      return sets;
    };
    const piecesTo = new Map<string, number[]>();
    for (let id = 0; id < vocabulary.length; id += 1) {
      if (id % BUILD_SLICE === BUILD_SLICE - 1) await nextTurn();
      const letters = [...vocabulary[id]!];
      for (const size of [1, 2, 3]) {
        for (const piece of piecesOf(letters, size)) {
          let list = piecesTo.get(piece);
          if (!list) piecesTo.set(piece, (list = []));
          list.push(id);
        }
      }
    }
    const wordsByPiece = new Map<string, Int32Array>();
    for (const [piece, ids] of piecesTo) wordsByPiece.set(piece, Int32Array.from(ids));
    const productsByNameTrigram = byNameTrigram.packed();
    return new SearchIndex(version, {
      productIds: Int32Array.from(products, (product) => product.id),
      categoryOf: Int32Array.from(products, (product) => product.category_id ?? -1),
      featured,
      vocabulary,
      postings,
      denseSets: {
        document: dense(postings.document),
        text: dense(postings.text),
        name: dense(postings.name),
      },
      wordsByPiece,
      trigramIds,
      nameTrigrams: PackedLists.pack(nameTrigramLists),
      productsByNameTrigram,
      denseNameTrigrams: dense(productsByNameTrigram),
      categories,
      leadByRarest: options.leadByRarest ?? 'when rare',
    });
  }

  get size(): number {
    return this.productIds.length;
  }

  /** The vocabulary words a query word is in (the search_vocabulary lookup of service.ts). */
  private wordsContaining(word: string, memo: SearchMemo): number[] {
    let words = memo.vocabulary.get(word);
    if (!words) memo.vocabulary.set(word, (words = this.vocabularyWordsContaining(word)));
    return words;
  }

  private vocabularyWordsContaining(word: string): number[] {
    const letters = [...word];
    const pieces = letters.length < TRIGRAM_MIN_LETTERS ? [word] : [...piecesOf(letters, 3)];
    let fewest: Int32Array | undefined;
    for (const piece of pieces) {
      const list = this.wordsByPiece.get(piece);
      if (!list) return [];
      if (!fewest || list.length < fewest.length) fewest = list;
    }
    const words: number[] = [];
    for (const id of fewest ?? EMPTY) if (this.vocabulary[id]!.includes(word)) words.push(id);
    return words;
  }

  /**
   * The products with a word of `field` containing the query word. A short word ("45", "4") is in
   * thousands of vocabulary words: its set is kept with the index (it changes only with it), so
   * that a search does not unite thousands of lists each time.
   */
  private containing(word: string, field: Field, memo: SearchMemo): Members {
    const key = `${field} ${word}`;
    let members = memo.members.get(key) ?? this.wideWords.get(key);
    if (!members) {
      const words = this.wordsContaining(word, memo);
      const sets: ProductSet[] = [];
      const lists: Int32Array[] = [];
      let estimate = 0;
      for (const id of words) {
        const list = this.postings[field].get(id);
        estimate += list.length;
        const denseSet = this.denseSets[field].get(id);
        if (denseSet) sets.push(denseSet);
        else if (list.length > 0) lists.push(list);
      }
      members = new Members(this.size, sets, lists, estimate);
      if (words.length >= WIDE_WORD && this.wideWords.size < WIDE_WORDS_KEPT) {
        const set = members.set();
        members = new Members(this.size, [set], [], set.count());
        this.wideWords.set(key, members);
      }
      memo.members.set(key, members);
    }
    return members;
  }

  /**
   * The products of `within` (every product when undefined) in which every term is found: any of
   * its alternatives with all their words (service.ts allTerms). A new set, the caller's to change;
   * `wordSet` may give sets kept elsewhere, which are only read.
   */
  private allTerms(
    terms: SearchTerms,
    wordSet: (word: string) => ProductSet,
    within?: ProductSet,
  ): ProductSet {
    let result = within?.copy();
    for (const term of terms.terms) {
      const termSet = this.anyAlternative(term.alternatives, wordSet);
      result = result ? result.keep(termSet) : termSet.copy();
    }
    return result ?? ProductSet.all(this.size);
  }

  /** The products with any of the alternatives: a set that may be kept elsewhere (read only). */
  private anyAlternative(
    alternatives: readonly (readonly string[])[],
    wordSet: (word: string) => ProductSet,
  ): ProductSet {
    if (alternatives.length === 1) return this.allWords(alternatives[0]!, wordSet);
    const set = new ProductSet(this.size);
    for (const words of alternatives) set.include(this.allWords(words, wordSet));
    return set;
  }

  /** The products with all the words: a set that may be kept elsewhere (read only). */
  private allWords(words: readonly string[], wordSet: (word: string) => ProductSet): ProductSet {
    if (words.length === 1) return wordSet(words[0]!);
    const set = new ProductSet(this.size);
    words.forEach((word, i) => (i === 0 ? set.include(wordSet(word)) : set.keep(wordSet(word))));
    return set;
  }

  /** The products the filter allows, or undefined when it allows them all (read only). */
  private filtered(filter: SearchIndexFilter): ProductSet | undefined {
    if (filter.category === undefined) return filter.featured ? this.featured : undefined;
    const inBranch = this.inCategory(filter.category);
    return filter.featured ? inBranch.copy().keep(this.featured) : inBranch;
  }

  /** The products of a category's branch (read only), kept by slug: the tree is this index's. */
  private inCategory(slug: string): ProductSet {
    const kept = this.categorySets.get(slug);
    if (kept) return kept;
    const branch = this.categoryBranch(slug);
    const inBranch = new ProductSet(this.size);
    this.categoryOf.forEach((category, position) => {
      if (branch.has(category)) inBranch.add(position);
    });
    // Slugs that name no category are not kept: anyone may ask for any number of them.
    if (branch.size > 0) this.categorySets.set(slug, inBranch);
    return inBranch;
  }

  /** The active category with this slug and its active descendants (service.ts categoryBranch). */
  private categoryBranch(slug: string): Set<number> {
    const branch = new Set<number>();
    const root = this.categories.find((category) => category.slug === slug && category.is_active);
    if (!root) return branch;
    const pending = [root.id];
    while (pending.length > 0) {
      const id = pending.pop()!;
      if (branch.has(id)) continue;
      branch.add(id);
      for (const child of this.categories) {
        if (child.parent_id === id && child.is_active) pending.push(child.id);
      }
    }
    return branch;
  }

  /**
   * Products whose name may be close to the word: a name's similarity is at most the share of the
   * word's trigrams it has, so a name without enough of them cannot reach the threshold. A superset
   * (names are compared in similarNames).
   */
  private nameCandidates(word: string, memo: SearchMemo): Members {
    const key = `candidates ${word}`;
    let candidates = memo.members.get(key);
    if (candidates) return candidates;
    const sets: ProductSet[] = [];
    const lists: Int32Array[] = [];
    let estimate = 0;
    const { known, unique } = this.trigramIds.patternOf(word);
    // A name with `needed` of the word's trigrams has at least one of any `unique - needed + 1` of
    // them: the rarest (trigrams in no name first, with no products) give the fewest candidates.
    const needed = Math.max(1, Math.ceil(WORD_SIMILARITY_THRESHOLD * unique - 1e-6));
    const chosen = unique - needed + 1 - (unique - known.size);
    if (unique > 0 && chosen > 0) {
      const rarest = [...known].sort(
        (a, b) => this.productsByNameTrigram.lengthOf(a) - this.productsByNameTrigram.lengthOf(b),
      );
      for (const trigram of rarest.slice(0, chosen)) {
        const list = this.productsByNameTrigram.get(trigram);
        estimate += list.length;
        const denseSet = this.denseNameTrigrams.get(trigram);
        if (denseSet) sets.push(denseSet);
        else if (list.length > 0) lists.push(list);
      }
    }
    candidates = new Members(this.size, sets, lists, estimate);
    memo.members.set(key, candidates);
    return candidates;
  }

  /**
   * The products among `within` whose name is close to the word (`word <% name_search`): a new
   * set. `within` is the caller's own, and is changed.
   */
  private similarNames(word: string, within: ProductSet, memo: SearchMemo): ProductSet {
    const similar = new ProductSet(this.size);
    const pattern = this.trigramIds.patternOf(word);
    for (const position of within.keep(this.nameCandidates(word, memo).set()).members()) {
      if (
        nameSimilarity(
          this.similarity,
          pattern,
          this.nameTrigrams,
          position,
          WORD_SIMILARITY_THRESHOLD,
        ) >= WORD_SIMILARITY_THRESHOLD
      )
        similar.add(position);
    }
    return similar;
  }

  /** The products a pass finds: the words as typed, or forgiving typos in long words. */
  private matching(
    terms: SearchTerms,
    filter: ProductSet | undefined,
    fuzzy: boolean,
    memo: SearchMemo,
  ): ProductSet {
    const asTyped = (word: string) => this.containing(word, 'document', memo).set();
    if (!fuzzy) return this.allTerms(terms, asTyped, filter);
    // Names are compared only for products every other term may still be found in: first the
    // products each term could match at all (as typed, or through a name with enough trigrams).
    // A word found as typed in every product still in question ("beads") has nothing to forgive:
    // only the part of a set inside the products in question (`within`) counts.
    const forgiven = (word: string, within: ProductSet | undefined) =>
      forgivesTypoIn(word) && !asTyped(word).covers(within);
    const candidates = this.allTerms(
      terms,
      (word) =>
        forgiven(word, filter)
          ? asTyped(word).copy().include(this.nameCandidates(word, memo).set())
          : asTyped(word),
      filter,
    );
    return this.allTerms(
      terms,
      (word) =>
        forgiven(word, candidates)
          ? this.similarNames(word, candidates.copy().exclude(asTyped(word)), memo).include(
              asTyped(word),
            )
          : asTyped(word),
      candidates,
    );
  }

  /** How many products a term has at most, with its words' products as `of` gives them. */
  private static estimateOf(term: SearchTerm, of: (word: string) => Members): number {
    let total = 0;
    for (const words of term.alternatives)
      total += Math.min(...words.map((word) => of(word).estimate));
    return total;
  }

  /**
   * A term's products in order: each alternative's rarest word's, with its other words. A new
   * array, the caller's. (The lead may have thousands of products: no function or array is made
   * per product, and a term of one word is its word's products as they are.)
   */
  private static positionsOf(term: SearchTerm, of: (word: string) => Members): number[] {
    const [only] = term.alternatives;
    if (term.alternatives.length === 1 && only!.length === 1) return of(only![0]!).positions();
    const positions: number[] = [];
    for (const words of term.alternatives) {
      const lead = words.reduce((rarest, word) =>
        of(word).estimate < of(rarest).estimate ? word : rarest,
      );
      const others = words.filter((word) => word !== lead).map(of);
      for (const position of of(lead).positions()) {
        if (hasAll(others, position)) positions.push(position);
      }
    }
    return term.alternatives.length > 1 ? sortedUnique(positions) : positions;
  }

  /**
   * What matching() finds, worked out from the products of the pass's rarest term, each tested
   * for the other terms (in order); undefined when every term is in too many products for that
   * (matching() unites and intersects sets then).
   */
  private matchingFromRarest(
    terms: SearchTerms,
    filter: ProductSet | undefined,
    fuzzy: boolean,
    memo: SearchMemo,
  ): number[] | undefined {
    const asTyped = (word: string) => this.containing(word, 'document', memo);
    const forgiven = (word: string) => fuzzy && forgivesTypoIn(word);
    // What a word may match in this pass: as typed, or a name with enough of its trigrams.
    const reach = new Map<string, Members>();
    const reachable = (word: string) => {
      let members = reach.get(word);
      if (!members) {
        members = forgiven(word)
          ? asTyped(word).union(this.nameCandidates(word, memo))
          : asTyped(word);
        reach.set(word, members);
      }
      return members;
    };
    let lead: SearchTerm | undefined;
    let fewest = Infinity;
    for (const term of terms.terms) {
      const estimate = SearchIndex.estimateOf(term, reachable);
      if (estimate < fewest) [lead, fewest] = [term, estimate];
    }
    if (!lead || this.leadByRarest === 'never') return undefined;
    if (this.leadByRarest === 'when rare' && fewest * RARE_SHARE > this.size) return undefined;
    const others = terms.terms
      .filter((term) => term !== lead)
      .map((term) => tests(term, reachable));
    const candidates = SearchIndex.positionsOf(lead, reachable).filter(
      (position) => (filter?.has(position) ?? true) && hasEveryTerm(others, position),
    );
    if (!fuzzy) return candidates;
    const close = terms.terms.map((term) =>
      tests(term, (word) =>
        forgiven(word)
          ? new CloseName(
              asTyped(word),
              this.nameCandidates(word, memo),
              this.trigramIds.patternOf(word),
              this.nameTrigrams,
              this.similarity,
            )
          : asTyped(word),
      ),
    );
    return candidates.filter((position) => hasEveryTerm(close, position));
  }

  /** A pass's products: a list in order when led by a rare term, a set otherwise. */
  private find(
    terms: SearchTerms,
    filter: ProductSet | undefined,
    fuzzy: boolean,
    memo: SearchMemo,
  ): number[] | ProductSet {
    return (
      this.matchingFromRarest(terms, filter, fuzzy, memo) ??
      this.matching(terms, filter, fuzzy, memo)
    );
  }

  /**
   * One page of the list without a search, newest first (the products' order here, the list
   * statement's order in service.ts), and how many there are.
   */
  list(filter: SearchIndexFilter): SearchIndexPage {
    const allowed = this.filtered(filter);
    const offset = (filter.page - 1) * filter.limit;
    if (!allowed) {
      const ids = this.productIds.subarray(offset, offset + filter.limit);
      return { ids: Array.from(ids), total: this.size };
    }
    const positions = allowed.slice(offset, filter.limit);
    return { ids: positions.map((position) => this.productIds[position]!), total: allowed.count() };
  }

  /** One page of the search's results in relevance order and how many there are. */
  search(terms: SearchTerms, filter: SearchIndexFilter): SearchIndexPage {
    const memo: SearchMemo = { members: new Map(), vocabulary: new Map() };
    const allowed = this.filtered(filter);
    const sizeOf = (found: number[] | ProductSet) =>
      Array.isArray(found) ? found.length : found.count();
    let found = this.find(terms, allowed, false, memo);
    if (forgivesTypos(terms) && sizeOf(found) < filter.limit)
      found = this.find(terms, allowed, true, memo);
    const total = sizeOf(found);
    const offset = (filter.page - 1) * filter.limit;
    // (pageOfSet takes the set apart.)
    const positions = Array.isArray(found)
      ? this.pageOfList(found, terms, offset, filter.limit, memo)
      : this.pageOfSet(found, terms, offset, filter.limit, memo);
    return { ids: positions.map((position) => this.productIds[position]!), total };
  }

  /**
   * A page of the products found, ranked: every term in the name first, then every term in the
   * text, then by the query's similarity to the name; in list order within a rank.
   */
  private pageOfList(
    found: readonly number[],
    terms: SearchTerms,
    offset: number,
    limit: number,
    memo: SearchMemo,
  ): number[] {
    const inName = terms.terms.map((term) =>
      tests(term, (word) => this.containing(word, 'name', memo)),
    );
    const inText = terms.terms.map((term) =>
      tests(term, (word) => this.containing(word, 'text', memo)),
    );
    const ranked: number[] = [];
    const second: number[] = [];
    const rest: number[] = [];
    for (const position of found) {
      if (hasEveryTerm(inName, position)) ranked.push(position);
      else if (hasEveryTerm(inText, position)) second.push(position);
      else rest.push(position);
    }
    ranked.push(...second);
    if (ranked.length < offset + limit) ranked.push(...this.bySimilarity(rest, terms.normalized));
    return ranked.slice(offset, offset + limit);
  }

  /** pageOfList for a set of products. */
  private pageOfSet(
    found: ProductSet,
    terms: SearchTerms,
    offset: number,
    limit: number,
    memo: SearchMemo,
  ): number[] {
    const inName = this.allTerms(terms, (word) => this.containing(word, 'name', memo).set(), found);
    // The second rank is needed only when the first does not reach past the page.
    const inText =
      inName.count() >= offset + limit
        ? new ProductSet(this.size)
        : this.allTerms(
            terms,
            (word) => this.containing(word, 'text', memo).set(),
            found.copy().exclude(inName),
          );
    const positions: number[] = [];
    let skip = offset;
    for (const rank of [inName, inText]) {
      const size = rank.count();
      if (skip >= size) {
        skip -= size;
        continue;
      }
      positions.push(...rank.slice(skip, limit - positions.length));
      skip = 0;
      if (positions.length === limit) break;
    }
    if (positions.length < limit) {
      const rest = this.bySimilarity(
        found.exclude(inName).exclude(inText).members(),
        terms.normalized,
      );
      positions.push(...rest.slice(skip, skip + limit - positions.length));
    }
    return positions;
  }

  /** Products by their name's similarity to the query, the most similar first, else in order. */
  private bySimilarity(positions: readonly number[], query: string): number[] {
    const pattern = this.trigramIds.patternOf(query);
    return positions
      .map((position) => ({
        position,
        similarity: nameSimilarity(this.similarity, pattern, this.nameTrigrams, position),
      }))
      .sort((a, b) => b.similarity - a.similarity || a.position - b.position)
      .map(({ position }) => position);
  }
}
