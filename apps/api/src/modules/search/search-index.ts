import {
  forgivesTypoIn,
  forgivesTypos,
  TRIGRAM_MIN_LETTERS,
  type SearchTerm,
  type SearchTerms,
} from './search-terms.js';
import { WORD_SIMILARITY_THRESHOLD, WordSimilarityMeter, type TrigramIds } from './word-similarity.js';
import {
  CloseName,
  EMPTY,
  hasAll,
  hasEveryTerm,
  Members,
  nameSimilarity,
  type PackedLists,
  ProductSet,
  sortedUnique,
  tests,
} from './product-sets.js';
import {
  buildIndexParts,
  piecesOf,
  type Field,
  type IndexParts,
  type SearchIndexCategory,
  type SearchIndexOptions,
  type SearchIndexProduct,
} from './search-index-build.js';

/**
 * The storefront's search over the published catalogue, answered in the server process
 * (docs/decisions/034). It finds, counts and orders exactly the products the search statements
 * of search-statements.ts find (docs/decisions/027, 031, 032): every term of the query found in a
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

/**
 * A pass is led by its rarest term, product by product, when that term is in at most this share
 * of the catalogue (1/16); otherwise it unites and intersects whole sets. Both ways find the same.
 */
const RARE_SHARE = 16;

/**
 * A query word in this many vocabulary words or more has its products kept with the index, at
 * most WIDE_WORDS_KEPT of them (a set is a bit per product: 12 kB for 100,000 products).
 */
const WIDE_WORD = 64;
const WIDE_WORDS_KEPT = 1024;

/** What one search has worked out, by word: its products, and its vocabulary words. */
interface SearchMemo {
  members: Map<string, Members>;
  vocabulary: Map<string, number[]>;
}

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
    return new SearchIndex(version, await buildIndexParts(products, categories, options));
  }

  get size(): number {
    return this.productIds.length;
  }

  /** The vocabulary words a query word is in (the search_vocabulary lookup of search-sql.ts). */
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
   * its alternatives with all their words (search-sql.ts allTerms). A new set, the caller's to change;
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

  /** The active category with this slug and its active descendants (the catalog's categoryBranch). */
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
   * statement's order in the catalog's service.ts), and how many there are.
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
