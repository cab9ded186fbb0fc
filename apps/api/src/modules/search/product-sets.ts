import type { SearchTerm } from './search-terms.js';
import {
  WORD_SIMILARITY_THRESHOLD,
  type TrigramPattern,
  type WordSimilarityMeter,
} from './word-similarity.js';

// The sets and lists the search index is made of (search-index.ts, docs/decisions/034): products
// by their number in list order, as bitsets or sorted lists, many lists packed in one array, and
// the tests of one product for a word (found as typed, or close to a word of its name).

/** A set of products by their number in list order. */
export class ProductSet {
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

export const EMPTY = new Int32Array(0);

/** Whether a sorted list holds the value. */
export function sortedHas(list: Int32Array, value: number): boolean {
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

export function sortedUnique(positions: number[]): number[] {
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
export class Members {
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
export interface ProductTest {
  has(position: number): boolean;
}

/** A term as the tests of its alternatives' words. */
export type TermTests = readonly (readonly ProductTest[])[];

export function tests(term: SearchTerm, test: (word: string) => ProductTest): TermTests {
  return term.alternatives.map((words) => words.map(test));
}

/** Whether every one of the words' products has the product. */
export function hasAll(words: readonly ProductTest[], position: number): boolean {
  for (const word of words) if (!word.has(position)) return false;
  return true;
}

/** Whether every term is found in the product: all the words of one of its alternatives. */
export function hasEveryTerm(terms: readonly TermTests[], position: number): boolean {
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

/**
 * Many lists of integers in one array, with where each begins: a list per vocabulary word, per
 * trigram or per product. Hundreds of thousands of small arrays would cost as much again in
 * object headers, and the garbage collector would walk every one of them at each full collection.
 */
export class PackedLists {
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
export function nameSimilarity(
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

/** A word found as typed, or close to a word of the name (`word <% name_search`). */
export class CloseName implements ProductTest {
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
