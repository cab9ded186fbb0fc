import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, PAGE_LANGUAGE_HEADER, isLanguage, type Language } from '@shop/shared';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language replies are written in: the page's (X-Page-Language, sent by the web app), else
     * the `lang` cookie, else Accept-Language, else Arabic.
     */
    lang: Language;
  }
}

export function languageOf(
  cookieValue: string | undefined,
  acceptLanguage: string | undefined,
  pageLanguage?: string | string[],
): Language {
  if (isLanguage(pageLanguage)) return pageLanguage;
  if (isLanguage(cookieValue)) return cookieValue;
  if (acceptLanguage) {
    const preferred = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const quality = params.find((param) => param.trim().startsWith('q='));
        return { tag: tag.toLowerCase().slice(0, 2), q: quality ? Number(quality.trim().slice(2)) : 1 };
      })
      .filter((entry) => isLanguage(entry.tag) && entry.q > 0)
      .sort((a, b) => b.q - a.q)[0];
    if (preferred && isLanguage(preferred.tag)) return preferred.tag;
  }
  return DEFAULT_LANGUAGE;
}

const LANGUAGE_IN_COOKIE_HEADER = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/**
 * The language of a request whose cookies Fastify has not parsed (refused before any hook runs):
 * the page's language header, else the `lang` cookie read from the raw Cookie header, else
 * Accept-Language, else Arabic.
 */
export function languageOfHeaders(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
  pageLanguage?: string | string[],
): Language {
  return languageOf(LANGUAGE_IN_COOKIE_HEADER.exec(cookieHeader ?? '')?.[1], acceptLanguage, pageLanguage);
}

export const languagePlugin = fp(
  async (app) => {
    app.decorateRequest('lang', DEFAULT_LANGUAGE);
    app.addHook('onRequest', async (request) => {
      request.lang = languageOf(
        request.cookies[LANGUAGE_COOKIE],
        request.headers['accept-language'],
        request.headers[PAGE_LANGUAGE_HEADER],
      );
    });
  },
  { name: 'language', dependencies: ['@fastify/cookie'] },
);
