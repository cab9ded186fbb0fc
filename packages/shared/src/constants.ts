/** Business constants of the shop. Both the API and the web app import these. */

export const API_BASE = '/api';

export const PRODUCT_PAGE_SIZE = 12;
export const PRODUCT_PAGE_SIZE_MAX = 100;
export const HOME_FEATURED_COUNT = 8;
export const HOME_LATEST_COUNT = 12;
export const HOME_CATEGORY_COUNT = 6;
export const RELATED_PRODUCTS_COUNT = 6;
export const FEATURED_LIST_MAX = 50;
export const RELATED_LIST_MAX = 24;

export const SLIDER_INTERVAL_MS = 5000;
export const SLIDER_SWIPE_THRESHOLD_PX = 50;
export const SETTINGS_CACHE_MS = 5 * 60 * 1000;
export const STOCK_MESSAGE_MS = 3000;
export const TOAST_DURATION_MS = 4000;
/** The install prompt stays hidden this long after "Not now". */
export const INSTALL_PROMPT_DISMISS_DAYS = 7;
/** An invoice opened with ?autoprint=true starts printing after this delay. */
export const INVOICE_AUTOPRINT_DELAY_MS = 500;
/** The dashboard's "fresh for 30 s, cached 60 s" (TanStack staleTime and gcTime). */
export const DASHBOARD_STALE_MS = 30_000;
export const DASHBOARD_CACHE_MS = 60_000;

/** Stock at or below this (and above zero) is shown as "low". */
export const LOW_STOCK_THRESHOLD = 5;
/** Categories without a sort order sort as if they had this one. */
export const UNKNOWN_CATEGORY_SORT_ORDER = 999999;

export const SEARCH_MAX_LENGTH = 200;

export const DEFAULT_CURRENCY_SYMBOL = 'KD';
export const DEFAULT_CURRENCY = 'KWD';
/** Shown when the store settings have no store name. */
export const DEFAULT_STORE_NAME = 'متجر السبح';
export const DEFAULT_ADDRESS = 'الكويت';

export const RETURN_WINDOW_DAYS = 14;
export const DELIVERY_PROMISE_HOURS = 24;

/** How a shopper can sign in: a password always, Google only when the server is configured for it. */
export const signInMethods = ['password', 'google'] as const;
export type SignInMethod = (typeof signInMethods)[number];

export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';
export const LANGUAGE_COOKIE = 'lang';
/**
 * The language of the page an API call is made for (the web app sends it from its pages and the
 * browser): the API answers in it before the `lang` cookie and Accept-Language, so an English
 * page's messages are English whatever the remembered preference says.
 */
export const PAGE_LANGUAGE_HEADER = 'x-page-language';

export function isLanguage(value: unknown): value is Language {
  return value === 'ar' || value === 'en';
}

export function directionOf(lang: Language): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

export const IMAGE_FOLDERS = ['products', 'categories', 'slider', 'settings'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];
/** Widths every uploaded image is stored at; the largest is the canonical file. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

/** Accounts. */
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;
export const PHONE_MIN_LENGTH = 8;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
/** A verification code is dead after this many wrong tries. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const VERIFICATION_SUCCESS_REDIRECT_MS = 2000;
export const RESET_SUCCESS_REDIRECT_MS = 2000;
/** Browser storage key of the bearer token. */
export const TOKEN_STORAGE_KEY = 'token';

/** Largest quantity of one cart line a request may ask for (stock limits it further). */
export const CART_LINE_MAX_QUANTITY = 999;

/**
 * Most products one wishlist keeps (a guest's signed cookie or an account's list): enough for any
 * shopper's shortlist, small enough for a cookie (issue 33, docs/decisions/062).
 */
export const WISHLIST_MAX_PRODUCTS = 50;

/** Most delivery addresses one account may keep (issue 33, item 7): a full book is refused with 409. */
export const SAVED_ADDRESSES_MAX = 20;
