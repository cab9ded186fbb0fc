import { describe, expect, it } from 'vitest';
import { merchantProductPayloadSchema } from '@shop/shared';
import type { MerchantCatalogueProduct } from './catalogue.js';
import {
  formOf,
  isValidGtin,
  merchantCurrencyOf,
  missingRequiredFields,
  offerFromCatalogue,
  offerFromPayload,
  offerProblems,
  toProductInput,
  type MerchantOffer,
} from './payload.js';

const target = { contentLanguage: 'ar', feedLabel: 'KW' };

function offer(overrides: Partial<MerchantOffer> = {}): MerchantOffer {
  return {
    productId: 42,
    title: 'مسبحة كهرمان ٣٣ حبة',
    description: 'كهرمان بلطيقي & خيط <حرير>',
    price: '12.500',
    salePrice: null,
    currency: 'KWD',
    link: 'https://shop.example/products/42',
    imageLink: 'https://shop.example/uploads/products/42.webp',
    additionalImageLinks: [],
    brand: 'متجر السبح',
    availability: 'in stock',
    condition: 'new',
    gtin: '',
    mpn: '',
    googleProductCategory: '',
    productType: '',
    ...overrides,
  };
}

describe('the required fields of a single update', () => {
  it('names product id, title and price when absent, null or blank', () => {
    expect(missingRequiredFields({})).toEqual(['productId', 'title', 'price']);
    expect(missingRequiredFields({ productId: 3, title: '  ', price: null })).toEqual(['title', 'price']);
    expect(missingRequiredFields({ productId: '', title: 'سبحة', price: '' })).toEqual(['productId', 'price']);
    expect(missingRequiredFields({ productId: 3, title: 'سبحة', price: '1.5' })).toEqual([]);
  });

  it('leaves a value of the wrong type and a body that is no object to the schema', () => {
    expect(missingRequiredFields({ productId: 'x', title: 5, price: true })).toEqual([]);
    expect(missingRequiredFields(null)).toEqual([]);
    expect(missingRequiredFields([1, 2])).toEqual([]);
  });
});

describe('prices in micros', () => {
  it('come from the decimal text with integers: 3 decimals (KWD) and 2 (USD, EUR)', () => {
    expect(toProductInput(offer({ price: '12.500' }), target).productAttributes.price).toEqual({
      amountMicros: '12500000',
      currencyCode: 'KWD',
    });
    expect(toProductInput(offer({ price: '0.125' }), target).productAttributes.price.amountMicros).toBe('125000');
    expect(toProductInput(offer({ price: '12' }), target).productAttributes.price.amountMicros).toBe('12000000');
    const usd = toProductInput(offer({ price: '19.99', salePrice: '9.9', currency: 'USD' }), target);
    expect(usd.productAttributes.price).toEqual({ amountMicros: '19990000', currencyCode: 'USD' });
    expect(usd.productAttributes.salePrice).toEqual({ amountMicros: '9900000', currencyCode: 'USD' });
  });

  it('never drift like a float would (0.1 + 0.2, 1.005, the largest price)', () => {
    expect(toProductInput(offer({ price: '0.3' }), target).productAttributes.price.amountMicros).toBe('300000');
    expect(toProductInput(offer({ price: '1.005' }), target).productAttributes.price.amountMicros).toBe('1005000');
    expect(toProductInput(offer({ price: '999999999.999' }), target).productAttributes.price.amountMicros).toBe(
      '999999999999000',
    );
  });

  it('a price with more decimals than its currency, zero, or a sale price not below it is refused', () => {
    expect(offerProblems(offer({ price: '12.125', currency: 'USD' }))).toEqual([
      { field: 'price', message: 'merchant.price_decimals', params: { currency: 'USD', decimals: 2 } },
    ]);
    expect(offerProblems(offer({ price: '12.125', currency: 'KWD' }))).toEqual([]);
    expect(offerProblems(offer({ price: '0' }))).toEqual([{ field: 'price', message: 'merchant.price_invalid' }]);
    expect(offerProblems(offer({ salePrice: '12.5' }))).toEqual([
      { field: 'salePrice', message: 'merchant.sale_price_not_below' },
    ]);
    expect(offerProblems(offer({ salePrice: '13' }))).toEqual([
      { field: 'salePrice', message: 'merchant.sale_price_not_below' },
    ]);
    expect(offerProblems(offer({ salePrice: '12.499' }))).toEqual([]);
  });
});

describe('the ProductInput', () => {
  it('has v1 names and enums, the offer id, language and feed label', () => {
    const input = toProductInput(offer({ availability: 'out of stock', productType: 'مسابح > كهرمان' }), target);
    expect(input).toEqual({
      offerId: '42',
      contentLanguage: 'ar',
      feedLabel: 'KW',
      productAttributes: {
        title: 'مسبحة كهرمان ٣٣ حبة',
        description: 'كهرمان بلطيقي & خيط <حرير>',
        link: 'https://shop.example/products/42',
        imageLink: 'https://shop.example/uploads/products/42.webp',
        availability: 'OUT_OF_STOCK',
        condition: 'NEW',
        price: { amountMicros: '12500000', currencyCode: 'KWD' },
        brand: 'متجر السبح',
        identifierExists: false,
        productTypes: ['مسابح > كهرمان'],
      },
    });
    expect(toProductInput(offer({ availability: 'preorder' }), target).productAttributes.availability).toBe('PREORDER');
    expect(toProductInput(offer(), target).productAttributes.availability).toBe('IN_STOCK');
    // No v1beta spellings.
    expect(Object.keys(input)).not.toContain('attributes');
    expect(Object.keys(input.productAttributes)).not.toContain('gtin');
  });

  it('sends the GTIN as a list and says identifiers exist when there is a GTIN or an MPN', () => {
    const withGtin = toProductInput(offer({ gtin: '6281234567895' }), target).productAttributes;
    expect(withGtin.gtins).toEqual(['6281234567895']);
    expect(withGtin.identifierExists).toBeUndefined();
    const withMpn = toProductInput(offer({ mpn: 'AMB-33' }), target).productAttributes;
    expect(withMpn).toMatchObject({ mpn: 'AMB-33' });
    expect(withMpn.gtins).toBeUndefined();
    expect(withMpn.identifierExists).toBeUndefined();
    expect(toProductInput(offer(), target).productAttributes.identifierExists).toBe(false);
  });

  it('carries the gallery, the sale price and the Google category when there are some', () => {
    const attributes = toProductInput(
      offer({
        salePrice: '9.900',
        additionalImageLinks: ['https://shop.example/uploads/products/b.webp'],
        googleProductCategory: '5710',
        description: '',
        brand: '',
      }),
      { contentLanguage: 'en', feedLabel: 'KW-EN' },
    );
    expect(attributes.contentLanguage).toBe('en');
    expect(attributes.feedLabel).toBe('KW-EN');
    expect(attributes.productAttributes).toMatchObject({
      salePrice: { amountMicros: '9900000', currencyCode: 'KWD' },
      additionalImageLinks: ['https://shop.example/uploads/products/b.webp'],
      googleProductCategory: '5710',
    });
    expect(attributes.productAttributes.description).toBeUndefined();
    expect(attributes.productAttributes.brand).toBeUndefined();
  });
});

describe('GTINs', () => {
  it('take 8, 12, 13 or 14 digits whose last is the GS1 check digit', () => {
    expect(isValidGtin('96385074')).toBe(true); // GTIN-8
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('4006381333931')).toBe(true); // EAN-13
    expect(isValidGtin('6281234567895')).toBe(true);
    expect(isValidGtin('10614141000019')).toBe(true); // GTIN-14
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('400638133393')).toBe(false);
    expect(isValidGtin('123456789')).toBe(false);
    expect(isValidGtin('40063813339a1')).toBe(false);
  });

  it('a wrong one is a field error', () => {
    expect(offerProblems(offer({ gtin: '6281234567890' }))).toEqual([{ field: 'gtin', message: 'merchant.gtin_invalid' }]);
  });
});

describe('offers of shop products (prefill, update all, background sync)', () => {
  const product: MerchantCatalogueProduct = {
    id: 7,
    name: 'سبحة يسر',
    description: 'يسر أسود',
    hasEnglish: false,
    sku: 'YUS-1',
    price: 25_000,
    salePrice: 19_750,
    stockQuantity: 0,
    manageStock: true,
    inStock: false,
    status: 'published',
    link: 'https://shop.example/products/7',
    imageLink: 'https://shop.example/uploads/products/7.webp',
    additionalImageLinks: ['https://shop.example/uploads/products/7b.webp'],
    categoryPath: ['مسابح', 'يسر'],
    updatedAt: new Date(),
  };
  const store = { brand: 'متجر السبح', currency: 'KWD' as const };

  it('use the currency’s decimals, the stock, the category path and the store’s brand', () => {
    const made = offerFromCatalogue(product, undefined, store);
    expect(formOf(made)).toEqual({
      productId: 7,
      title: 'سبحة يسر',
      description: 'يسر أسود',
      price: '25.000',
      salePrice: '19.750',
      currency: 'KWD',
      link: 'https://shop.example/products/7',
      imageLink: 'https://shop.example/uploads/products/7.webp',
      brand: 'متجر السبح',
      availability: 'out of stock',
      condition: 'new',
      gtin: '',
      mpn: '',
      googleProductCategory: '',
      productType: 'مسابح > يسر',
    });
    expect(made.additionalImageLinks).toEqual(['https://shop.example/uploads/products/7b.webp']);
    expect(offerFromCatalogue(product, undefined, { ...store, currency: 'USD' }).price).toBe('25.00');
  });

  it('carry the owner’s saved fields', () => {
    const made = offerFromCatalogue(
      { ...product, inStock: true },
      { brand: 'كهرمانة', gtin: '6281234567895', mpn: null, google_product_category: '5710' },
      store,
    );
    expect(made).toMatchObject({ brand: 'كهرمانة', gtin: '6281234567895', mpn: '', googleProductCategory: '5710', availability: 'in stock' });
  });

  it('without an image are refused before anything is sent; a long name is cut at 150 characters', () => {
    const made = offerFromCatalogue({ ...product, imageLink: null, name: 'س'.repeat(200) }, undefined, store);
    expect([...made.title]).toHaveLength(150);
    expect(offerProblems(made)).toEqual([{ field: 'imageLink', message: 'merchant.image_missing' }]);
  });

  it('the store’s currency when the form offers it, else KWD', () => {
    expect(merchantCurrencyOf('usd')).toBe('USD');
    expect(merchantCurrencyOf('EUR')).toBe('EUR');
    expect(merchantCurrencyOf('SAR')).toBe('KWD');
    expect(merchantCurrencyOf(null)).toBe('KWD');
  });
});

describe('the payload as the form sends it', () => {
  it('becomes the offer: defaults, trimmed texts, the product’s other images', () => {
    const payload = merchantProductPayloadSchema.parse({
      productId: '42',
      title: '  مسبحة  ',
      price: 12.5,
      link: 'https://shop.example/products/42',
      imageLink: 'https://shop.example/a.webp',
      gtin: '',
    });
    const made = offerFromPayload(
      { ...payload, productId: payload.productId!, title: payload.title!, price: payload.price! },
      ['https://shop.example/b.webp'],
    );
    expect(made).toMatchObject({
      productId: 42,
      title: 'مسبحة',
      price: '12.5',
      currency: 'KWD',
      availability: 'in stock',
      condition: 'new',
      gtin: '',
      additionalImageLinks: ['https://shop.example/b.webp'],
    });
    expect(toProductInput(made, target).productAttributes.price.amountMicros).toBe('12500000');
  });
});
