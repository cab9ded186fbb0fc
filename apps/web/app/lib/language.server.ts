import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, isLanguage, type Language } from '@shop/shared';
import { sameOriginPath } from './safe-path';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The shopper's language: the lang cookie, else Arabic (the shop's first language). */
export function languageFromRequest(request: Request): Language {
  const cookie = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(cookie);
  const value = match?.[1];
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function languageCookie(lang: Language): string {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** Only same-site paths are followed after switching language (no open redirect): lib/safe-path.ts. */
export function safeRedirectPath(value: FormDataEntryValue | null): string {
  return sameOriginPath(value);
}
