import { describe, expect, it, vi } from 'vitest';
import { apiReplyOf, createPageReads, keptReply, type PlainReply } from './page-reads.js';

const reply = (status: number, payload: unknown): PlainReply => ({
  status,
  statusText: status === 200 ? 'OK' : 'Error',
  headers: { 'content-type': 'application/json', 'x-total': 3 },
  payload: JSON.stringify(payload),
});

describe('the public replies pages for everyone are made of', () => {
  it('keeps nothing without a lifetime', () => {
    expect(createPageReads(0)).toBeNull();
  });

  it('asks the API once for a kept 200, whose body every page shares, frozen', async () => {
    const reads = createPageReads(60_000)!;
    const call = vi.fn(async () => reply(200, { settings: { store_name: 'سبح', tags: ['a'] } }));
    const first = apiReplyOf(await keptReply(reads, 'ar /api/settings', call), true);
    const second = apiReplyOf(await keptReply(reads, 'ar /api/settings', call), true);
    expect(call).toHaveBeenCalledTimes(1);
    const one = (await first.json()) as { settings: { store_name: string; tags: string[] } };
    expect(() => {
      one.settings.store_name = 'changed by one page';
    }).toThrow(TypeError);
    expect(() => one.settings.tags.push('b')).toThrow(TypeError);
    expect(await second.json()).toBe(one);
    expect(one).toEqual({ settings: { store_name: 'سبح', tags: ['a'] } });
    expect(second.headers.get('X-Total')).toBe('3');
    expect(second.ok).toBe(true);
  });

  it('parses a reply that is not shared for its page alone', async () => {
    const own = apiReplyOf(reply(200, { cart: { items: [] } }));
    const body = (await own.json()) as { cart: { items: unknown[] } };
    body.cart.items.push(1);
    expect(await own.json()).toEqual({ cart: { items: [] } });
  });

  it('keeps each address and language apart', async () => {
    const reads = createPageReads(60_000)!;
    const call = vi.fn(async () => reply(200, {}));
    await keptReply(reads, 'ar /api/categories', call);
    await keptReply(reads, 'en /api/categories', call);
    await keptReply(reads, 'ar /api/products/1', call);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('never keeps a refusal or a failure, and a change forgets what was kept', async () => {
    const reads = createPageReads(60_000)!;
    const missing = vi.fn(async () => reply(404, { error: 'NOT_FOUND' }));
    expect((await keptReply(reads, 'ar /api/products/9', missing)).status).toBe(404);
    expect((await keptReply(reads, 'ar /api/products/9', missing)).status).toBe(404);
    expect(missing).toHaveBeenCalledTimes(2);

    const broken = vi.fn(async (): Promise<PlainReply> => {
      throw new Error('database down');
    });
    await expect(keptReply(reads, 'ar /api/slider', broken)).rejects.toThrow('database down');
    await expect(keptReply(reads, 'ar /api/slider', broken)).rejects.toThrow('database down');
    expect(broken).toHaveBeenCalledTimes(2);

    const settings = vi.fn(async () => reply(200, {}));
    await keptReply(reads, 'ar /api/settings', settings);
    reads.clear();
    await keptReply(reads, 'ar /api/settings', settings);
    expect(settings).toHaveBeenCalledTimes(2);
  });

  it('keeps the reply it had, and so its frozen body, when the API answers the same once the time is up', async () => {
    let clock = 0;
    const reads = createPageReads(10_000, () => clock)!;
    let payload: unknown = { products: [{ id: 1, name: 'سبحة' }] };
    const call = vi.fn(async () => reply(200, payload));
    const first = await keptReply(reads, 'ar /api/products', call);
    const body = await apiReplyOf(first, true).json();

    clock = 10_000;
    const again = await keptReply(reads, 'ar /api/products', call);
    expect(call).toHaveBeenCalledTimes(2);
    expect(again).toBe(first);
    expect(await apiReplyOf(again, true).json()).toBe(body);

    // Kept for a new lifetime: not asked again before it ends.
    clock = 19_999;
    expect(await keptReply(reads, 'ar /api/products', call)).toBe(first);
    expect(call).toHaveBeenCalledTimes(2);

    payload = { products: [{ id: 1, name: 'سبحة كهرمان' }] };
    clock = 20_000;
    const changed = await keptReply(reads, 'ar /api/products', call);
    expect(changed).not.toBe(first);
    expect(await apiReplyOf(changed, true).json()).toEqual(payload);
  });

  it('does not keep a reply too big to be worth its memory', async () => {
    const reads = createPageReads(60_000)!;
    const call = vi.fn(async () => reply(200, { text: 'x'.repeat(300 * 1024) }));
    await keptReply(reads, 'ar /api/products?search=long', call);
    await keptReply(reads, 'ar /api/products?search=long', call);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
