/**
 * pg_trgm's word similarity, computed in the server process: the search index (search-index.ts)
 * must find and rank exactly the products PostgreSQL's `word <% name` and `word_similarity()`
 * find, and this is their algorithm (contrib/pg_trgm/trgm_op.c, calc_word_similarity and
 * iterate_word_similarity), step for step, in float4 arithmetic as there.
 *
 * Trigrams are told apart by their characters. PostgreSQL keeps a trigram of multi-byte
 * characters as three bytes of its CRC, so two different trigrams could in principle compare
 * equal there and not here; the differential tests compare both on whole catalogues.
 */

/** pg_trgm.word_similarity_threshold, set by every database session of the shop. */
export { WORD_SIMILARITY_THRESHOLD } from '../../db/word-similarity-threshold.js';

/** What pg_trgm counts as part of a word (t_isalnum in a UTF-8 locale). */
const WORD_CHARACTER = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}]/u;
/** WORD_CHARACTER's verdicts by character: a catalogue's texts use few distinct characters. */
const wordCharacters = new Map<string, boolean>();

function isWordCharacter(character: string): boolean {
  let verdict = wordCharacters.get(character);
  if (verdict === undefined) {
    verdict = WORD_CHARACTER.test(character);
    if (wordCharacters.size < 65_536) wordCharacters.set(character, verdict);
  }
  return verdict;
}

/**
 * The trigrams of a text in order (generate_trgm_only): each word (a run of letters and digits),
 * lower-cased, padded with two spaces before and one after, gives one trigram per character.
 */
export function trigramsInOrder(text: string): string[] {
  const trigrams: string[] = [];
  let word: string[] = [];
  const flush = () => {
    if (word.length === 0) return;
    const padded = [' ', ' ', ...word.join('').toLowerCase(), ' '];
    for (let i = 0; i + 2 < padded.length; i += 1)
      trigrams.push(padded[i]! + padded[i + 1]! + padded[i + 2]!);
    word = [];
  };
  for (const character of text) {
    if (isWordCharacter(character)) word.push(character);
    else flush();
  }
  flush();
  return trigrams;
}

/** Numbers for trigrams, so that a text's trigrams can be kept and compared as integers. */
export class TrigramIds {
  private readonly ids = new Map<string, number>();

  idOf(trigram: string): number {
    let id = this.ids.get(trigram);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(trigram, id);
    }
    return id;
  }

  get size(): number {
    return this.ids.size;
  }

  encode(text: string): Int32Array {
    return Int32Array.from(trigramsInOrder(text), (trigram) => this.idOf(trigram));
  }

  /**
   * A pattern's distinct trigrams among those numbered (no other can be in a numbered text), and
   * how many distinct trigrams it has in all (what its similarity is divided by). Numbers nothing.
   */
  patternOf(text: string): TrigramPattern {
    const distinct = new Set(trigramsInOrder(text));
    const known = new Set<number>();
    for (const trigram of distinct) {
      const id = this.ids.get(trigram);
      if (id !== undefined) known.add(id);
    }
    return { known, unique: distinct.size };
  }
}

/** count / (len1 + len2 - count) in float4, as pg_trgm's CALCSML. */
function similarityOf(count: number, length1: number, length2: number): number {
  // The counts are small integers, exact in float4: only the quotient is rounded.
  return Math.fround(count / (length1 + length2 - count));
}

/** A pattern as compared with texts: its distinct trigrams among those numbered, and how many it has. */
export interface TrigramPattern {
  known: ReadonlySet<number>;
  unique: number;
}

/**
 * Word similarity of patterns to texts numbered by one TrigramIds (at most `capacity` ids). It
 * keeps its working memory between calls, typed arrays by trigram id, so that comparing one
 * pattern with thousands of names allocates nothing; not for two comparisons at once.
 */
export class WordSimilarityMeter {
  /** lastpos of the C code, by trigram id; -1 when absent. Reset after each text. */
  private readonly lastPosition: Int32Array;
  /** 1 for the trigrams of the pattern last loaded. */
  private readonly inPattern: Uint8Array;
  private loaded: TrigramPattern | undefined;
  /** Where scan() found the first and the last of the pattern's trigrams in the text. */
  private firstFound = -1;
  private lastFound = -1;

  constructor(capacity: number) {
    this.lastPosition = new Int32Array(capacity).fill(-1);
    this.inPattern = new Uint8Array(capacity);
  }

  private load(pattern: TrigramPattern): void {
    if (this.loaded === pattern) return;
    if (this.loaded) for (const trigram of this.loaded.known) this.inPattern[trigram] = 0;
    for (const trigram of pattern.known) this.inPattern[trigram] = 1;
    this.loaded = pattern;
  }

  /**
   * The word similarity of the pattern to a text (its trigrams in order): the greatest similarity
   * of the pattern to a stretch of the text, found the way iterate_word_similarity finds it.
   * Given `enough`, only the verdict is exact: a result below it says the similarity is below it.
   */
  measure(pattern: TrigramPattern, text: Int32Array, enough = Infinity): number {
    return this.measureIn(pattern, text, 0, text.length, enough);
  }

  /**
   * measure() of the part of `text` from `start` to `end` (not included): a name of the
   * index's packed lists, without a view made for each of the thousands a search compares.
   */
  measureIn(
    pattern: TrigramPattern,
    text: Int32Array,
    start: number,
    end: number,
    enough = Infinity,
  ): number {
    const uniquePattern = pattern.unique;
    if (uniquePattern === 0 || end <= start) return 0;
    this.load(pattern);
    const present = this.scan(text, start, end);
    if (present === 0) return 0;
    if (enough !== Infinity) {
      // No stretch has more of the pattern's trigrams than the whole text, and a stretch's
      // similarity is at most its share of them (count / (pattern + stretch - count) with the
      // stretch's distinct trigrams at least count): most names below the threshold are told so
      // in one pass, without looking for the best stretch.
      const bound = similarityOf(present, uniquePattern, present);
      if (bound < enough) return bound;
    }
    // Before the first of the pattern's trigrams nothing starts, and after the last no stretch
    // can end: the search runs between them.
    const { lastPosition, inPattern, firstFound, lastFound } = this;
    let uniqueText = 0;
    let count = 0;
    let lower = -1;
    let best = 0;
    for (let i = firstFound; i <= lastFound; i += 1) {
      const trigram = text[i]!;
      const found = inPattern[trigram] === 1;
      if (lower >= 0 || found) {
        if (lastPosition[trigram]! < 0) {
          uniqueText += 1;
          if (found) count += 1;
        }
        lastPosition[trigram] = i;
      }
      if (!found) continue;
      const upper = i;
      if (lower === -1) {
        lower = i;
        uniqueText = 1;
      }
      let current = similarityOf(count, uniquePattern, uniqueText);
      let candidateCount = count;
      let candidateUnique = uniqueText;
      const previousLower = lower;
      // The similarity of a stretch changes only when a trigram leaves it: it is computed then,
      // not at every step (a value not above `current` stays so, as `current` only grows).
      let changed = false;
      for (let candidateLower = lower; candidateLower <= upper; candidateLower += 1) {
        if (changed) {
          const candidate = similarityOf(candidateCount, uniquePattern, candidateUnique);
          if (candidate > current) {
            current = candidate;
            uniqueText = candidateUnique;
            lower = candidateLower;
            count = candidateCount;
          }
          changed = false;
        }
        const atLower = text[candidateLower]!;
        if (lastPosition[atLower] === candidateLower) {
          candidateUnique -= 1;
          if (inPattern[atLower] === 1) candidateCount -= 1;
          changed = true;
        }
      }
      if (current > best) best = current;
      // Whoever asks only whether the similarity reaches `enough` has the answer.
      if (best >= enough) break;
      for (let dropped = previousLower; dropped < lower; dropped += 1) {
        const atDropped = text[dropped]!;
        if (lastPosition[atDropped] === dropped) lastPosition[atDropped] = -1;
      }
    }
    for (let i = firstFound; i <= lastFound; i += 1) lastPosition[text[i]!] = -1;
    return best;
  }

  /**
   * How many of the loaded pattern's trigrams the text has, and where the first and the last of
   * them are (firstFound, lastFound).
   */
  private scan(text: Int32Array, start: number, end: number): number {
    const { lastPosition, inPattern } = this;
    let present = 0;
    let first = -1;
    let last = -1;
    for (let i = start; i < end; i += 1) {
      const trigram = text[i]!;
      if (inPattern[trigram] !== 1) continue;
      if (first < 0) first = i;
      last = i;
      if (lastPosition[trigram]! < 0) {
        lastPosition[trigram] = i;
        present += 1;
      }
    }
    for (let i = first; i <= last && first >= 0; i += 1) lastPosition[text[i]!] = -1;
    this.firstFound = first;
    this.lastFound = last;
    return present;
  }
}

/** word_similarity(pattern, text) of pg_trgm. */
export function wordSimilarity(pattern: string, text: string): number {
  const ids = new TrigramIds();
  const textTrigrams = ids.encode(text);
  const patternTrigrams = ids.patternOf(pattern);
  return new WordSimilarityMeter(ids.size).measure(patternTrigrams, textTrigrams);
}
