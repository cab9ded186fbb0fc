import { describe, expect, it } from 'vitest';
import { jsonLdHtml, productJsonLd } from './product-json-ld';

describe('productJsonLd', () => {
  const input = {
    product: {
      id: 7,
      name: 'سبحة كهرمان',
      short_description: 'كهرمان طبيعي',
      description: null,
      name_en: 'Amber rosary',
      short_description_en: 'Natural amber',
      description_en: null,
      sku: 'AMB-7',
      in_stock: true,
    },
    lang: 'ar' as const,
    price: 12_500,
    currency: 'KWD',
    storeName: 'متجر السبح',
    url: 'https://shop.test/products/7',
    images: ['https://shop.test/uploads/products/a.webp'],
  };

  it('describes the product and its offer', () => {
    expect(productJsonLd(input)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'سبحة كهرمان',
      description: 'كهرمان طبيعي',
      image: ['https://shop.test/uploads/products/a.webp'],
      sku: 'AMB-7',
      brand: { '@type': 'Brand', name: 'متجر السبح' },
      offers: {
        '@type': 'Offer',
        url: 'https://shop.test/products/7',
        price: '12.500',
        priceCurrency: 'KWD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
  });

  it("uses the product's English texts and the given store name on the English page", () => {
    const value = productJsonLd({ ...input, lang: 'en', storeName: 'Subha Shop' });
    expect(value).toMatchObject({
      name: 'Amber rosary',
      description: 'Natural amber',
      brand: { '@type': 'Brand', name: 'Subha Shop' },
    });
  });

  it('keeps the Arabic texts on the English page when the shop wrote no English', () => {
    const product = { ...input.product, name_en: null, short_description_en: null };
    expect(productJsonLd({ ...input, product, lang: 'en' })).toMatchObject({
      name: 'سبحة كهرمان',
      description: 'كهرمان طبيعي',
    });
  });

  it('marks an unavailable product out of stock', () => {
    const value = productJsonLd({ ...input, product: { ...input.product, in_stock: false } });
    expect(value.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });
});

describe('jsonLdHtml', () => {
  it('cannot close the script element early', () => {
    const html = jsonLdHtml({ name: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('<');
    expect(JSON.parse(html)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
