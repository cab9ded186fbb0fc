import { describe, expect, it } from 'vitest';
import { messagesFor, packedMessagesFor, SHELL_NAMESPACES } from './catalogues.server';
import { matchedMessages, packMessages } from './page-messages';
import { routeMessages } from './route-messages.server';

const request = (cookie?: string, path = '/cart') => new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} });

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
