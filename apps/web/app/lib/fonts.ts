import type { Language } from '@shop/shared';
import arabicText from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import arabicHeadings from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff2?url';
import latinText from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2?url';
import latinHeadings from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-600-normal.woff2?url';

/**
 * The font files a page in this language draws its text with: body text at 400 and headings,
 * prices and buttons at 600 (fonts.css declares the same files, so Vite gives both the same
 * hashed address). Preloaded by the root's <head> so the text swaps to the shop's face before
 * the shopper reads it: a heading face that came later re-wrapped lines and moved the cart's
 * summary (a layout shift of 0.11 on an English phone). The other script's files follow on
 * demand through unicode-range.
 */
export function pageFontUrls(lang: Language): readonly string[] {
  return lang === 'ar' ? [arabicText, arabicHeadings] : [latinText, latinHeadings];
}
