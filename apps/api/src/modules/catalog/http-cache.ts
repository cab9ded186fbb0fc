import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';

/** Seconds a browser or shared cache may reuse a public catalogue reply. */
export const PUBLIC_MAX_AGE_SECONDS = 60;

/** A weak validator: equal serialized JSON means an equivalent reply, whatever its encoding. */
export function weakEtag(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** If-None-Match matches when it is `*` or lists the tag (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === opaque);
}

/**
 * Public caching for the routes of the plugin that registers this one: successful GET replies
 * get `cache-control: public` and a weak ETag, and a matching If-None-Match is answered 304.
 * A reply whose handler set its own cache-control (a back-office view) is left as it is.
 * It runs before compression (a route-level hook), so the tag is taken from the JSON text.
 */
export const publicCachePlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const readOnly = request.method === 'GET' || request.method === 'HEAD';
      if (!readOnly || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (reply.hasHeader('cache-control')) return payload;
      // The JSON encoded once, hashed and then sent as these bytes: a text payload was encoded
      // for the hash, measured for content-length and encoded again for the socket (~15 KB of
      // Arabic for a page of the list).
      const body = Buffer.from(payload);
      const etag = weakEtag(body);
      reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
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
