import {
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  deliveryFee,
  inLanguage,
  toThousandths,
  type Language,
  type Product,
  type ProductReviewsResponse,
  type Thousandths,
} from '@shop/shared';
import { productSummary } from '../../lib/localized';
import {
  returnPolicyJsonLd,
  schemaPrice,
  shippingDetailsJsonLd,
  type JsonLd,
  type ShippingFeeSpan,
} from '../../lib/structured-data';

export interface ProductJsonLdInput {
  product: Pick<
    Product,
    | 'name'
    | 'short_description'
    | 'description'
    | 'name_en'
    | 'short_description_en'
    | 'description_en'
    | 'sku'
    | 'in_stock'
    | 'id'
    | 'price'
    | 'sale_price'
    | 'current_price'
  >;
  /** The page's language: the product's English texts describe it on the English page. */
  lang: Language;
  /** ISO 4217 code from the store settings (KWD). */
  currency: string;
  storeName: string;
  /** Absolute URL of the product page. */
  url: string;
  /** Absolute URLs of the product's images. */
  images: string[];
  /** What delivery costs per country; none leaves shippingDetails out. */
  shipping: readonly ShippingFeeSpan[];
  /** The store's free-delivery amount (thousandths): one piece at or above it ships free. */
  freeDeliveryThreshold?: Thousandths | null;
  /** Absolute URL of the return-policy page. */
  returnPolicyUrl: string;
  /**
   * The approved reviews' figures and first page (docs/decisions/064), with the name that stands
   * for a reviewer who gave none; null or none approved leaves the rating out (Google's rule).
   */
  reviews?: (Pick<ProductReviewsResponse, 'summary' | 'reviews'> & { anonymous: string }) | null;
}

/** aggregateRating and the first page's reviews, only when there are approved ones. */
function ratingJsonLd(reviews: ProductJsonLdInput['reviews']): JsonLd {
  if (!reviews || reviews.summary.count === 0 || reviews.summary.average === null) return {};
  const scale = { bestRating: REVIEW_RATING_MAX, worstRating: REVIEW_RATING_MIN };
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      ...scale,
    },
    ...(reviews.reviews.length > 0
      ? {
          review: reviews.reviews.map((review) => ({
            '@type': 'Review',
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, ...scale },
            author: { '@type': 'Person', name: review.reviewer ?? reviews.anonymous },
            datePublished: review.created_at.slice(0, 10),
            ...(review.title ? { name: review.title } : {}),
            ...(review.body ? { reviewBody: review.body } : {}),
          })),
        }
      : {}),
  };
}

/**
 * What delivering one piece costs per country: nothing when its price alone reaches the store's
 * free-delivery amount (the order's rule, shared `deliveryFee`), else the areas' fees.
 */
function shippingFor(spans: readonly ShippingFeeSpan[], price: Thousandths, threshold: Thousandths | null): ShippingFeeSpan[] {
  return spans.map((span) => ({
    ...span,
    min: deliveryFee(span.min, price, threshold),
    max: deliveryFee(span.max, price, threshold),
  }));
}

/**
 * schema.org Product with one Offer, for search engines' product snippets and merchant listings:
 * the price to pay, the list price struck through beside a sale price, stock, delivery and returns.
 * The shop has no sale end date, so priceValidUntil is left out rather than invented.
 */
export function productJsonLd(input: ProductJsonLdInput): JsonLd {
  const { product, currency } = input;
  const description = productSummary(input.lang, product);
  const current = toThousandths(product.current_price);
  const list = toThousandths(product.price);
  const onSale = product.sale_price !== null && current < list;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: inLanguage(input.lang, product.name, product.name_en),
    url: input.url,
    ...(description ? { description } : {}),
    ...(input.images.length > 0 ? { image: input.images } : {}),
    sku: product.sku || String(product.id),
    brand: { '@type': 'Brand', name: input.storeName },
    ...ratingJsonLd(input.reviews),
    offers: {
      '@type': 'Offer',
      url: input.url,
      price: schemaPrice(current, currency),
      priceCurrency: currency,
      ...(onSale
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: schemaPrice(list, currency),
              priceCurrency: currency,
            },
          }
        : {}),
      availability: product.in_stock
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(input.shipping.length > 0
        ? { shippingDetails: shippingDetailsJsonLd(shippingFor(input.shipping, current, input.freeDeliveryThreshold ?? null), currency) }
        : {}),
      hasMerchantReturnPolicy: returnPolicyJsonLd(input.returnPolicyUrl),
    },
  };
}
