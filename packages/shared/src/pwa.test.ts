import { describe, expect, it } from 'vitest';
import {
  isDataRequest,
  isPersonalPath,
  isPublicPage,
  isStoredImage,
  offlinePageLanguage,
  offlinePageUrl,
  START_PAGES,
} from './pwa.js';

describe('what the service worker never caches', () => {
  it.each([
    '/api/cart',
    '/api/auth/profile',
    '/api',
    '/cart',
    '/checkout',
    '/checkout/',
    '/profile',
    '/order-status/SB-7Q2K9X',
    '/payment-success',
    '/payment/success/SB-1',
    '/payment/cancel',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/verify-code',
    '/auth/google/callback',
    '/admin',
    '/admin/orders/4',
    '/admin-dashboard',
    '/set-language',
    '/products.data',
    '/_root.data',
    '/cart.data',
    '/en/cart',
    '/en/checkout',
    '/en/profile',
    '/en/order-status/ORD-1',
    '/en/products.data',
  ])('%s is personal', (path) => {
    expect(isPersonalPath(path)).toBe(true);
    expect(isPublicPage(path)).toBe(false);
  });

  it('React Router data requests are recognised', () => {
    expect(isDataRequest('/products/3.data')).toBe(true);
    expect(isDataRequest('/products/3')).toBe(false);
  });
});

describe('public pages that may be kept for offline use', () => {
  it.each(['/', '/products', '/products/12', '/category/amber', '/categories', '/privacy', '/terms', '/return-policy', '/products/', '/en', '/en/', '/en/products', '/en/products/12', '/en/category/amber', '/en/privacy'])(
    '%s is public',
    (path) => {
      expect(isPublicPage(path)).toBe(true);
      expect(isPersonalPath(path)).toBe(false);
    },
  );

  it('a page outside the list is not kept either (an allow-list, not a deny-list)', () => {
    expect(isPublicPage('/offline')).toBe(false);
    expect(isPublicPage('/sitemap.xml')).toBe(false);
    expect(isPublicPage('/products/12/reviews')).toBe(false);
    expect(isPublicPage('/no/such/page')).toBe(false);
    expect(isPublicPage('/cartography')).toBe(false);
  });

  it('the start pages kept at install are the home page of each language', () => {
    expect(START_PAGES).toEqual(['/', '/en']);
  });

  it('only stored images go to the image cache', () => {
    expect(isStoredImage('/uploads/products/a-320.webp')).toBe(true);
    expect(isStoredImage('/assets/entry.client-abc.js')).toBe(false);
    expect(isStoredImage('/app-icons/icon-192.png')).toBe(false);
  });
});

describe('offline page language', () => {
  it('follows the shop cookie first', () => {
    expect(offlinePageLanguage({ cookie: 'en', cookieReadable: true, acceptLanguage: 'ar-KW' })).toBe('en');
    expect(offlinePageLanguage({ cookie: 'ar', cookieReadable: true, acceptLanguage: 'en-US' })).toBe('ar');
  });

  it("is a storefront address's own language, whatever the cookie; the cookie's in the back office", () => {
    expect(offlinePageLanguage({ pathname: '/en/products/3', cookie: 'ar', cookieReadable: true })).toBe('en');
    expect(offlinePageLanguage({ pathname: '/products/3', cookie: 'en', cookieReadable: true })).toBe('ar');
    expect(offlinePageLanguage({ pathname: '/admin', cookie: 'en', cookieReadable: true })).toBe('en');
  });

  it('is Arabic without the cookie, as the server renders pages, whatever the browser speaks', () => {
    expect(offlinePageLanguage({ cookieReadable: true, acceptLanguage: 'en-US,en;q=0.9' })).toBe('ar');
    expect(offlinePageLanguage({ cookie: 'fr', cookieReadable: true, acceptLanguage: 'en' })).toBe('ar');
  });

  it('guesses from the browser languages, by quality, only where cookies cannot be read', () => {
    const guess = (acceptLanguage?: string) => offlinePageLanguage({ cookieReadable: false, acceptLanguage });
    expect(guess('en-GB,en;q=0.9')).toBe('en');
    expect(guess('fr-FR,fr;q=0.9,en;q=0.8,ar;q=0.7')).toBe('en');
    expect(guess('en;q=0.5,ar-KW;q=0.9')).toBe('ar');
    expect(guess('en;q=0')).toBe('ar');
    expect(guess('de, ;q=x')).toBe('ar');
    expect(guess(undefined)).toBe('ar');
  });

  it('names the precached page of each language', () => {
    expect(offlinePageUrl('ar')).toBe('/offline?lang=ar');
    expect(offlinePageUrl('en')).toBe('/offline?lang=en');
  });
});
