import { describe, expect, it } from 'vitest';
import { jsonLdHtml, productJsonLd } from './product-json-ld';

describe('productJsonLd', () => {
  const input = {
    product: {
      id: 7,
      name: 'سبحة كهرمان',
      short_description: 'كهرمان طبيعي',
      description: null,
      sku: 'AMB-7',
      in_stock: true,
    },
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
