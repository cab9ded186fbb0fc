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

/** True when every word of the query occurs in the text, after normalisation. */
export function matchesSearch(text: string, query: string): boolean {
  const haystack = normalizeArabic(text);
  return normalizeArabic(query)
    .split(' ')
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
