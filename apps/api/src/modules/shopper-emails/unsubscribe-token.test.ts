import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, signUnsubscribeToken, unsubscribeLinks } from './unsubscribe-token.js';

const secret = 'a-secret-of-the-shop-that-is-long-enough';

describe('unsubscribe tokens', () => {
  it('reads back what it signed, for a wish and for an account', () => {
    const wish = signUnsubscribeToken(secret, { kind: 'stock_alert', id: 42 });
    const account = signUnsubscribeToken(secret, { kind: 'promotional', id: 7 });
    expect(readUnsubscribeToken(secret, wish)).toEqual({ kind: 'stock_alert', id: 42 });
    expect(readUnsubscribeToken(secret, account)).toEqual({ kind: 'promotional', id: 7 });
    expect(wish).toMatch(/^s42\.[A-Za-z0-9_-]{22}$/);
  });

  it('refuses a token of another secret, another target or a changed signature', () => {
    const wish = signUnsubscribeToken(secret, { kind: 'stock_alert', id: 42 });
    expect(readUnsubscribeToken('another-secret-of-another-shop-entirely', wish)).toBeNull();
    // The same signature on another wish, or on the account of the same number.
    expect(readUnsubscribeToken(secret, wish.replace('s42.', 's43.'))).toBeNull();
    expect(readUnsubscribeToken(secret, wish.replace('s42.', 'p42.'))).toBeNull();
    const last = wish.at(-1) === 'A' ? 'B' : 'A';
    expect(readUnsubscribeToken(secret, `${wish.slice(0, -1)}${last}`)).toBeNull();
  });

  it.each(['', 's42', 's42.', 'x42.AAAAAAAAAAAAAAAAAAAAAA', 's0.AAAAAAAAAAAAAAAAAAAAAA', 's99999999999.AAAAAAAAAAAAAAAAAAAAAA', 's42.short'])(
    'refuses the malformed %j',
    (token) => {
      expect(readUnsubscribeToken(secret, token)).toBeNull();
    },
  );

  it('links the page in the reader language and the one-click POST to the API', () => {
    const links = unsubscribeLinks('https://beads.example.kw', 's42.abc', 'en');
    expect(links.pageUrl).toBe('https://beads.example.kw/en/unsubscribe?token=s42.abc');
    expect(links.postUrl).toBe('https://beads.example.kw/api/unsubscribe?token=s42.abc');
    expect(unsubscribeLinks('https://beads.example.kw', 's42.abc', 'ar').pageUrl).toBe('https://beads.example.kw/unsubscribe?token=s42.abc');
  });
});
