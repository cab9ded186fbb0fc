import { describe, expect, it } from 'vitest';
import { pageParts } from './page-parts';

describe('pageParts', () => {
  it('hands a client navigation the promises themselves, to stream in', async () => {
    const categories = Promise.resolve(['amber']);
    const products = Promise.resolve([1, 2]);
    const parts = await pageParts({ documentRequest: false }, [categories, products]);
    expect(parts[0]).toBe(categories);
    expect(parts[1]).toBe(products);
  });

  it('hands a document request the values, once every part has come', async () => {
    let finish: (value: number[]) => void = () => undefined;
    const late = new Promise<number[]>((resolve) => (finish = resolve));
    const waiting = pageParts({ documentRequest: true }, [Promise.resolve('ready'), late]);
    finish([7]);
    expect(await waiting).toEqual(['ready', [7]]);
  });

  it('hands over a failed part as its rejected promise, so the page shows that part failed', async () => {
    const failure = new Error('section down');
    const failed = Promise.reject(failure);
    const [fine, broken] = await pageParts({ documentRequest: true }, [Promise.resolve(1), failed]);
    expect(fine).toBe(1);
    expect(broken).toBe(failed);
    await expect(broken).rejects.toBe(failure);
  });

  it('observes a failure in a client navigation too, so it is never an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await pageParts({ documentRequest: false }, [Promise.reject(new Error('later'))]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
