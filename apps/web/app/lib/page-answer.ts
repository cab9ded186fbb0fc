import { isRouteErrorResponse } from 'react-router';
import { isLanguage, type Language } from '@shop/shared';
import { ApiError } from './api';

/**
 * The API's refusals that are a page's own answer when its loaders let them through: the address
 * asks for something the API refuses to read (400 VALIDATION_ERROR: a control character in the
 * search, a category name over the 120 characters a category may have), or the shop cannot
 * answer now (503
 * SERVICE_UNAVAILABLE: the database is down, with the API's Retry-After). React Router would
 * answer any error a loader throws with a 500; these keep the API's status (entry.server.tsx).
 */
export interface PageAnswer {
  status: 400 | 503;
  /** The API's Retry-After, passed on as it is: the API alone decides how long to wait. */
  retryAfter: string | null;
}

/** The page's answer to an error a loader let through; undefined for a server failure (500). */
export function pageAnswerOf(error: unknown): PageAnswer | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'SERVICE_UNAVAILABLE') return { status: 503, retryAfter: error.retryAfter };
  if (error.code === 'VALIDATION_ERROR') return { status: 400, retryAfter: null };
  return undefined;
}

/** Of two answers for one page, the one it gives: the shop being down says more than the address. */
export function strongerAnswer(first: PageAnswer | undefined, second: PageAnswer): PageAnswer {
  return first && first.status >= second.status ? first : second;
}

/** What the error page of an answer is told: the visitor's language, in case the root loader failed. */
interface PageAnswerData {
  lang: Language;
}

/** The response that makes React Router render the page again as the answer's error page. */
export function pageAnswerResponse(answer: PageAnswer, lang: Language): Response {
  return Response.json({ lang } satisfies PageAnswerData, { status: answer.status });
}

/** The language a page answer was rendered for (its root loader may have failed), else undefined. */
export function pageAnswerLanguage(error: unknown): Language | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const lang: unknown = (error.data as Partial<PageAnswerData> | null)?.lang;
  return isLanguage(lang) ? lang : undefined;
}

/**
 * An answer without a page around it: its status and Retry-After, kept by no cache. A resource
 * route's (the sitemap, read by crawlers) and a client navigation's data request's.
 */
export function bareAnswerResponse(answer: PageAnswer): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (answer.retryAfter !== null) headers.set('retry-after', answer.retryAfter);
  return new Response(null, { status: answer.status, headers });
}

/** A resource route's answer to an error its loader let through; undefined for a server failure. */
export function resourceAnswerOf(error: unknown): Response | undefined {
  const answer = pageAnswerOf(error);
  return answer && bareAnswerResponse(answer);
}
