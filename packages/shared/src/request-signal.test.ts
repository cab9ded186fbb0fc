import { afterEach, describe, expect, it } from 'vitest';
import { countWeakReferences } from '../test-support/weak-references.js';
import { requestCarrying, requestCopy } from './request-signal.js';

let weakReferences: ReturnType<typeof countWeakReferences> | undefined;
afterEach(() => {
  weakReferences?.restore();
  weakReferences = undefined;
});

describe('requestCarrying', () => {
  it('carries the signal as its own, without a weak reference, and is otherwise the request', async () => {
    weakReferences = countWeakReferences();
    const visitor = new AbortController();
    const request = requestCarrying(
      'https://shop.test/checkout?step=2',
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' },
      visitor.signal,
    );
    expect(request.signal).toBe(visitor.signal);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://shop.test/checkout?step=2');
    expect(request.headers.get('content-type')).toBe('text/plain');
    expect(await request.text()).toBe('hello');
    expect(request.signal.aborted).toBe(false);
    visitor.abort();
    expect(request.signal.aborted).toBe(true);
    expect(weakReferences.count()).toBe(0);
    // The count is not blind: undici's own following is seen.
    new Request('https://shop.test/', { signal: new AbortController().signal });
    expect(weakReferences.count()).toBeGreaterThan(0);
  });

  it('copies a request given as the init, carrying its signal without following it', async () => {
    const page = new AbortController();
    const form = requestCarrying(
      'https://shop.test/login',
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'a=1',
        redirect: 'manual',
      },
      page.signal,
    );
    weakReferences = countWeakReferences();
    const copy = requestCopy('https://shop.test/login?index', form);
    expect(copy.url).toBe('https://shop.test/login?index');
    expect(copy.method).toBe('POST');
    expect(copy.headers.get('content-type')).toBe('text/plain');
    expect(copy.redirect).toBe('manual');
    expect(await copy.text()).toBe('a=1');
    expect(copy.signal).toBe(page.signal);
    expect(weakReferences.count()).toBe(0);
  });

  it('without a signal, has a signal of its own that never aborts', () => {
    const request = requestCarrying('https://shop.test/', undefined, undefined);
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.signal.aborted).toBe(false);
  });
});

describe('requestCopy', () => {
  it("carries init's signal, or else the copied request's, as React Router's copies would follow them", () => {
    weakReferences = countWeakReferences();
    const page = new AbortController();
    const original = requestCarrying('https://shop.test/products.data', undefined, page.signal);
    const withInit = requestCopy('https://shop.test/products', {
      headers: original.headers,
      signal: original.signal,
    });
    const ofRequest = requestCopy(original);
    expect(withInit.signal).toBe(page.signal);
    expect(ofRequest.signal).toBe(page.signal);
    expect(ofRequest.url).toBe('https://shop.test/products.data');
    expect(requestCopy('https://shop.test/', { signal: null }).signal).not.toBe(page.signal);
    expect(weakReferences.count()).toBe(0);
  });
});
