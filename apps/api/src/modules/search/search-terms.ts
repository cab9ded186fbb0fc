import { synonymKey, synonymWords as matchWords } from '@shop/shared';

/**
 * What a storefront search looks for, built in memory from the query and the owner's synonyms
 * (docs/decisions/020): no per-row work, the database only tests substrings on its trigram index.
 */

/** A synonym as the owner wrote it: a word or phrase and the words it stands for. */
export interface SynonymEntry {
  term: string;
  targets: readonly string[];
}

/** Synonyms by the key of their term: what a query's words are compared with. */
export interface SynonymIndex {
  readonly byKey: ReadonlyMap<string, ReadonlyArray<readonly string[]>>;
  /** The most words any key has, so a query is scanned for phrases no longer than that. */
  readonly longest: number;
}

export const EMPTY_SYNONYMS: SynonymIndex = { byKey: new Map(), longest: 0 };

/**
 * The synonyms as a lookup table. Each target becomes the list of its match words (a phrase
 * matches when all its words are found); targets without usable words are left out, and two
 * entries whose terms share a key pool their targets.
 */
export function buildSynonymIndex(entries: readonly SynonymEntry[]): SynonymIndex {
  const byKey = new Map<string, string[][]>();
  let longest = 0;
  for (const entry of entries) {
    const key = synonymKey(entry.term);
    if (key === '') continue;
    const alternatives = byKey.get(key) ?? [];
    for (const target of entry.targets) {
      const words = matchWords(target);
      if (words.length > 0) alternatives.push(words);
    }
    byKey.set(key, alternatives);
    longest = Math.max(longest, key.split(' ').length);
  }
  return { byKey, longest };
}

/** One part of a query: found when any of its alternatives is (an alternative: all its words). */
export interface SearchTerm {
  alternatives: string[][];
}

export interface SearchTerms {
  /** The query's match words joined: what is compared with names for similarity. */
  normalized: string;
  /** Every term must be found. */
  terms: SearchTerm[];
}

/** Same alternatives, whatever their order or repeats: one term. */
function termKey(term: SearchTerm): string {
  return term.alternatives
    .map((words) => words.join(' '))
    .sort()
    .join('|');
}

/**
 * The terms of a query. Scanning the words from the start, the longest run of words that is a
 * synonym's term becomes one term found by the words as typed or by any of the synonym's targets
 * ("amber" → "amber" or "كهرمان"); any other word is a term of its own. Undefined for a query
 * without words.
 */
export function expandSearch(
  query: string | undefined,
  synonyms: SynonymIndex = EMPTY_SYNONYMS,
): SearchTerms | undefined {
  if (!query) return undefined;
  const words = matchWords(query);
  if (words.length === 0) return undefined;
  const terms = new Map<string, SearchTerm>();
  let position = 0;
  while (position < words.length) {
    let length = Math.min(synonyms.longest, words.length - position);
    let term: SearchTerm | undefined;
    for (; length >= 1; length -= 1) {
      const typed = words.slice(position, position + length);
      const targets = synonyms.byKey.get(typed.join(' '));
      if (targets) {
        term = { alternatives: [typed, ...targets.map((target) => [...target])] };
        break;
      }
    }
    if (!term) {
      term = { alternatives: [[words[position]!]] };
      length = 1;
    }
    // Alternatives that say the same thing twice are searched once.
    const seen = new Set<string>();
    term.alternatives = term.alternatives.filter((alternative) => {
      const key = alternative.join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    terms.set(termKey(term), term);
    position += length;
  }
  return { normalized: [...new Set(words)].join(' '), terms: [...terms.values()] };
}

/**
 * The shortest word the vocabulary's trigram index answers; shorter words are looked up among
 * the one- and two-letter pieces of the vocabulary's words (search_vocabulary.short_grams).
 */
export const TRIGRAM_MIN_LETTERS = 3;

/**
 * The shortest word a typo is forgiven in. A three-letter word with one letter changed is
 * another word ("عيد" and "عيار" share two of the three trigrams of "عيد"), and a word without
 * its article is often three letters long; such words must be found as written.
 */
export const FUZZY_MIN_LETTERS = 4;

/** Whether a typo may be forgiven in the word: it is long enough (FUZZY_MIN_LETTERS). */
export function forgivesTypoIn(word: string): boolean {
  return [...word].length >= FUZZY_MIN_LETTERS;
}

/** Whether a fuzzy search could find more than the exact one: a word long enough to forgive. */
export function forgivesTypos(terms: SearchTerms): boolean {
  return terms.terms.some((term) => term.alternatives.some((words) => words.some(forgivesTypoIn)));
}

/**
 * The catalogue's most common words (in at least a set share of its products, whatever
 * their status), which PostgreSQL cannot tell from rare ones: a query word's vocabulary words
 * come from a subquery, so every word looks alike to the planner. A query word of three letters
 * or more is common when it is inside one of them (it is then in at least as many products).
 * Only plans depend on it, never results.
 */
export class CommonWords {
  constructor(private readonly words: readonly string[]) {}

  has(word: string): boolean {
    return (
      [...word].length >= TRIGRAM_MIN_LETTERS && this.words.some((common) => common.includes(word))
    );
  }
}
