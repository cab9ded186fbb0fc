import { describe, expect, it } from 'vitest';
import { navPlace } from './site-header';

describe('navPlace', () => {
  it('is the same for two addresses whose header links show the same current page', () => {
    expect(navPlace('/products/5')).toBe(navPlace('/products/6'));
    expect(navPlace('/en/products/5')).toBe(navPlace('/en/products/6'));
    expect(navPlace('/category/amber')).toBe(navPlace('/category/agate'));
  });

  it('tells apart every address where a link may be current or not', () => {
    const places = [
      '/',
      '/en',
      '/products',
      '/products/5',
      '/en/products',
      '/en/products/5',
      '/categories',
      '/en/categories',
      '/cart',
      '/products/',
    ];
    expect(new Set(places.map(navPlace)).size).toBe(places.length);
  });

  it('reads letters in any case as React Router’s links do', () => {
    expect(navPlace('/Products/5')).toBe(navPlace('/products/5'));
  });
});
