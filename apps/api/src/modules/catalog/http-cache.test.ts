import zlib from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { metricsRegistry } from '../../lib/metrics.js';
import { languagePlugin } from '../../plugins/language.js';
import { publicCachePlugin, wireRoute, type WireRouteOptions } from './http-cache.js';

/** A listing as a cache holds it: the same object for its query until the catalogue changes. */
interface Listing {
  count: number;
  words: string[];
}

/**
 * A small app with one wire-reply route over listings that the test controls, one per query as a
 * listing cache keeps them: `change()` replaces them all, `cached: false` is a cache turned off
 * (its values are shared by requests but never kept). `made` counts the bodies built (each a
 * serialisation), `handled` the requests that reached the handler.
 */
async function wireApp(options: WireRouteOptions = {}) {
  const state = {
    words: ['سبحة', 'كهرمان'],
    listings: new Map<number, Listing>(),
    cached: true,
    made: 0,
    handled: 0,
    change(words: string[]) {
      state.words = words;
      state.listings.clear();
    },
  };
  const listingFor = (count: number): Listing => {
    let listing = state.listings.get(count);
    if (listing === undefined) {
      listing = { count, words: state.words };
      state.listings.set(count, listing);
    }
    return listing;
  };
  const app = Fastify();
  await app.register(cookie);
  await app.register(languagePlugin);
  await app.register(async (scope) => {
    await scope.register(publicCachePlugin);
    scope.get('/words', { config: { wireReplies: wireRoute(options) } }, async (request, reply) => {
      state.handled += 1;
      const count = Number((request.query as { n?: string }).n ?? 200);
      const listing = listingFor(count);
      const body = () => {
        state.made += 1;
        const lang = options.byLanguage ? request.lang : null;
        return {
          lang,
          words: listing.words,
          repeated: Array<string>(count).fill(listing.words.join(' ')),
        };
      };
      return reply.sendPublic(
        listing,
        body,
        () => state.cached && state.listings.get(count) === listing,
      );
    });
  });
  await app.ready();
  apps.push(app);
  return { app, state };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function apiRepliesLookups(result: 'hit' | 'miss'): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('shop_cache_lookups_total')?.get();
  return (
    metric?.values.find(
      (value) => value.labels.cache === 'api_replies' && value.labels.result === result,
    )?.value ?? 0
  );
}

describe('wire replies', () => {
  it('sends a kept reply as the same bytes, serialised once and without running the handler', async () => {
    const { app, state } = await wireApp();
    const hitsBefore = await apiRepliesLookups('hit');
    const first = await app.inject('/words');
    const second = await app.inject('/words');
    const third = await app.inject('/words');
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(state.made).toBe(1);
    expect(state.handled).toBe(1);
    expect(await apiRepliesLookups('hit')).toBe(hitsBefore + 2);
    for (const response of [first, second]) {
      expect(response.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'public, max-age=60',
        vary: 'accept-encoding',
        'content-length': String(first.rawPayload.length),
      });
      expect(response.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    }
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('chooses the encoding by Accept-Encoding, each compressed once, all the same JSON', async () => {
    const { app, state } = await wireApp();
    const plain = await app.inject('/words');
    const br = await app.inject({
      url: '/words',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const brAgain = await app.inject({ url: '/words', headers: { 'accept-encoding': 'br' } });
    const gzip = await app.inject({
      url: '/words',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    const identity = await app.inject({
      url: '/words',
      headers: { 'accept-encoding': 'identity' },
    });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(identity.rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(new Set([plain, br, gzip, identity].map((response) => response.headers.etag)).size).toBe(
      1,
    );
    expect(state.made).toBe(1);
  });

  it('sends a small reply as it is, whatever the client accepts', async () => {
    const { app } = await wireApp();
    const small = await app.inject({
      url: '/words?n=1',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ words: ['سبحة', 'كهرمان'] });
  });

  it('answers 304 to a matching If-None-Match, kept or not', async () => {
    const { app } = await wireApp();
    const first = await app.inject('/words');
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.slice(2), '*']) {
      const again = await app.inject({ url: '/words', headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await app.inject({ url: '/words', headers: { 'if-none-match': 'W/"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('keeps each query apart', async () => {
    const { app, state } = await wireApp();
    const three = await app.inject('/words?n=3');
    const four = await app.inject('/words?n=4');
    expect(three.json().repeated).toHaveLength(3);
    expect(four.json().repeated).toHaveLength(4);
    expect((await app.inject('/words?n=3')).rawPayload.equals(three.rawPayload)).toBe(true);
    expect((await app.inject('/words?n=4')).rawPayload.equals(four.rawPayload)).toBe(true);
    expect(state.handled).toBe(2);
    // Another spelling of a query is another URL: its first request reaches the handler, whose
    // listing (the same one) gives it the same bytes without serialising again.
    const spelledOtherwise = await app.inject('/words?n=3&');
    expect(spelledOtherwise.rawPayload.equals(three.rawPayload)).toBe(true);
    expect(state.handled).toBe(3);
    expect(state.made).toBe(2);
  });

  it('keeps each language apart when the reply is written in it, and shares one otherwise', async () => {
    const { app: byLanguage, state } = await wireApp({ byLanguage: true });
    const arabic = await byLanguage.inject({ url: '/words', headers: { 'accept-language': 'ar' } });
    const english = await byLanguage.inject({
      url: '/words',
      headers: { 'accept-language': 'en' },
    });
    const englishByCookie = await byLanguage.inject({ url: '/words', cookies: { lang: 'en' } });
    const arabicAgain = await byLanguage.inject({
      url: '/words',
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json().lang).toBe('ar');
    expect(english.json().lang).toBe('en');
    expect(englishByCookie.rawPayload.equals(english.rawPayload)).toBe(true);
    expect(arabicAgain.rawPayload.equals(arabic.rawPayload)).toBe(true);
    expect(english.headers.etag).not.toBe(arabic.headers.etag);
    expect(state.made).toBe(2);

    const { app: anyLanguage, state: shared } = await wireApp();
    const one = await anyLanguage.inject({ url: '/words', headers: { 'accept-language': 'ar' } });
    const other = await anyLanguage.inject({ url: '/words', headers: { 'accept-language': 'en' } });
    expect(other.rawPayload.equals(one.rawPayload)).toBe(true);
    expect(shared.handled).toBe(1);
  });

  it('is made again once the value it came from is no longer the cached one', async () => {
    const { app, state } = await wireApp();
    const before = await app.inject('/words');
    state.change(['مسبحة', 'يسر']);
    const after = await app.inject('/words');
    expect(after.json().words).toEqual(['مسبحة', 'يسر']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(state.handled).toBe(2);
    const stale = await app.inject({
      url: '/words',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(after.rawPayload)).toBe(true);
    expect(state.handled).toBe(2);
  });

  it('keeps nothing for the URL without a cache, yet serialises a shared value once', async () => {
    const { app, state } = await wireApp();
    state.cached = false;
    const one = await app.inject('/words');
    const two = await app.inject({ url: '/words', headers: { 'accept-encoding': 'gzip' } });
    expect(state.handled).toBe(2);
    expect(state.made).toBe(1);
    expect(zlib.gunzipSync(two.rawPayload).equals(one.rawPayload)).toBe(true);
  });

  it('never answers a caller the route answers differently, and keeps nothing of theirs', async () => {
    const staff = (request: FastifyRequest) => request.headers.authorization !== undefined;
    const { app, state } = await wireApp({ everyone: (request) => !staff(request) });
    await app.inject({ url: '/words', headers: { authorization: 'Bearer staff' } });
    await app.inject({ url: '/words', headers: { authorization: 'Bearer staff' } });
    expect(state.handled).toBe(2);
    await app.inject('/words');
    await app.inject('/words');
    expect(state.handled).toBe(3);
    await app.inject({ url: '/words', headers: { authorization: 'Bearer staff' } });
    expect(state.handled).toBe(4);
  });

  it('keeps at most maxEntries URLs, the least recently used dropped first', async () => {
    const { app, state } = await wireApp({ maxEntries: 2 });
    await app.inject('/words?n=1');
    await app.inject('/words?n=2');
    await app.inject('/words?n=1');
    await app.inject('/words?n=3');
    expect(state.handled).toBe(3);
    await app.inject('/words?n=1');
    expect(state.handled).toBe(3);
    await app.inject('/words?n=2');
    expect(state.handled).toBe(4);
  });

  it('leaves HEAD to the handler, with the headers of a GET', async () => {
    const { app } = await wireApp();
    const get = await app.inject('/words');
    const head = await app.inject({ method: 'HEAD', url: '/words' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });
});
