import {
  addressForPreference,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  pathInLanguage,
  storefrontLanguageOf,
  type Language,
} from '@shop/shared';
import { redirect } from 'react-router';
import { sameOriginPath } from './safe-path';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** The query parameter of the links from before English had its own addresses (`?lang=en`). */
const LEGACY_LANGUAGE_PARAMETER = 'lang';

/** The language the shopper chose last (the lang cookie), if any: a preference, not the page's. */
export function preferredLanguage(request: Request): Language | undefined {
  const cookie = request.headers.get('cookie') ?? '';
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(cookie)?.[1];
  return isLanguage(value) ? value : undefined;
}

/**
 * The page's language (decision 046): the address's, `/en/…` English and the rest Arabic, for
 * everyone, crawlers included. The back office keeps one address and follows the preference.
 */
export function languageFromRequest(request: Request): Language {
  return storefrontLanguageOf(new URL(request.url).pathname) ?? preferredLanguage(request) ?? DEFAULT_LANGUAGE;
}

/**
 * The redirect a storefront page answers instead of itself, if any: an old `?lang=en` link moves
 * for good (301) to the `/en` address without the parameter (`?lang=ar` to the Arabic one); a
 * visit to `/` (a document, not a client navigation) with the English preference goes to `/en`
 * (302, varying by Cookie). No other page is redirected by the cookie.
 */
export function languageAddressRedirect(request: Request, documentRequest: boolean): Response | null {
  const url = new URL(request.url);
  if (storefrontLanguageOf(url.pathname) === undefined) return null;
  const asked = url.searchParams.get(LEGACY_LANGUAGE_PARAMETER);
  if (isLanguage(asked)) {
    url.searchParams.delete(LEGACY_LANGUAGE_PARAMETER);
    return redirect(pathInLanguage(`${url.pathname}${url.search}`, asked), 301);
  }
  const preferred = documentRequest ? addressForPreference(url.pathname, preferredLanguage(request)) : null;
  if (preferred === null) return null;
  return redirect(`${preferred}${url.search}`, {
    status: 302,
    headers: { Vary: 'Cookie', 'Cache-Control': 'private, no-cache' },
  });
}

export function languageCookie(lang: Language): string {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** Only same-site paths are followed after switching language (no open redirect): lib/safe-path.ts. */
export function safeRedirectPath(value: FormDataEntryValue | null): string {
  return sameOriginPath(value);
}
