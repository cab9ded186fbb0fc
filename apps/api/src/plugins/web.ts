import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type createRequestHandler, isRouteErrorResponse, type ServerBuild } from 'react-router';
import {
  PAGE_CACHE_HEADER,
  PAGE_CACHE_PUBLIC,
  PAGE_LANGUAGE_HEADER,
  requestCarrying,
  storefrontLanguageOf,
  VISITOR_GONE_STATUS,
  type WebLoadContext,
} from '@shop/shared';
import { STOREFRONT_TOPICS } from '../lib/change-feed.js';
import { countPageAbandoned } from '../lib/metrics.js';
import { cartCookieToken, sessionCookieToken } from '../lib/signed-cookies.js';
import {
  cachedPageFrom,
  createPageCache,
  sharedPageKey,
  sharedPageRequest,
  type RenderedPage,
} from './page-cache.js';
import { sendError } from './errors.js';
import {
  apiReplyOf,
  createPageReads,
  keptReply,
  type PageReads,
  type PlainReply,
} from './page-reads.js';

export interface WebPluginOptions {
  /** Directory of the web app (apps/web). */
  webRoot: string;
  /** true: Vite dev server with hot reload; false: the production build in webRoot/build. */
  dev: boolean;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Written by scripts/build-service-worker.mjs into the client build. */
const SERVICE_WORKER_FILE = 'sw.js';
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'authorization', 'user-agent'] as const;
/** Headers of a rendering that belong to one reply, not to a kept page. */
const UNKEPT_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
]);

/** `imageOrigins`: where /uploads redirects to when S3_PUBLIC_URL is set (decision 025). */
export function contentSecurityPolicy(nonce: string, imageOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Calls the JSON API in-process, as a browser would over HTTP. A page for everyone (`shared`)
 * calls it as nobody in particular, and its GETs may be answered from `reads` (page-reads.ts).
 */
function inProcessApi(
  app: FastifyInstance,
  request: FastifyRequest,
  webRequest: Request,
  shared: boolean,
  reads: PageReads | null,
): WebLoadContext['apiFetch'] {
  const headers: Record<string, string> = { 'x-request-id': String(request.id) };
  // From the request the web app renders (a shared page's carries no cookie).
  for (const name of FORWARDED_HEADERS) {
    const value = webRequest.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  // The API answers in the page's language, whatever the cookie or the browser prefer.
  const pageLanguage = storefrontLanguageOf(new URL(webRequest.url).pathname);
  if (pageLanguage) headers[PAGE_LANGUAGE_HEADER] = pageLanguage;
  // Other pages are rendered as the signed-in user of the session cookie (decision 006).
  const sessionToken = shared ? undefined : sessionCookieToken(request);
  if (sessionToken !== undefined) headers.authorization = `Bearer ${sessionToken}`;
  const publicReads = shared ? reads : null;
  return async (apiPath, init) => {
    const url = apiPath.startsWith('/api') ? apiPath : `/api${apiPath}`;
    const call = async (): Promise<PlainReply> => {
      const response = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url,
        // The visitor's address (as the app's trustProxy reads it), not 127.0.0.1: per-address rate
        // limits then count each visitor, not every page view at once. No X-Forwarded-For is
        // passed on, so nothing the visitor sends changes it.
        remoteAddress: request.ip,
        headers:
          init?.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(init?.body === undefined ? {} : { payload: JSON.stringify(init.body) }),
      });
      return {
        status: response.statusCode,
        statusText: response.statusMessage,
        headers: response.headers,
        payload: response.payload,
      };
    };
    const read = (init?.method ?? 'GET') === 'GET' && init?.body === undefined;
    if (!publicReads || !read) return apiReplyOf(await call());
    return apiReplyOf(await keptReply(publicReads, `${pageLanguage ?? 'ar'} ${url}`, call), true);
  };
}

/**
 * The Fetch API request React Router handles. A page for everyone (`shared`) is rendered without
 * any cookie (its language is in its address), so nothing of this visitor's (their cart) can reach
 * it. `abortOnLeave`: the request is aborted when the visitor's connection closes, and nothing is
 * rendered for no one (entry.server.tsx, decision 075); not for a page the page cache would keep:
 * others may be waiting for it.
 */
function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  shared: boolean,
  abortOnLeave: boolean,
): Request {
  const origin = `${request.protocol}://${request.host}`;
  const controller = new AbortController();
  if (abortOnLeave) {
    // A connection's end can be read with its request, before this handler runs.
    if (reply.raw.destroyed) controller.abort();
    else reply.raw.on('close', () => controller.abort());
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (shared && name === 'cookie') continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  // The request carries the server's signal rather than following it (docs/decisions/076).
  return requestCarrying(
    new URL(request.url, origin),
    {
      method: request.method,
      headers,
      ...(hasBody ? { body: request.body as Buffer, duplex: 'half' } : {}),
    } as RequestInit,
    controller.signal,
  );
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/**
 * The request handler of the React Router the build bundles (its entry.server exports it), so that
 * the server runs one React Router, the one its components come from (docs/decisions/072).
 */
export function requestHandlerOf(build: ServerBuild): typeof createRequestHandler {
  const entry = build.entry.module as { createRequestHandler?: typeof createRequestHandler };
  if (!entry.createRequestHandler) {
    throw new Error('The web build does not export createRequestHandler from its entry.server');
  }
  return entry.createRequestHandler;
}

/** Serves the React Router web app: static assets, then server-rendered pages for every other path. */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  let handleRequest: (request: Request, context: WebLoadContext) => Promise<Response>;

  if (options.dev) {
    const { default: middie } = await import('@fastify/middie');
    const vite = await import('vite');
    const server = await vite.createServer({
      root: options.webRoot,
      server: { middlewareMode: true },
      appType: 'custom',
    });
    await app.register(middie);
    app.use(server.middlewares);
    app.addHook('onClose', () => server.close());
    handleRequest = async (request, context) => {
      const build = (await server.ssrLoadModule(
        'virtual:react-router/server-build',
      )) as ServerBuild;
      return requestHandlerOf(build)(build, 'development')(request, context as never);
    };
  } else {
    const buildDir = path.join(options.webRoot, 'build');
    const build = (await import(
      pathToFileURL(path.join(buildDir, 'server', 'index.js')).href
    )) as ServerBuild;
    const handle = requestHandlerOf(build)(build, 'production');
    // Each new connection tells the renderings' turns, which then let the loop take in the next
    // one before rendering again (docs/decisions/077).
    const entry = build.entry.module as { connectionArrived?: () => void };
    if (entry.connectionArrived) app.server.on('connection', entry.connectionArrived);
    // React Router types its load context as its own interface; ours is WebLoadContext.
    handleRequest = (request, context) => handle(request, context as never);
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // scripts/compress-assets.mjs writes .br and .gz beside each asset at build time.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker is checked on every visit, so a new version is found at once.
        // (The pre-compressed copies sw.js.br and sw.js.gz are the same file.)
        const serviceWorker =
          path.dirname(filePath) === path.join(buildDir, 'client') &&
          path.basename(filePath).replace(/\.(br|gz)$/, '') === SERVICE_WORKER_FILE;
        response.header(
          'cache-control',
          serviceWorker
            ? 'no-cache'
            : immutable
              ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
              : 'public, max-age=3600',
        );
      },
    });
  }

  // Public pages, one for everyone, kept until the shop changes (decisions 029, 065).
  const pageCache =
    options.dev || app.config.pageCacheTtlMs === 0
      ? null
      : createPageCache({
          ttlMs: app.config.pageCacheTtlMs,
          maxBytes: app.config.pageCacheMaxBytes,
        });
  // The public API replies pages for everyone are made of, kept as long as the listings.
  const pageReads = createPageReads(app.config.catalogCacheTtlMs);
  for (const topic of STOREFRONT_TOPICS) {
    app.services.changes.subscribe(topic, () => {
      pageCache?.clear();
      pageReads?.clear();
    });
  }
  // A CDN in front may keep them as long, per URL and encoding (and Cookie for `/`, which the
  // English preference redirects: page-cache.ts sharedPageVary); browsers revalidate.
  const imageOrigins = app.config.s3?.publicUrl ? [new URL(app.config.s3.publicUrl).origin] : [];
  const sharedCacheControl = `public, max-age=0, s-maxage=${Math.round(app.config.pageCacheTtlMs / 1000)}`;

  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    shared: boolean,
  ): Promise<Response> => {
    const nonce = options.dev ? undefined : randomBytes(16).toString('base64');
    const webRequest = toWebRequest(request, reply, shared, !shared || pageCache === null);
    const context: WebLoadContext = {
      apiFetch: inProcessApi(app, request, webRequest, shared, pageReads),
      cspNonce: nonce,
      publicUrl: app.config.publicUrl,
      sharedPage: shared,
      // React Router's own test for a client navigation's data request.
      documentRequest: !new URL(webRequest.url).pathname.endsWith('.data'),
      // A shared page is rendered without the visitor's cookies (toWebRequest).
      visitor: {
        session: !shared && sessionCookieToken(request) !== undefined,
        cart: !shared && cartCookieToken(request) !== undefined,
      },
      logError: (error) => {
        // A request the web app refused (a post to a page without an action: 405, a body that is
        // not a form: 400, too many order lookups: 429) is the client's, not a server failure.
        if (isRouteErrorResponse(error) && error.status < 500) {
          request.log.info({ err: error }, 'page request rejected');
        } else {
          request.log.error({ err: error }, 'page rendering failed');
        }
      },
    };
    const response = await handleRequest(webRequest, context);
    // The visitor left before anything was rendered: while the page waited its turn, or while its
    // loaders ran (React Router then stops and answers a bare 500, which no one reads).
    if (
      response.status === VISITOR_GONE_STATUS ||
      (webRequest.signal.aborted && response.status === 500)
    )
      countPageAbandoned();
    const headers = new Headers(response.headers);
    const html = (headers.get('content-type') ?? '').startsWith('text/html');
    if (nonce && html)
      headers.set('content-security-policy', contentSecurityPolicy(nonce, imageOrigins));
    // A page rendered for this visitor carries their cart count and name: no shared cache keeps it.
    if (html && !headers.has('cache-control')) headers.set('cache-control', 'private, no-cache');
    // The service worker may keep a page for everyone for offline use (decision 021).
    if (html && shared && response.status === 200)
      headers.set(PAGE_CACHE_HEADER, PAGE_CACHE_PUBLIC);
    return new Response(response.body, { status: response.status, headers });
  };

  /** Renders a page for everyone and, when it is an ordinary 200 page, compresses it for keeping. */
  const renderShared = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<RenderedPage> => {
    const response = await render(request, reply, true);
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) {
      if (!UNKEPT_HEADERS.has(name)) headers[name] = value;
    }
    const keep =
      response.status === 200 &&
      response.headers.getSetCookie().length === 0 &&
      (response.headers.get('content-type') ?? '').startsWith('text/html');
    if (!keep)
      return {
        kept: false,
        status: response.status,
        headers,
        cookies: response.headers.getSetCookie(),
        body,
      };
    return { kept: true, page: await cachedPageFrom(response.status, headers, body, Date.now()) };
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/uploads/')) {
      return sendError(
        reply,
        'NOT_FOUND',
        request.url.startsWith('/api/') ? 'error.route_not_found' : 'error.not_found',
      );
    }
    if (sharedPageRequest(request)) {
      // Without the cache (development, PAGE_CACHE_SECONDS=0) the page is still the one for everyone.
      if (!pageCache) return sendWebResponse(reply, await render(request, reply, true));
      const key = sharedPageKey(request);
      const { rendered, hit } = await pageCache.get(key, () => renderShared(request, reply));
      if (rendered.kept)
        return pageCache.send(request, reply, key, rendered.page, sharedCacheControl, hit);
      reply.code(rendered.status).headers(rendered.headers);
      if (rendered.cookies.length > 0) reply.header('set-cookie', rendered.cookies);
      return reply.send(rendered.body);
    }
    return sendWebResponse(reply, await render(request, reply, false));
  };

  // Form posts to page actions arrive as url-encoded or multipart bodies; keep every body raw for the
  // web app, which reads it as a form (a JSON or broken body is the action's 400, never a parse here).
  // This plugin is its own encapsulated context: replacing the API's parsers (JSON, the back
  // office's multipart forms, lib/form-body.ts) here leaves the API's untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/', handler });
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler });
}
