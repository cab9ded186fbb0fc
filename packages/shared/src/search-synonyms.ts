import { stripArabicArticle } from './arabic.js';

/**
 * Search synonyms (docs/decisions/020): a word or phrase a shopper may type and the words it
 * stands for in the catalogue. The limits and text rules the API's contract and the back
 * office's form share; kept free of zod so browser code can import it.
 */

/** Longest term or target, in characters. */
export const SYNONYM_TEXT_MAX = 60;
/** Most words a term may have (a phrase such as "prayer beads"). */
export const SYNONYM_TERM_MAX_WORDS = 4;
/** Most targets one term may stand for. */
export const SYNONYM_TARGETS_MAX = 10;

/**
 * The words of a text as a search matches them: normalised (normalizeArabic), the article and
 * its prefixes taken from each Arabic word (stripArabicArticle), in order, repeats kept.
 */
export function synonymWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map(stripArabicArticle)
    .filter((word) => word !== '');
}

/**
 * The key a term is stored and looked up under: its words joined by one space ("Prayer  BEADS"
 * → "prayer beads", "المسباح" → "مسباح"). Empty when the text has nothing a search could use.
 */
export function synonymKey(text: string): string {
  return synonymWords(text).join(' ');
}

/**
 * The targets typed in one field: separated by commas (, or ،), semicolons (; or ؛) or new
 * lines, trimmed, blanks dropped, each target once (by its key).
 */
export function splitSynonymTargets(text: string): string[] {
  const seen = new Set<string>();
  const targets: string[] = [];
  for (const part of text.split(/[,،;؛\n]/)) {
    const target = part.trim().replace(/\s+/g, ' ');
    const key = synonymKey(target);
    if (target === '' || seen.has(key)) continue;
    seen.add(key);
    targets.push(target);
  }
  return targets;
}
