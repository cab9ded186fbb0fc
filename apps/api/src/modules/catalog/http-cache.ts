import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { countCacheLookup } from '../../lib/metrics.js';
import { etagMatches, wireBody, type WireBody } from '../../lib/wire-reply.js';

export { etagMatches };

/** Seconds a browser or shared cache may reuse a public catalogue reply. */
export const PUBLIC_MAX_AGE_SECONDS = 60;

const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`;
const JSON_TYPE = 'application/json; charset=utf-8';

/** A weak validator: equal serialized JSON means an equivalent reply, whatever its encoding. */
export function weakEtag(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** A reply everyone gets, as it goes on the wire: its body and every header it is sent with. */
interface WireReply {
  body: WireBody;
  headers: Record<string, string>;
}

/** A URL's reply, kept while the value it was made from is still the one its cache holds. */
interface KeptReply {
  reply: WireReply;
  keepWhile: () => boolean;
  /** The body's bytes when it was kept (its compressed copies are made later, if ever). */
  weight: number;
}

export interface WireRouteOptions {
  /**
   * Whether this caller gets the reply everyone gets (default: every caller). Other callers are
   * answered by the handler, and nothing of theirs is kept.
   */
  everyone?: (request: FastifyRequest) => boolean;
  /** Whether the reply is written in the request's language (kept per language). */
  byLanguage?: boolean;
  /** Most URLs kept (default 500); the least recently used go first. */
  maxEntries?: number;
  /**
   * Most bytes of bodies kept for URLs (default 16 MB), each counted once per URL and without its
   * compressed copies (about a fifth of it each).
   */
  maxBytes?: number;
}

/**
 * A route's replies kept as wire bytes (docs/decisions/066): one per value they are made from,
 * so that requests answered with the same value (a cached listing, or a read shared by requests
 * in flight) share one serialisation, validator and compression; and one per URL while that
 * value is the cached one, so that a hit is answered before the query is parsed.
 */
export interface WireRoute {
  readonly everyone: (request: FastifyRequest) => boolean;
  /** The kept reply for this request's URL, if its value is still the cached one. */
  kept(request: FastifyRequest): WireReply | undefined;
  /** The reply made from `source` (made now if it is new), kept for the URL while `keepWhile()`. */
  replyFor(
    request: FastifyRequest,
    reply: FastifyReply,
    source: object,
    body: () => unknown,
    keepWhile: (() => boolean) | undefined,
  ): WireReply;
  /** URLs kept now. */
  readonly size: number;
}

export function wireRoute(options: WireRouteOptions = {}): WireRoute {
  const everyone = options.everyone ?? (() => true);
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
  const languageOf = (request: FastifyRequest) => (options.byLanguage ? request.lang : '');
  // Per value, then per language and Vary: the value's lifetime is the reply's (nothing to clear).
  const made = new WeakMap<object, Map<string, WireReply>>();
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const urls = new Map<string, KeptReply>();
  let bytes = 0;

  const keyOf = (request: FastifyRequest) =>
    options.byLanguage ? `${request.lang} ${request.url}` : request.url;
  const drop = (key: string) => {
    const kept = urls.get(key);
    if (!kept) return;
    urls.delete(key);
    bytes -= kept.weight;
  };

  return {
    everyone,
    kept(request) {
      const key = keyOf(request);
      const kept = urls.get(key);
      const fresh = kept !== undefined && kept.keepWhile();
      countCacheLookup('api_replies', fresh);
      if (kept === undefined) return undefined;
      urls.delete(key);
      if (!fresh) {
        bytes -= kept.weight;
        return undefined;
      }
      urls.set(key, kept);
      return kept.reply;
    },
    replyFor(request, reply, source, body, keepWhile) {
      // The handler may have said what else the reply varies by (a caller's credentials).
      const ownVary = reply.getHeader('vary');
      const vary = typeof ownVary === 'string' ? `${ownVary}, accept-encoding` : 'accept-encoding';
      const variant = `${languageOf(request)} ${vary}`;
      let variants = made.get(source);
      if (variants === undefined) {
        variants = new Map();
        made.set(source, variants);
      }
      let wire = variants.get(variant);
      if (wire === undefined) {
        const identity = Buffer.from(reply.serialize(body()) as string);
        const etag = weakEtag(identity);
        wire = {
          body: wireBody(identity, etag),
          headers: { 'content-type': JSON_TYPE, 'cache-control': PUBLIC_CACHE_CONTROL, etag, vary },
        };
        variants.set(variant, wire);
      }
      if (request.method === 'GET' && keepWhile?.() === true && everyone(request)) {
        const key = keyOf(request);
        drop(key);
        const kept = { reply: wire, keepWhile, weight: wire.body.size };
        urls.set(key, kept);
        bytes += kept.weight;
        for (const oldest of urls.keys()) {
          if (urls.size <= maxEntries && bytes <= maxBytes) break;
          drop(oldest);
        }
      }
      return wire;
    },
    get size() {
      return urls.size;
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's public replies go out as wire bytes (docs/decisions/066): its handler answers
     * with `reply.sendPublic`, and a kept reply is sent before its query is even parsed.
     */
    wireReplies?: WireRoute;
  }
  interface FastifyReply {
    /**
     * Sends the reply everyone gets, `body()` made from `source`: serialised, tagged and
     * compressed once per source (and language) however many requests it answers. While
     * `keepWhile()` holds (its source is still the cached value), later requests for the same URL
     * get it straight away. Only in a route with `config.wireReplies`.
     */
    sendPublic(source: object, body: () => unknown, keepWhile?: () => boolean): FastifyReply;
  }
}

/** Sends a wire reply: 304 when the client has it, else its bytes in the encoding the client takes. */
function sendWire(request: FastifyRequest, reply: FastifyReply, wire: WireReply): FastifyReply {
  reply.headers(wire.headers);
  if (etagMatches(request.headers['if-none-match'], wire.body.etag)) return reply.code(304).send();
  const encoding = wire.body.encodingFor(request.headers['accept-encoding']);
  if (encoding !== null) reply.header('content-encoding', encoding);
  return reply.send(wire.body.bytes(encoding));
}

/**
 * Public caching for the routes of the plugin that registers this one: successful GET replies
 * get `cache-control: public` and a weak ETag, and a matching If-None-Match is answered 304.
 * A reply whose handler set its own cache-control (a back-office view) is left as it is.
 * It runs before compression (a route-level hook), so the tag is taken from the JSON text.
 * Routes with `config.wireReplies` send their public replies as wire bytes instead.
 */
export const publicCachePlugin = fp(
  async (app) => {
    app.decorateReply('sendPublic', function (this: FastifyReply, source, body, keepWhile) {
      const route = this.request.routeOptions.config.wireReplies;
      if (route === undefined)
        throw new Error(`${this.request.routeOptions.url} has no config.wireReplies`);
      return sendWire(
        this.request,
        this,
        route.replyFor(this.request, this, source, body, keepWhile),
      );
    });

    app.addHook('onRoute', (routeOptions) => {
      const route = routeOptions.config?.wireReplies;
      if (route === undefined) return;
      // A route-level hook runs after the shared ones (security headers, language, the caller)
      // and after the route's own (a rate limit), so a kept reply skips none of them.
      const answerKept: onRequestHookHandler = (request, reply, done) => {
        const wire =
          request.method === 'GET' && route.everyone(request) ? route.kept(request) : undefined;
        if (wire === undefined) {
          done();
          return;
        }
        sendWire(request, reply, wire);
      };
      const own = routeOptions.onRequest;
      routeOptions.onRequest = own === undefined ? [answerKept] : [own, answerKept].flat();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const readOnly = request.method === 'GET' || request.method === 'HEAD';
      if (!readOnly || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (reply.hasHeader('cache-control')) return payload;
      // The JSON encoded once, hashed and then sent as these bytes: a text payload was encoded
      // for the hash, measured for content-length and encoded again for the socket (~15 KB of
      // Arabic for a page of the list).
      const body = Buffer.from(payload);
      const etag = weakEtag(body);
      reply.header('cache-control', PUBLIC_CACHE_CONTROL);
      reply.header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return '';
      }
      return body;
    });
  },
  { name: 'public-cache' },
);
