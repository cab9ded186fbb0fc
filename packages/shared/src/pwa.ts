import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './constants.js';
import {
  OFFLINE_PAGE_PATH,
  pathInLanguage,
  pathWithoutLanguage,
  storefrontLanguageOf,
} from './language-paths.js';

/**
 * The installable app's rules shared by the server (which pages it marks as keepable) and the
 * service worker (what it keeps and what it never touches); see docs/decisions/021.
 */

/** The brand's deep green (app.css `brand-700`): browser chrome, the manifest's theme colour. */
export const BRAND_THEME_COLOR = '#115a41';
/** The page background (app.css `sand-50`): the manifest's splash-screen colour. */
export const BRAND_BACKGROUND_COLOR = '#fbf8f2';

/**
 * Set by the server, value `public`, on a page rendered for nobody in particular (a public page,
 * no signed-in session). The service worker keeps a page for offline use only with this mark.
 */
export const PAGE_CACHE_HEADER = 'x-page-cache';
export const PAGE_CACHE_PUBLIC = 'public';

/** The service worker's runtime caches (the precache is Workbox's own). */
export const PAGE_CACHE_NAME = 'shop-pages';
export const IMAGE_CACHE_NAME = 'shop-images';
/** A network-first page waits this long before a kept copy is shown instead. */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 4;
/** Kept public pages: at most this many, for at most this long. */
export const PAGE_CACHE_MAX_ENTRIES = 40;
export const PAGE_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Kept images (product, category, slide pictures, the logo): at most this many, this long. */
export const IMAGE_CACHE_MAX_ENTRIES = 150;
export const IMAGE_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * The installed app's start pages, one per language (each manifest's `start_url`): the service
 * worker keeps them as it installs, so the app opened offline after the first visit shows the shop.
 */
export const START_PAGES: readonly string[] = LANGUAGES.map((lang) => pathInLanguage('/', lang));

/** The offline page of a language (precached by the service worker). */
export function offlinePageUrl(lang: Language): string {
  return `${OFFLINE_PAGE_PATH}?lang=${lang}`;
}

/** Pages that look the same for every visitor: the catalogue and the static pages. */
const PUBLIC_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/products$/,
  /^\/products\/[^/]+$/,
  /^\/category\/[^/]+$/,
  /^\/categories$/,
  /^\/privacy$/,
  /^\/terms$/,
  /^\/return-policy$/,
];

/**
 * Paths that carry or change someone's data: the API, the cart, the wishlist, checkout, the account, orders,
 * payments, sign-in and everything after it, the back office. Never kept by the service worker,
 * whatever a response says.
 */
const PERSONAL_PATHS: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/cart(\/|$)/,
  /^\/wishlist(\/|$)/,
  /^\/checkout(\/|$)/,
  /^\/profile(\/|$)/,
  /^\/order-status(\/|$)/,
  /^\/payment(-success|\/|$)/,
  /^\/login(\/|$)/,
  /^\/register(\/|$)/,
  /^\/forgot-password(\/|$)/,
  /^\/reset-password(\/|$)/,
  /^\/verify-code(\/|$)/,
  /^\/unsubscribe(\/|$)/,
  /^\/auth(\/|$)/,
  /^\/admin/,
  /^\/set-language(\/|$)/,
];

/**
 * The path without a trailing slash (but "/" itself) and without its language prefix: `/en/cart`
 * is as personal as `/cart`, `/en/products` as public as `/products`.
 */
function normalisedPath(pathname: string): string {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return pathWithoutLanguage(trimmed);
}

/** React Router's data requests (`/products.data`, `/_root.data`): never kept. */
export function isDataRequest(pathname: string): boolean {
  return pathname.endsWith('.data');
}

/** A path whose pages or replies belong to one person (or change something): never cached. */
export function isPersonalPath(pathname: string): boolean {
  const path = normalisedPath(pathname);
  return isDataRequest(path) || PERSONAL_PATHS.some((pattern) => pattern.test(path));
}

/** A page the service worker may keep for offline use (when the server also marked it public). */
export function isPublicPage(pathname: string): boolean {
  const path = normalisedPath(pathname);
  return !isPersonalPath(path) && PUBLIC_PAGES.some((pattern) => pattern.test(path));
}

/** A stored image (`/uploads/...`): cached first, within its bound. */
export function isStoredImage(pathname: string): boolean {
  return pathname.startsWith('/uploads/');
}

/**
 * The language of the offline page, as the server would have rendered the page: a storefront
 * address's own (`/en/…` English, the rest Arabic, decision 046); for the back office the shop's
 * `lang` cookie, else Arabic. A browser whose service worker cannot read cookies (no Cookie Store
 * API) gets its own first language the shop speaks (Accept-Language order), else Arabic.
 */
export function offlinePageLanguage(input: {
  /** The path of the page that could not be reached. */
  pathname?: string | undefined;
  cookie?: string | null | undefined;
  /** Whether the cookie could be read at all (false: it is unknown, not absent). */
  cookieReadable: boolean;
  acceptLanguage?: string | null | undefined;
}): Language {
  const addressed = input.pathname === undefined ? undefined : storefrontLanguageOf(input.pathname);
  if (addressed) return addressed;
  if (isLanguage(input.cookie)) return input.cookie;
  if (input.cookieReadable) return DEFAULT_LANGUAGE;
  const ranked = (input.acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return {
        lang: tag.trim().toLowerCase().split('-')[0],
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const spoken = ranked.find((entry) => isLanguage(entry.lang));
  return isLanguage(spoken?.lang) ? spoken.lang : DEFAULT_LANGUAGE;
}
