import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { chosenEncoding } from '../lib/wire-reply.js';
import { cachedPageFrom, createPageCache, type RenderedPage } from './page-cache.js';

async function keptPage(text: string, storedAt = 0): Promise<RenderedPage> {
  return {
    kept: true,
    page: await cachedPageFrom(200, { 'content-type': 'text/html' }, Buffer.from(text), storedAt),
  };
}

describe('page cache store', () => {
  it('renders once, then serves the kept page until its time is up', async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 1000, maxBytes: 1_000_000, now: () => clock });
    let renders = 0;
    const render = () => {
      renders += 1;
      return keptPage(`page ${renders}`, clock);
    };
    expect((await cache.get('a', render)).hit).toBe(false);
    expect((await cache.get('a', render)).hit).toBe(true);
    clock = 999;
    expect((await cache.get('a', render)).hit).toBe(true);
    clock = 1000;
    const expired = await cache.get('a', render);
    expect(expired.hit).toBe(false);
    expect(renders).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, entries: 1 });
  });

  it('shares one rendering among visitors who ask while it runs', async () => {
    const cache = createPageCache({ ttlMs: 1000, maxBytes: 1_000_000 });
    let renders = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const render = async () => {
      renders += 1;
      await gate;
      return keptPage('slow page');
    };
    const waiting = [cache.get('a', render), cache.get('a', render), cache.get('a', render)];
    finish();
    const results = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(results.every((result) => result.rendered.kept)).toBe(true);
  });

  it('keeps nothing rendered across a change, and forgets everything on clear', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const during = cache.get('a', async () => {
      await gate;
      return keptPage('before the change');
    });
    cache.clear();
    finish();
    await during;
    expect(cache.stats().entries).toBe(0);

    await cache.get('b', () => keptPage('b'));
    expect(cache.stats().entries).toBe(1);
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('never keeps a reply for one request', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    const once: RenderedPage = {
      kept: false,
      status: 404,
      headers: {},
      cookies: [],
      body: Buffer.from('gone'),
    };
    await cache.get('a', async () => once);
    expect((await cache.get('a', async () => once)).hit).toBe(false);
    expect(cache.stats().entries).toBe(0);
  });

  it('drops the least recently used pages beyond its size', async () => {
    const sample = await keptPage('x'.repeat(5000));
    const size = sample.kept ? sample.page.bytes : 0;
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: size * 2, now: () => 0 });
    await cache.get('a', () => keptPage('x'.repeat(5000)));
    await cache.get('b', () => keptPage('x'.repeat(5000)));
    await cache.get('a', () => keptPage('x'.repeat(5000))); // a is now the most recent
    await cache.get('c', () => keptPage('x'.repeat(5000)));
    expect(cache.stats().entries).toBe(2);
    expect((await cache.get('a', () => keptPage('x'))).hit).toBe(true);
    expect((await cache.get('b', () => keptPage('x'))).hit).toBe(false);
  });
});

describe('sending a kept page', () => {
  async function servedBy(cache: ReturnType<typeof createPageCache>, text: string) {
    const app = Fastify();
    app.get('/p', async (request, reply) => {
      const { rendered, hit } = await cache.get('/p', () => keptPage(text));
      if (!rendered.kept) throw new Error('not kept');
      return cache.send(request, reply, '/p', rendered.page, 'public', hit);
    });
    await app.ready();
    return app;
  }

  it('sends each encoding as kept, and the uncompressed page made once for every client without one', async () => {
    const text = `<p>${'سبحة '.repeat(2000)}</p>`;
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: 10_000_000, now: () => 0 });
    const app = await servedBy(cache, text);
    const compressed = (await app.inject({ url: '/p', headers: { 'accept-encoding': 'br' } }))
      .rawPayload;
    expect(zlib.brotliDecompressSync(compressed).toString()).toBe(text);
    const heldCompressed = cache.stats().bytes;

    const gunzip = vi.spyOn(zlib, 'gunzipSync');
    const plain = await app.inject({ url: '/p' });
    const again = await app.inject({ url: '/p' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
    expect(again.body).toBe(text);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(gunzip).toHaveBeenCalledTimes(1);
    gunzip.mockRestore();
    // The uncompressed copy is counted in the memory the cache holds.
    expect(cache.stats().bytes).toBe(heldCompressed + Buffer.byteLength(text));
    await app.close();
  });

  it('drops older pages when an uncompressed copy takes it beyond its size', async () => {
    // Text that compresses little, so the uncompressed copy is about the size of a compressed one.
    const text = randomBytes(24_000).toString('base64');
    const sample = await keptPage(text);
    const size = sample.kept ? sample.page.bytes : 0;
    // Room for two compressed pages, not for two and one uncompressed copy.
    const cache = createPageCache({ ttlMs: 60_000, maxBytes: size * 2 + 10_000, now: () => 0 });
    await cache.get('older', () => keptPage(text));
    const app = await servedBy(cache, text);
    await app.inject({ url: '/p', headers: { 'accept-encoding': 'gzip' } });
    expect(cache.stats().entries).toBe(2);
    expect((await app.inject({ url: '/p' })).body).toBe(text);
    expect(cache.stats().entries).toBe(1);
    expect((await cache.get('older', () => keptPage(text))).hit).toBe(false);
    await app.close();
  });
});

describe('content encoding', () => {
  it('prefers brotli, then gzip, honours q=0, and falls back to none', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('gzip')).toBe('gzip');
    expect(chosenEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chosenEncoding('*')).toBe('gzip');
    expect(chosenEncoding('identity')).toBeNull();
    expect(chosenEncoding(undefined)).toBeNull();
  });
});
