import { describe, expect, it } from 'vitest';
import { languageAddressRedirect, languageFromRequest, preferredLanguage } from './language.server';

const request = (path: string, cookie?: string) =>
  new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} });

describe('the language of a page (decision 046)', () => {
  it('is the address\'s on the storefront, whatever the cookie says', () => {
    expect(languageFromRequest(request('/en/products/3', 'lang=ar'))).toBe('en');
    expect(languageFromRequest(request('/products/3', 'lang=en'))).toBe('ar');
    expect(languageFromRequest(request('/en.data'))).toBe('en');
    expect(languageFromRequest(request('/'))).toBe('ar');
  });

  it('is the remembered preference in the back office, Arabic without one', () => {
    expect(languageFromRequest(request('/admin/orders/4', 'theme=x; lang=en'))).toBe('en');
    expect(languageFromRequest(request('/admin'))).toBe('ar');
    expect(preferredLanguage(request('/', 'lang=fr'))).toBeUndefined();
  });
});

describe('the redirects of the language', () => {
  it('moves an old ?lang= link for good to its address, keeping the other parameters', () => {
    const moved = languageAddressRedirect(request('/products?lang=en&page=2'), true);
    expect(moved?.status).toBe(301);
    expect(moved?.headers.get('location')).toBe('/en/products?page=2');
    expect(languageAddressRedirect(request('/en/category/amber?lang=ar'), true)?.headers.get('location')).toBe('/category/amber');
    // A language the shop does not speak is left alone.
    expect(languageAddressRedirect(request('/products?lang=fr'), true)).toBeNull();
  });

  it('sends a document request for / to /en by the English preference, varying by cookie', () => {
    const home = languageAddressRedirect(request('/', 'lang=en'), true);
    expect(home?.status).toBe(302);
    expect(home?.headers.get('location')).toBe('/en');
    expect(home?.headers.get('vary')).toBe('Cookie');
    expect(languageAddressRedirect(request('/', 'lang=ar'), true)).toBeNull();
    // A click on the Arabic home link, another page, or the back office is never moved.
    expect(languageAddressRedirect(request('/', 'lang=en'), false)).toBeNull();
    expect(languageAddressRedirect(request('/products', 'lang=en'), true)).toBeNull();
    expect(languageAddressRedirect(request('/admin?lang=en', 'lang=en'), true)).toBeNull();
  });
});
