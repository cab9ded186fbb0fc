import { describe, expect, it } from 'vitest';
import { chosenEncoding } from '../lib/wire-reply.js';
import { cachedPageFrom, createPageCache, type RenderedPage } from './page-cache.js';

async function keptPage(text: string, storedAt = 0): Promise<RenderedPage> {
  return { kept: true, page: await cachedPageFrom(200, { 'content-type': 'text/html' }, Buffer.from(text), storedAt) };
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
    const once: RenderedPage = { kept: false, status: 404, headers: {}, cookies: [], body: Buffer.from('gone') };
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
