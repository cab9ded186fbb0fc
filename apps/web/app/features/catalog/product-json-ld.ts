import { amountDigits, inLanguage, type Language, type Product, type Thousandths } from '@shop/shared';
import { productSummary } from '../../lib/localized';

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
  >;
  /** The page's language: the product's English texts describe it on the English page. */
  lang: Language;
  /** The price to pay (current price), in thousandths. */
  price: Thousandths;
  /** ISO 4217 code from the store settings (KWD). */
  currency: string;
  storeName: string;
  /** Absolute URL of the product page. */
  url: string;
  /** Absolute URLs of the product's images. */
  images: string[];
}

/** schema.org Product with one Offer, for search engines' rich results. */
export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown> {
  const { product } = input;
  const description = productSummary(input.lang, product);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: inLanguage(input.lang, product.name, product.name_en),
    ...(description ? { description } : {}),
    ...(input.images.length > 0 ? { image: input.images } : {}),
    sku: product.sku || String(product.id),
    brand: { '@type': 'Brand', name: input.storeName },
    offers: {
      '@type': 'Offer',
      url: input.url,
      price: amountDigits(input.price, 3),
      priceCurrency: input.currency,
      availability: product.in_stock
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/**
 * JSON for an inline <script type="application/ld+json">. '<' is escaped so text from the
 * catalogue (e.g. "</script>") can never end the script element early.
 */
export function jsonLdHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
