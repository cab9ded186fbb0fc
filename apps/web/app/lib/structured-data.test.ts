import { describe, expect, it } from 'vitest';
import type { StoreSettings } from '@shop/shared';
import {
  breadcrumbJsonLd,
  breadcrumbSteps,
  jsonLdHtml,
  pageUrls,
  storeJsonLd,
} from './structured-data';
import { checkAgainstGoogle } from './structured-data.test-support';

const settings: StoreSettings = {
  store_name: 'متجر السبح',
  store_name_en: 'Subha Shop',
  store_description: 'سبح ومسابح',
  store_description_en: 'Prayer beads',
  logo: '/uploads/settings/logo.webp',
  phone_number: '9999 8888',
  whatsapp_number: null,
  email: 'hello@shop.test',
  address: 'الكويت',
  address_en: null,
  currency_symbol: 'د.ك',
  currency: 'KWD',
  facebook_url: 'https://facebook.com/subha',
  instagram_url: null,
  payment_methods: ['cash_on_delivery'],
  sign_in_methods: ['password'],
  free_shipping_threshold: null,
  gift_wrap_fee: null,
};

describe('breadcrumbJsonLd', () => {
  it('numbers the steps from 1, Home first and the page last, with absolute addresses in the language', () => {
    const url = pageUrls('https://shop.test', 'en');
    const steps = breadcrumbSteps(
      [
        { label: 'Products', to: '/products' },
        { label: 'Amber', to: '/category/amber' },
        { label: 'Amber rosary' },
      ],
      { homeLabel: 'Home', path: '/products/7', url },
    );
    const value = breadcrumbJsonLd(steps);
    expect(value).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.test/en' },
        { '@type': 'ListItem', position: 2, name: 'Products', item: 'https://shop.test/en/products' },
        { '@type': 'ListItem', position: 3, name: 'Amber', item: 'https://shop.test/en/category/amber' },
        { '@type': 'ListItem', position: 4, name: 'Amber rosary', item: 'https://shop.test/en/products/7' },
      ],
    });
    expect(checkAgainstGoogle(value).missingRequired).toEqual([]);
  });
});

describe('storeJsonLd', () => {
  it('describes the store and the site with its search, with what the settings hold', () => {
    const [store, website] = storeJsonLd(settings, 'ar', 'https://shop.test');
    expect(store).toEqual({
      '@context': 'https://schema.org',
      '@type': 'OnlineStore',
      '@id': 'https://shop.test/#store',
      name: 'متجر السبح',
      alternateName: 'Subha Shop',
      url: 'https://shop.test/',
      logo: 'https://shop.test/uploads/settings/logo.webp',
      description: 'سبح ومسابح',
      telephone: '+96599998888',
      email: 'hello@shop.test',
      address: { '@type': 'PostalAddress', addressCountry: 'KW' },
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: '+96599998888',
        email: 'hello@shop.test',
        areaServed: 'KW',
        availableLanguage: ['ar', 'en'],
      },
      sameAs: ['https://facebook.com/subha'],
      hasMerchantReturnPolicy: expect.objectContaining({ merchantReturnDays: 14, merchantReturnLink: 'https://shop.test/return-policy' }),
    });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      name: 'متجر السبح',
      url: 'https://shop.test/',
      inLanguage: 'ar',
      publisher: { '@id': 'https://shop.test/#store' },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://shop.test/products?search={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
    const check = checkAgainstGoogle([store, website]);
    expect(check.missingRequired).toEqual([]);
    expect(check.missingRecommended).toEqual(['MerchantReturnPolicy: returnMethod', 'WebSite: alternateName']);
  });

  it('names the English site in English, and leaves out what the settings lack', () => {
    const [store, website] = storeJsonLd(
      { ...settings, store_name_en: null, logo: null, phone_number: null, email: null, facebook_url: null, address: 'Salmiya, Block 10' },
      'en',
      'https://shop.test',
    );
    expect(store).not.toHaveProperty('alternateName');
    expect(store).not.toHaveProperty('logo');
    expect(store).not.toHaveProperty('contactPoint');
    expect(store).not.toHaveProperty('sameAs');
    expect(store).toMatchObject({
      url: 'https://shop.test/en',
      address: { '@type': 'PostalAddress', addressCountry: 'KW', streetAddress: 'Salmiya, Block 10' },
    });
    expect(website).toMatchObject({
      inLanguage: 'en',
      potentialAction: { target: { urlTemplate: 'https://shop.test/en/products?search={search_term_string}' } },
    });
  });
});

describe('the store address in structured data', () => {
  it('is the English address on the English site, the Arabic one on the Arabic site', () => {
    const owned = { ...settings, address: 'السالمية، قطعة 10', address_en: 'Salmiya, Block 10' };
    expect(storeJsonLd(owned, 'en', 'https://shop.test')[0]).toMatchObject({ address: { streetAddress: 'Salmiya, Block 10' } });
    expect(storeJsonLd(owned, 'ar', 'https://shop.test')[0]).toMatchObject({ address: { streetAddress: 'السالمية، قطعة 10' } });
  });
});

describe('jsonLdHtml', () => {
  it('cannot close the script element early', () => {
    const html = jsonLdHtml({ name: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('<');
    expect(JSON.parse(html)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
