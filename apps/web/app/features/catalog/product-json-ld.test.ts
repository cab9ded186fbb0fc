import { describe, expect, it } from 'vitest';
import { checkAgainstGoogle } from '../../lib/structured-data.test-support';
import { productJsonLd, type ProductJsonLdInput } from './product-json-ld';

/** What the shop cannot say about a product: it keeps no GTIN, MPN, ratings or sale end date. */
const NOT_KEPT = [
  'Product: gtin',
  'Product: mpn',
  'Product: aggregateRating',
  'Product: review',
  'Offer: priceValidUntil',
  // The return-policy page does not say how a return reaches the shop.
  'MerchantReturnPolicy: returnMethod',
];

const input: ProductJsonLdInput = {
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
    price: 15,
    sale_price: 12.5,
    current_price: 12.5,
  },
  lang: 'ar',
  currency: 'KWD',
  storeName: 'متجر السبح',
  url: 'https://shop.test/products/7',
  images: ['https://shop.test/uploads/products/a.webp'],
  shipping: [{ countryCode: 'KW', min: 1_000, max: 2_500 }],
  returnPolicyUrl: 'https://shop.test/return-policy',
};

describe('productJsonLd', () => {
  it('describes a product on sale: the sale price to pay, the list price struck through, delivery and returns', () => {
    expect(productJsonLd(input)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'سبحة كهرمان',
      url: 'https://shop.test/products/7',
      description: 'كهرمان طبيعي',
      image: ['https://shop.test/uploads/products/a.webp'],
      sku: 'AMB-7',
      brand: { '@type': 'Brand', name: 'متجر السبح' },
      offers: {
        '@type': 'Offer',
        url: 'https://shop.test/products/7',
        price: '12.500',
        priceCurrency: 'KWD',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/StrikethroughPrice',
          price: '15.000',
          priceCurrency: 'KWD',
        },
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        shippingDetails: [
          {
            '@type': 'OfferShippingDetails',
            shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'KW' },
            shippingRate: { '@type': 'MonetaryAmount', minValue: '1.000', maxValue: '2.500', currency: 'KWD' },
            deliveryTime: {
              '@type': 'ShippingDeliveryTime',
              handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 0, unitCode: 'DAY' },
              transitTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
            },
          },
        ],
        hasMerchantReturnPolicy: {
          '@type': 'MerchantReturnPolicy',
          applicableCountry: 'KW',
          returnPolicyCountry: 'KW',
          returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
          merchantReturnDays: 14,
          returnFees: 'https://schema.org/FreeReturn',
          refundType: 'https://schema.org/FullRefund',
          merchantReturnLink: 'https://shop.test/return-policy',
        },
      },
    });
  });

  it("has every property Google requires and all it recommends that the shop keeps", () => {
    const check = checkAgainstGoogle(productJsonLd(input));
    expect(check.missingRequired).toEqual([]);
    expect(check.missingRecommended.filter((name) => !NOT_KEPT.includes(name))).toEqual([]);
    expect(check.types).toEqual(
      expect.arrayContaining(['Product', 'Offer', 'UnitPriceSpecification', 'OfferShippingDetails', 'MerchantReturnPolicy']),
    );
  });

  it('gives no list price when the product is not on sale, and one fee when every city costs the same', () => {
    const value = productJsonLd({
      ...input,
      product: { ...input.product, sale_price: null, current_price: 15 },
      shipping: [{ countryCode: 'KW', min: 2_000, max: 2_000 }],
    });
    const offer = value.offers as Record<string, unknown>;
    expect(offer.price).toBe('15.000');
    expect(offer).not.toHaveProperty('priceSpecification');
    expect(offer.shippingDetails).toMatchObject([
      { shippingRate: { '@type': 'MonetaryAmount', value: '2.000', currency: 'KWD' } },
    ]);
    expect(checkAgainstGoogle(value).missingRequired).toEqual([]);
  });

  it("says a piece ships free when its price reaches the store's free-delivery amount, and not below it", () => {
    const offer = (threshold: number | null) =>
      productJsonLd({ ...input, freeDeliveryThreshold: threshold }).offers as Record<string, unknown>;
    // 12.500 to pay: at 12.500 it is free, at 12.501 the areas' fees stand.
    expect(offer(12_500).shippingDetails).toMatchObject([{ shippingRate: { value: '0.000', currency: 'KWD' } }]);
    expect(offer(12_501).shippingDetails).toMatchObject([{ shippingRate: { minValue: '1.000', maxValue: '2.500' } }]);
    expect(offer(null).shippingDetails).toEqual(offer(12_501).shippingDetails);
    expect(checkAgainstGoogle(productJsonLd({ ...input, freeDeliveryThreshold: 12_500 })).missingRequired).toEqual([]);
  });

  it('marks a sold-out product out of stock and still meets the requirements', () => {
    const value = productJsonLd({ ...input, product: { ...input.product, in_stock: false } });
    expect(value.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
    expect(checkAgainstGoogle(value).missingRequired).toEqual([]);
  });

  it('leaves image out of a product without pictures, which Google then reports as missing', () => {
    const value = productJsonLd({ ...input, images: [] });
    expect(value).not.toHaveProperty('image');
    expect(checkAgainstGoogle(value).missingRequired).toEqual(['Product: image']);
  });

  it('leaves shippingDetails out when no city delivers, rather than inventing a fee', () => {
    const value = productJsonLd({ ...input, shipping: [] });
    expect(value.offers).not.toHaveProperty('shippingDetails');
    expect(checkAgainstGoogle(value).missingRecommended).toContain('Offer: shippingDetails');
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
    const value = productJsonLd({ ...input, product, lang: 'en' });
    expect(value).toMatchObject({ name: 'سبحة كهرمان', description: 'كهرمان طبيعي' });
    expect(checkAgainstGoogle(value).missingRequired).toEqual([]);
  });

  it('uses the id as the sku when the product has none', () => {
    expect(productJsonLd({ ...input, product: { ...input.product, sku: null } })).toMatchObject({ sku: '7' });
  });
  it('rates the product from its approved reviews and lists the first page, only when there are some', () => {
    const reviews = {
      summary: { average: 4.5, count: 12 },
      reviews: [
        { id: 3, rating: 5, title: 'Lovely </script>', body: 'Smooth <b>beads</b>', reviewer: 'Fatima S.', reply: null, created_at: '2026-12-01T09:30:00.000Z' },
        { id: 2, rating: 4, title: null, body: null, reviewer: null, reply: 'Thanks', created_at: '2026-11-30T20:00:00.000Z' },
      ],
      anonymous: 'A buyer',
    };
    const value = productJsonLd({ ...input, reviews });
    expect(value.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12, bestRating: 5, worstRating: 1 });
    expect(value.review).toEqual([
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Fatima S.' },
        datePublished: '2026-12-01',
        name: 'Lovely </script>',
        reviewBody: 'Smooth <b>beads</b>',
      },
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'A buyer' },
        datePublished: '2026-11-30',
      },
    ]);
    const check = checkAgainstGoogle(value);
    expect(check.missingRequired).toEqual([]);
    expect(check.missingRecommended.filter((name) => name.startsWith('Product: aggregateRating') || name.startsWith('Product: review'))).toEqual([]);
    // Google's rule: no rating without reviews.
    const none = productJsonLd({ ...input, reviews: { summary: { average: null, count: 0 }, reviews: [], anonymous: 'A buyer' } });
    expect(none).not.toHaveProperty('aggregateRating');
    expect(none).not.toHaveProperty('review');
  });
});
