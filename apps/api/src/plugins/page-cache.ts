import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addressForPreference, isLanguage, isPublicPage, LANGUAGE_COOKIE } from '@shop/shared';
import { countCacheLookup } from '../lib/metrics.js';
import { BROTLI_QUALITY, chosenEncoding, etagMatches } from '../lib/wire-reply.js';

/**
 * Whole server-rendered public pages, one for everyone, guests and signed-in shoppers alike
 * (docs/decisions/029, 046, 065). A page is kept per URL (its language is in its address),
 * compressed once, until the catalogue, the settings or the content change (the change feed clears
 * every process's copy) and at most `ttlMs`. It is rendered without the visitor's cookies, so
 * nothing of one person's can be in it; the browser fills in what is theirs. Pages that belong to
 * one person (a personal path, a reply that sets a cookie) are never kept.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CachedPage {
  status: number;
  /** The reply's headers as rendered (content type, CSP with the page's nonce...). */
  headers: Record<string, string>;
  br: Buffer;
  gzip: Buffer;
  /**
   * The page uncompressed, made the first time a client that accepts no compression asks for it
   * (a crawler, a monitor, a load generator), then kept with the page. Browsers never cost it.
   */
  identity?: Buffer;
  /** Strong validator of the page's bytes. */
  etag: string;
  storedAt: number;
  /** Memory held: both compressed copies, and the uncompressed one once made. */
  bytes: number;
}

/** A rendering: a page every visitor may get, or a reply for this request only (an error, a redirect...). */
export type RenderedPage =
  | { kept: true; page: CachedPage }
  | {
      kept: false;
      status: number;
      headers: Record<string, string>;
      cookies: string[];
      body: Buffer;
    };

export interface PageCacheOptions {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

export function createPageCache({ ttlMs, maxBytes, now = Date.now }: PageCacheOptions) {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const pages = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<RenderedPage>>();
  let bytes = 0;
  let generation = 0;
  const stats = { hits: 0, misses: 0 };

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
  };

  const fresh = (key: string): CachedPage | undefined => {
    const page = pages.get(key);
    if (!page) return undefined;
    if (now() - page.storedAt >= ttlMs) {
      drop(key);
      return undefined;
    }
    pages.delete(key);
    pages.set(key, page);
    return page;
  };

  const dropOldestBeyondLimit = () => {
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  const store = (key: string, page: CachedPage) => {
    drop(key);
    if (page.bytes > maxBytes) return;
    pages.set(key, page);
    bytes += page.bytes;
    dropOldestBeyondLimit();
  };

  /** The page uncompressed: decompressed once, then kept with it and counted in its memory. */
  const identityOf = (key: string, page: CachedPage): Buffer => {
    if (page.identity) return page.identity;
    const identity = zlib.gunzipSync(page.gzip);
    page.identity = identity;
    page.bytes += identity.length;
    if (pages.get(key) === page) {
      bytes += identity.length;
      dropOldestBeyondLimit();
    }
    return identity;
  };

  return {
    /**
     * The kept page for `key`, else what `render` makes (kept when it is a page for everyone).
     * Visitors asking for the same page while it renders share that one rendering.
     */
    async get(
      key: string,
      render: () => Promise<RenderedPage>,
    ): Promise<{ rendered: RenderedPage; hit: boolean }> {
      const kept = fresh(key);
      countCacheLookup('pages', kept !== undefined);
      if (kept) {
        stats.hits += 1;
        return { rendered: { kept: true, page: kept }, hit: true };
      }
      stats.misses += 1;
      let pending = rendering.get(key);
      if (!pending) {
        const startedIn = generation;
        pending = render()
          .then((rendered) => {
            // A change that arrived during the rendering may not be in it: serve it, keep nothing.
            if (rendered.kept && startedIn === generation) store(key, rendered.page);
            return rendered;
          })
          .finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      return { rendered: await pending, hit: false };
    },

    /** Sends a kept page: 304 when the client has it, else the bytes in the encoding it accepts. */
    send(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      page: CachedPage,
      cacheControl: string,
      hit: boolean,
    ): FastifyReply {
      reply.headers(page.headers);
      reply.header('cache-control', cacheControl);
      reply.header('etag', page.etag);
      reply.header('vary', sharedPageVary(new URL(request.url, 'http://page').pathname));
      reply.header('x-cache', hit ? 'HIT' : 'MISS');
      if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      const encoding = chosenEncoding(request.headers['accept-encoding']);
      reply.code(page.status);
      if (encoding === null) return reply.send(identityOf(key, page));
      reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? page.br : page.gzip);
    },

    /** Forgets every page (the catalogue, the settings or the content changed). */
    clear(): void {
      generation += 1;
      pages.clear();
      bytes = 0;
    },

    stats(): PageCacheStats {
      return { ...stats, entries: pages.size, bytes };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/**
 * Whether this request is answered with the page every visitor gets, signed in or not (decision
 * 065): a GET or HEAD of a public page, without an `Authorization` header (an API client's, which
 * asks for what its credentials see), that the visitor's remembered language does not send
 * elsewhere (`/` with the English preference goes to `/en`). A session cookie does not matter:
 * the page is rendered without cookies and the browser fills in the shopper's name and counts.
 */
export function sharedPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers.authorization !== undefined) return false;
  const { pathname } = new URL(request.url, 'http://page');
  const preference = request.cookies[LANGUAGE_COOKIE];
  if (addressForPreference(pathname, isLanguage(preference) ? preference : undefined) !== null)
    return false;
  return isPublicPage(pathname);
}

/**
 * The page's identity: its URL. The language is in the address and the API replies inside the
 * page follow it (web.ts sends the page's language), so no header of the visitor's changes it.
 */
export function sharedPageKey(request: FastifyRequest): string {
  return request.url;
}

/**
 * What a kept page varies by for a cache in front (a CDN): the encoding, and the Cookie on the
 * one address the language preference may redirect (`/`).
 */
export function sharedPageVary(pathname: string): string {
  return addressForPreference(pathname, 'en') === null
    ? 'Accept-Encoding'
    : 'Cookie, Accept-Encoding';
}

/** Compresses a rendered page once, for every later visitor. */
export async function cachedPageFrom(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  storedAt: number,
): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    gzip(body),
  ]);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { status, headers, br, gzip: gz, etag, storedAt, bytes: br.length + gz.length };
}
