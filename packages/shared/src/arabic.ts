/**
 * Normalises Arabic (and Latin) text for matching. This is the JavaScript twin of the
 * `shop_normalize` SQL function in the database migrations; the two must stay equivalent
 * (a unit test checks both against the same examples).
 *
 * - removes tashkeel (harakat, tanween, shadda, sukun, superscript alef) and tatweel
 * - أ إ آ ٱ -> ا, ة -> ه, ى -> ي, ؤ -> و, ئ -> ي
 * - Arabic-Indic digits -> ASCII digits
 * - lower-case, whitespace collapsed
 */
const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const LETTER_MAP: Record<string, string> = {
  'أ': 'ا',
  'إ': 'ا',
  'آ': 'ا',
  'ٱ': 'ا',
  'ة': 'ه',
  'ى': 'ي',
  'ؤ': 'و',
  'ئ': 'ي',
};
const LETTERS = new RegExp(`[${Object.keys(LETTER_MAP).join('')}]`, 'g');
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function normalizeArabic(text: string): string {
  return text
    .replace(DIACRITICS, '')
    .replace(LETTERS, (letter) => LETTER_MAP[letter] ?? letter)
    .replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * True when every word of the query occurs in the text, after normalisation; a query word's
 * definite article is not required ("السبحة" finds "سبحة", see stripArabicArticle).
 */
export function matchesSearch(text: string, query: string): boolean {
  const haystack = normalizeArabic(text);
  return searchWords(query).every((word) => haystack.includes(word));
}

/**
 * The definite article and the one-letter prefixes attached before it, longest first: و (and),
 * ف (so), ب (with), ك (like) before ال, and ل (for) which contracts ال to لل. Written as they
 * read after normalizeArabic (ٱ already folded to ا).
 */
const ARTICLE_PREFIXES = [
  'وبال',
  'فبال',
  'وكال',
  'فكال',
  'ولل',
  'فلل',
  'وال',
  'فال',
  'بال',
  'كال',
  'لل',
  'ال',
] as const;

/**
 * The shortest stem a prefix is taken from. Arabic roots have three letters: "البحر" gives
 * "بحر", while "الله", "والد", "بالون" keep their first letters (what would remain is too short
 * to be the word).
 */
export const ARABIC_STEM_MIN_LETTERS = 3;

/** An alef with a hamza or madda: أ إ آ. It starts a word's own letters, never the article. */
const HAMZA_ALEF = /[\u0622\u0623\u0625]/;

/**
 * A search word without its definite article and the prefixes attached to it ("السبحة",
 * "بالسبحة", "والكهرمان", "للرجال" → "سبحه", "سبحه", "كهرمان", "رجال"), normalised. Words that
 * merely begin with these letters stay whole: the prefix is taken only when at least
 * ARABIC_STEM_MIN_LETTERS letters remain, and never when its alef is written with a hamza
 * ("ألماس", "إلهام" are words of their own). Latin words are returned normalised.
 *
 * Searching for the stem as a substring finds the word with and without the article, since the
 * stem is part of both; the catalogue's text is never stemmed (docs/decisions/020).
 */
export function stripArabicArticle(word: string): string {
  const bare = word.replace(DIACRITICS, '').trim();
  const normalized = normalizeArabic(bare);
  for (const prefix of ARTICLE_PREFIXES) {
    if (!normalized.startsWith(prefix)) continue;
    const stem = normalized.slice(prefix.length);
    if ([...stem].length < ARABIC_STEM_MIN_LETTERS) return normalized;
    const alefAt = prefix.indexOf('ا');
    if (alefAt >= 0 && HAMZA_ALEF.test(bare[alefAt] ?? '')) return normalized;
    return stem;
  }
  return normalized;
}

/** The words of a search as they are matched: normalised, without article prefixes, unique. */
export function searchWords(query: string): string[] {
  const words = query
    .replace(DIACRITICS, '')
    .split(/\s+/)
    .map(stripArabicArticle)
    .filter((word) => word !== '');
  return [...new Set(words)];
}
