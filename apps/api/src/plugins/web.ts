import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, isRouteErrorResponse, type ServerBuild } from 'react-router';
import { isPublicPage, PAGE_CACHE_HEADER, PAGE_CACHE_PUBLIC, type WebLoadContext } from '@shop/shared';
import { sessionCookieToken } from '../modules/accounts/session-cookie.js';
import { sendError } from './errors.js';

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

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Whether the service worker may keep this page for offline use (docs/decisions/021): a
 * successful GET of a public page rendered for nobody in particular (no signed-in session).
 */
export function pageKeepableOffline(request: FastifyRequest, response: Response): boolean {
  return (
    request.method === 'GET' &&
    response.status === 200 &&
    isPublicPage(new URL(request.url, 'http://page').pathname) &&
    sessionCookieToken(request) === undefined
  );
}

/** Calls the JSON API in-process, as a browser would over HTTP. */
function inProcessApi(app: FastifyInstance, request: FastifyRequest): WebLoadContext['apiFetch'] {
  const headers: Record<string, string> = { 'x-request-id': String(request.id) };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // Pages are rendered as the signed-in user of the session cookie (decision 006).
  const sessionToken = sessionCookieToken(request);
  if (sessionToken !== undefined) headers.authorization = `Bearer ${sessionToken}`;
  return async (apiPath, init) => {
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: apiPath.startsWith('/api') ? apiPath : `/api${apiPath}`,
      // The visitor's address (as the app's trustProxy reads it), not 127.0.0.1: per-address rate
      // limits then count each visitor, not every page view at once. No X-Forwarded-For is
      // passed on, so nothing the visitor sends changes it.
      remoteAddress: request.ip,
      headers: init?.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(init?.body === undefined ? {} : { payload: JSON.stringify(init.body) }),
    });
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: request.body as Buffer, duplex: 'half' } : {}),
  } as RequestInit);
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
      const build = (await server.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
      return createRequestHandler(build, 'development')(request, context as never);
    };
  } else {
    const buildDir = path.join(options.webRoot, 'build');
    const build = (await import(
      pathToFileURL(path.join(buildDir, 'server', 'index.js')).href
    )) as ServerBuild;
    const handle = createRequestHandler(build, 'production');
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

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/uploads/')) {
      return sendError(reply, 'NOT_FOUND', request.url.startsWith('/api/') ? 'error.route_not_found' : 'error.not_found');
    }
    const nonce = options.dev ? undefined : randomBytes(16).toString('base64');
    const context: WebLoadContext = {
      apiFetch: inProcessApi(app, request),
      cspNonce: nonce,
      publicUrl: app.config.publicUrl,
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
    const response = await handleRequest(toWebRequest(request, reply), context);
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    if (nonce && html) reply.header('content-security-policy', contentSecurityPolicy(nonce));
    // Pages carry the visitor's cart count and, signed in, their name: no shared cache keeps them.
    if (html && !response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
    if (html && pageKeepableOffline(request, response)) reply.header(PAGE_CACHE_HEADER, PAGE_CACHE_PUBLIC);
    return sendWebResponse(reply, response);
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
