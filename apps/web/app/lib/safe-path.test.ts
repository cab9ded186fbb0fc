import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../features/account/return-to';
import { safeRedirectPath } from './language.server';
import { sameOriginPath } from './safe-path';

// The language switch and login's returnTo share one rule.
const rules = { sameOriginPath, safeReturnTo, safeRedirectPath } as const;

describe.each(Object.entries(rules))('%s', (_name, rule) => {
  const check = rule as (value: string | null) => string;

  it('keeps a path of this site with its query and fragment', () => {
    expect(check('/admin')).toBe('/admin');
    expect(check('/products?sort=price&page=2#list')).toBe('/products?sort=price&page=2#list');
  });

  it('answers the path percent-encoded, so it is a valid Location header', () => {
    expect(check('/category/سبح?q=كهرمان')).toBe(
      `/category/${encodeURIComponent('سبح')}?q=${encodeURIComponent('كهرمان')}`,
    );
  });

  it('refuses anything that a browser would resolve to another origin', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\\tevil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/./\\evil.example',
      'javascript:alert(1)',
      'admin',
      '',
      null,
    ]) {
      expect(check(value), JSON.stringify(value)).toBe('/');
    }
  });

  it('keeps encoded slashes encoded (they stay one path segment on this site)', () => {
    const result = check('/%2F%2Fevil.example');
    expect(new URL(result, 'https://shop.example').origin).toBe('https://shop.example');
  });
});

describe('safeReturnTo', () => {
  it('falls back to the given page', () => {
    expect(safeReturnTo('//evil.example', '/profile')).toBe('/profile');
    expect(safeReturnTo(undefined, '/profile')).toBe('/profile');
  });
});
