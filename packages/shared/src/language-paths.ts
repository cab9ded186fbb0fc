import { DEFAULT_LANGUAGE, type Language } from './constants.js';

/**
 * Each language has its own public addresses (DESIGN.md, "Arabic first, bilingual"): Arabic at the
 * root, English under `/en` (`/en`, `/en/products/12`, `/en/category/misbaha`). The address decides
 * a page's language for everyone, crawlers included. These three functions are the one rule for
 * it, used by the web app's routes and links, the sitemap, the Merchant feed and the e-mails.
 */
export const ENGLISH_PATH_PREFIX = '/en';

/** The language an address's path is in: `/en` and `/en/…` are English, everything else Arabic. */
export function languageOfPath(pathname: string): Language {
  return pathname === ENGLISH_PATH_PREFIX || pathname.startsWith(`${ENGLISH_PATH_PREFIX}/`)
    ? 'en'
    : DEFAULT_LANGUAGE;
}

/** The path without its language prefix: `/en/products/1` → `/products/1`, `/en` → `/`. */
export function pathWithoutLanguage(pathname: string): string {
  if (languageOfPath(pathname) !== 'en') return pathname;
  const rest = pathname.slice(ENGLISH_PATH_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/**
 * The address of a page (a path of the Arabic shop, with its query and hash) in a language:
 * `/products/1?page=2` → `/en/products/1?page=2` in English, unchanged in Arabic; a path that
 * already carries a language prefix is moved to the asked language.
 */
export function pathInLanguage(path: string, lang: Language): string {
  const split = path.search(/[?#]/);
  const pathname = split === -1 ? path : path.slice(0, split);
  const rest = split === -1 ? '' : path.slice(split);
  const bare = pathWithoutLanguage(pathname || '/');
  if (lang === DEFAULT_LANGUAGE) return `${bare}${rest}`;
  return `${bare === '/' ? ENGLISH_PATH_PREFIX : `${ENGLISH_PATH_PREFIX}${bare}`}${rest}`;
}
