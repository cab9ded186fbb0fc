import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnTo('/admin')).toBe('/admin');
    expect(safeReturnTo('/admin?tab=products')).toBe('/admin?tab=products');
  });

  it('refuses other origins and odd values', () => {
    for (const value of ['https://evil.example', '//evil.example', '/\\evil.example', 'admin', '/a\nb', '', null, undefined]) {
      expect(safeReturnTo(value)).toBe('/');
    }
  });
});
