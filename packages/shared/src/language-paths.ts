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
 * already carries a language prefix is moved to the asked language. A page with one address in
 * both languages (isSingleAddressPath: `/admin?tab=products` after signing in) stays as it is.
 */
export function pathInLanguage(path: string, lang: Language): string {
  const split = path.search(/[?#]/);
  const pathname = split === -1 ? path : path.slice(0, split);
  const rest = split === -1 ? '' : path.slice(split);
  const bare = pathWithoutLanguage(pathname || '/');
  // The back office, Google's return and the offline page have one address for both languages.
  if (lang === DEFAULT_LANGUAGE || isSingleAddressPath(bare)) return `${bare}${rest}`;
  return `${bare === '/' ? ENGLISH_PATH_PREFIX : `${ENGLISH_PATH_PREFIX}${bare}`}${rest}`;
}

/** Google's sign-in return page: its address is registered with Google once, for both languages. */
export const GOOGLE_SIGN_IN_RETURN_PATH = '/auth/google/callback';

/** The page the service worker shows offline, kept once per language as `/offline?lang=…` (pwa.ts). */
export const OFFLINE_PAGE_PATH = '/offline';

/**
 * The pages with one address in both languages, drawn in the shopper's remembered preference
 * (the `lang` cookie), not a path prefix: the back office (`/admin…`), Google's sign-in return and
 * the offline page (whose `?lang` names its language when the service worker keeps it).
 */
export function isSingleAddressPath(pathname: string): boolean {
  return (
    /^\/admin(?:[/-]|$)/.test(pathname) ||
    pathname === GOOGLE_SIGN_IN_RETURN_PATH ||
    pathname === OFFLINE_PAGE_PATH
  );
}

/**
 * Where a visit goes by the remembered preference (the `lang` cookie): only the home page `/`
 * moves, to `/en` for a shopper who chose English; every other address keeps its language.
 */
export function addressForPreference(
  pathname: string,
  preference: Language | undefined,
): string | null {
  return pathname === '/' && preference === 'en' ? ENGLISH_PATH_PREFIX : null;
}

/**
 * The language of the storefront page a request path renders: its address's (a client
 * navigation's data request, `/en/products.data` or `/_root.data`, as its page's). Undefined for
 * the pages with one address (isSingleAddressPath), drawn in the remembered preference.
 */
export function storefrontLanguageOf(pathname: string): Language | undefined {
  const page = pathname.endsWith('.data')
    ? pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/')
    : pathname;
  return isSingleAddressPath(page) ? undefined : languageOfPath(page);
}
