import { describe, expect, it } from 'vitest';
import {
  addressForPreference,
  isSingleAddressPath,
  storefrontLanguageOf,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from './language-paths.js';

describe('language paths', () => {
  it('reads the language from the path: /en and below are English, the rest Arabic', () => {
    expect(languageOfPath('/en')).toBe('en');
    expect(languageOfPath('/en/')).toBe('en');
    expect(languageOfPath('/en/products/1')).toBe('en');
    expect(languageOfPath('/')).toBe('ar');
    expect(languageOfPath('/products/1')).toBe('ar');
    // A word that merely begins with "en" is not the prefix.
    expect(languageOfPath('/engraving')).toBe('ar');
    expect(languageOfPath('/category/en')).toBe('ar');
  });

  it('strips the English prefix', () => {
    expect(pathWithoutLanguage('/en')).toBe('/');
    expect(pathWithoutLanguage('/en/')).toBe('/');
    expect(pathWithoutLanguage('/en/category/misbaha')).toBe('/category/misbaha');
    expect(pathWithoutLanguage('/products')).toBe('/products');
    expect(pathWithoutLanguage('/engraving')).toBe('/engraving');
  });

  it('gives a page its address in each language, keeping the query and the hash', () => {
    expect(pathInLanguage('/', 'en')).toBe('/en');
    expect(pathInLanguage('/', 'ar')).toBe('/');
    expect(pathInLanguage('/products/1?page=2#reviews', 'en')).toBe(
      '/en/products/1?page=2#reviews',
    );
    expect(pathInLanguage('/en/products/1?page=2', 'ar')).toBe('/products/1?page=2');
    expect(pathInLanguage('/en/products/1', 'en')).toBe('/en/products/1');
    expect(pathInLanguage('?q=1', 'en')).toBe('/en?q=1');
    expect(pathInLanguage('/en?q=1', 'ar')).toBe('/?q=1');
    // The back office keeps its one address: a sign-in on /en/login returns to /admin, not /en/admin.
    expect(pathInLanguage('/admin?tab=products', 'en')).toBe('/admin?tab=products');
    expect(pathInLanguage('/en/admin', 'en')).toBe('/admin');
    expect(pathInLanguage('/offline?lang=en', 'en')).toBe('/offline?lang=en');
  });

  it('knows the back office, which keeps one address in both languages', () => {
    expect(isSingleAddressPath('/admin')).toBe(true);
    expect(isSingleAddressPath('/admin/orders/4')).toBe(true);
    expect(isSingleAddressPath('/admin-dashboard')).toBe(true);
    expect(isSingleAddressPath('/administrators-guide')).toBe(false);
    expect(isSingleAddressPath('/en/admin')).toBe(false);
    expect(isSingleAddressPath('/products')).toBe(false);
    // Google's sign-in return is registered once: it follows the preference too.
    expect(isSingleAddressPath('/auth/google/callback')).toBe(true);
    expect(isSingleAddressPath('/en/auth/google/callback')).toBe(false);
    // The offline page names its language in ?lang (the service worker keeps one per language).
    expect(isSingleAddressPath('/offline')).toBe(true);
  });

  it('moves only the home page by the remembered preference', () => {
    expect(addressForPreference('/', 'en')).toBe('/en');
    expect(addressForPreference('/', 'ar')).toBeNull();
    expect(addressForPreference('/', undefined)).toBeNull();
    expect(addressForPreference('/products', 'en')).toBeNull();
    expect(addressForPreference('/en', 'ar')).toBeNull();
  });

  it("reads a storefront page's language from its address or its data request, none for the back office", () => {
    expect(storefrontLanguageOf('/en/products/1')).toBe('en');
    expect(storefrontLanguageOf('/en.data')).toBe('en');
    expect(storefrontLanguageOf('/en/products.data')).toBe('en');
    expect(storefrontLanguageOf('/_root.data')).toBe('ar');
    expect(storefrontLanguageOf('/products')).toBe('ar');
    expect(storefrontLanguageOf('/admin/orders/3')).toBeUndefined();
    expect(storefrontLanguageOf('/admin.data')).toBeUndefined();
  });
});
