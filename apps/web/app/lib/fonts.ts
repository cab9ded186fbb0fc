import type { Language } from '@shop/shared';
import arabicText from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import latinText from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2?url';

/**
 * The font file a page in this language needs first (its body text at 400; fonts.css declares
 * the same files, so Vite gives both the same hashed address). Preloaded by the root's <head>
 * so the text swaps to the shop's face early; the heading weight and the other script follow on
 * demand through unicode-range.
 */
export function primaryFontUrl(lang: Language): string {
  return lang === 'ar' ? arabicText : latinText;
}
