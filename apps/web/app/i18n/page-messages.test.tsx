import { describe, expect, it, vi } from 'vitest';
import { messagesFor, packedMessagesFor, SHELL_NAMESPACES } from './catalogues.server';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { catalogueScriptId, matchedCatalogueReferences, matchedMessages, packMessages } from './page-messages';
import { PageCatalogues } from './page-catalogues';
import { routeMessages } from './route-messages.server';

/** A client navigation's loader arguments (a whole page's: `documentRequest`). */
const request = (cookie?: string, path = '/cart', documentRequest = false) => ({
  request: new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} }),
  context: { documentRequest },
});

describe('messagesFor with namespaces', () => {
  it('gives only the namespaces asked for, in that language', () => {
    const shell = messagesFor('en', SHELL_NAMESPACES);
    const namespaces = new Set(Object.keys(shell).map((key) => key.slice(0, key.indexOf('.'))));
    expect([...namespaces].sort()).toEqual(['common', 'layout', 'pwa']);
    expect(shell['common.skip_to_content']).toBe(messagesFor('en')['common.skip_to_content']);
    expect(messagesFor('ar', ['cart'])['cart.page.title']).toBe(messagesFor('ar')['cart.page.title']);
  });

  it('reaches the back office namespaces too, and keeps each selection as one object', () => {
    expect(Object.keys(messagesFor('en', ['admin'])).length).toBeGreaterThan(0);
    expect(messagesFor('ar', ['cart', 'catalog'])).toBe(messagesFor('ar', ['catalog', 'cart']));
    expect(messagesFor('ar', ['cart'])).not.toBe(messagesFor('en', ['cart']));
  });

  it('is much smaller for the shell than for the whole storefront', () => {
    const size = (messages: Record<string, string>) => JSON.stringify(messages).length;
    expect(size(messagesFor('ar', SHELL_NAMESPACES)) * 5).toBeLessThan(size(messagesFor('ar')));
  });
});

describe('routeMessages', () => {
  it("follows the address's language (decision 046), whatever the lang cookie says", () => {
    expect(JSON.parse(routeMessages(request(undefined, '/en/cart'), ['cart']))).toEqual(messagesFor('en', ['cart']));
    expect(JSON.parse(routeMessages(request('lang=ar', '/en/cart'), ['cart']))).toEqual(messagesFor('en', ['cart']));
    expect(JSON.parse(routeMessages(request('lang=en'), ['cart']))).toEqual(messagesFor('ar', ['cart']));
    expect(JSON.parse(routeMessages(request(), ['cart']))).toEqual(messagesFor('ar', ['cart']));
  });

  it('follows the lang cookie in the back office, which keeps one address', () => {
    expect(JSON.parse(routeMessages(request('lang=en', '/admin'), ['cart']))).toEqual(messagesFor('en', ['cart']));
    expect(JSON.parse(routeMessages(request(undefined, '/admin'), ['cart']))).toEqual(messagesFor('ar', ['cart']));
  });

  it('sends each selection as the same packed text, written once', () => {
    expect(routeMessages(request(), ['cart', 'catalog'])).toBe(packedMessagesFor('ar', ['catalog', 'cart']));
  });

  it("names the catalogue in a whole page's data, the page carrying its text once", () => {
    const named = routeMessages(request(undefined, '/en/cart', true), ['cart', 'catalog']);
    expect(named).toBe('@en:cart,catalog');
    expect(routeMessages(request(undefined, '/en/cart', true), ['catalog', 'cart'])).toBe(named);
    expect(routeMessages(request(undefined, '/cart', true), ['cart', 'catalog'])).toBe('@ar:cart,catalog');
    expect(matchedMessages([{ loaderData: { messages: named } }])).toEqual(messagesFor('en', ['cart', 'catalog']));
  });
});

describe('PageCatalogues', () => {
  it("writes each named catalogue once, as JSON no '<' of which can end its script", async () => {
    const shell = routeMessages(request(undefined, '/', true), SHELL_NAMESPACES);
    const screen = routeMessages(request(undefined, '/', true), ['cart']);
    const matches = [{ loaderData: { messages: shell } }, { loaderData: { messages: screen } }, { loaderData: { messages: shell } }];
    expect(matchedCatalogueReferences(matches)).toEqual([shell, screen]);
    const Stub = createRoutesStub([
      { id: 'root', path: '/', loader: () => ({ messages: shell }), HydrateFallback: () => null, Component: PageCatalogues },
    ]);
    const html = renderToString(<Stub initialEntries={['/']} hydrationData={{ loaderData: { root: { messages: shell } } }} />);
    const scripts = [...html.matchAll(/<script type="application\/json" id="([^"]+)">([^<]*)<\/script>/g)];
    expect(scripts.map((script) => script[1])).toEqual([catalogueScriptId(shell)]);
    expect(JSON.parse(scripts[0]![2]!)).toEqual(messagesFor('ar', SHELL_NAMESPACES));
  });

  it('is read back in the browser from the script the page carries', async () => {
    vi.resetModules();
    const fresh = await import('./page-messages');
    const text = JSON.stringify({ 'common.a': 'نص <b>' }).replaceAll('<', '\\u003c');
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === fresh.catalogueScriptId('@ar:common') ? { textContent: text } : null),
    });
    try {
      expect(fresh.matchedMessages([{ loaderData: { messages: '@ar:common' } }])).toEqual({ 'common.a': 'نص <b>' });
      expect(fresh.matchedMessages([{ loaderData: { messages: '@ar:missing' } }])).toEqual({});
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('matchedMessages', () => {
  const shell = packMessages({ 'common.a': 'shell', 'common.b': 'shell' });
  const page = packMessages({ 'cart.c': 'page', 'common.b': 'page' });

  it('merges the messages of every matched route, deeper routes last', () => {
    const merged = matchedMessages([{ loaderData: { lang: 'ar', messages: shell } }, { loaderData: { cart: {}, messages: page } }]);
    expect(merged).toEqual({ 'common.a': 'shell', 'common.b': 'page', 'cart.c': 'page' });
  });

  it('skips routes without messages: no loader, a loader that threw, other data', () => {
    const merged = matchedMessages([{ loaderData: { messages: shell } }, undefined, { loaderData: undefined }, { loaderData: null }, { loaderData: { messages: 'x' } }]);
    expect(merged).toEqual({ 'common.a': 'shell', 'common.b': 'shell' });
  });

  it('skips messages that are not a packed catalogue: an object, broken or non-object JSON', () => {
    for (const messages of [{ 'common.a': 'x' }, '{"common.a":', '["common.a"]', 'null', '7']) {
      expect(matchedMessages([{ loaderData: { messages: shell } }, { loaderData: { messages } }])).toEqual({ 'common.a': 'shell', 'common.b': 'shell' });
    }
  });

  it('reads a packed catalogue received again (a new string, the same text) into the same object', () => {
    const again = ` ${page}`.slice(1);
    expect(matchedMessages([{ loaderData: { messages: shell } }, { loaderData: { messages: again } }])).toBe(
      matchedMessages([{ loaderData: { messages: shell } }, { loaderData: { messages: page } }]),
    );
  });

  it('returns the same object for the same parts, a new one when a part changes', () => {
    const first = matchedMessages([{ loaderData: { messages: shell } }, { loaderData: { messages: page } }]);
    expect(matchedMessages([{ loaderData: { messages: shell } }, { loaderData: { other: 1, messages: page } }])).toBe(first);
    const changed = packMessages({ 'cart.c': 'changed', 'common.b': 'page' });
    expect(matchedMessages([{ loaderData: { messages: shell } }, { loaderData: { messages: changed } }])).not.toBe(first);
  });
});
