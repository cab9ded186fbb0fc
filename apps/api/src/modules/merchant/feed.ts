import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import {
  amountDigits,
  currencyDecimals,
  DEFAULT_CURRENCY,
  inLanguage,
  pathInLanguage,
  type Language,
  type StoreSettings,
} from '@shop/shared';
import type { Executor } from '../../db/client.js';
import { merchantProducts } from '../../db/schema/merchant.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { MerchantCatalogue, MerchantCatalogueProduct } from './catalogue.js';

/**
 * The product feed Google Merchant Center fetches on a schedule (RSS 2.0 with the g: namespace;
 * shared/integrations/google-merchant.md section 9). Every published product is an item: a file
 * data source removes from Google whatever the file no longer lists.
 */

/** Products read from the database per statement while the feed is written. */
export const FEED_PAGE_SIZE = 500;
/** Google's limits (product data specification). */
export const FEED_TITLE_MAX = 150;
export const FEED_DESCRIPTION_MAX = 5000;
export const FEED_PRODUCT_TYPE_MAX = 750;
/** Seconds Merchant Center or a proxy may reuse the feed. */
export const FEED_MAX_AGE_SECONDS = 300;
export const FEED_PATH = '/feeds/google-merchant.xml';

const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** A product's brand and identifiers, when the owner gave them (the merchant tab's per-product fields). */
export interface MerchantFeedIdentifiers {
  brand?: string | null;
  gtin?: string | null;
  mpn?: string | null;
  googleProductCategory?: string | null;
}

/** What every item shares: the store's currency and brand. */
export interface FeedItemContext {
  /** ISO 4217 code, e.g. KWD. */
  currency: string;
  /** The brand of a product whose owner gave none. */
  brand: string;
}

// ---------- XML ----------

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Characters XML 1.0 does not allow anywhere in a document: control characters other than tab,
 * line feed and carriage return, U+FFFE and U+FFFF, and a surrogate without its pair. Listed
 * rather than negating the allowed ranges: the feed escapes every field, and a short class is
 * several times faster over a hundred thousand products.
 */
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const XML_MARKUP = /[&<>"']/g;

/** Text safe inside an element or a quoted attribute: forbidden characters removed, markup escaped. */
export function escapeXml(text: string): string {
  return text.replace(XML_FORBIDDEN, '').replace(XML_MARKUP, (character) => XML_ENTITIES[character] ?? character);
}

/** At most `max` characters (code points, so a character outside the BMP is never cut in half). */
function truncate(text: string, max: number): string {
  // A string of at most `max` UTF-16 units has at most `max` code points.
  if (text.length <= max) return text;
  const characters = [...text];
  return characters.length <= max ? text : characters.slice(0, max).join('').trimEnd();
}

function element(name: string, value: string): string {
  return `<${name}>${escapeXml(value)}</${name}>`;
}

// ---------- fields ----------

/** A feed price: the currency's own decimals, a space and the ISO code ("12.500 KWD", "12.50 USD"). */
export function formatFeedPrice(thousandths: number, currency: string): string {
  const code = currency.trim().toUpperCase();
  return `${amountDigits(thousandths, currencyDecimals(code))} ${code}`;
}

/** Google's spelling of the shop's stock rule. */
export function feedAvailability(product: Pick<MerchantCatalogueProduct, 'inStock'>): 'in_stock' | 'out_of_stock' {
  return product.inStock ? 'in_stock' : 'out_of_stock';
}

/** The shop's category path as Google's product_type ("مسابح > كهرمان"); null without a category. */
export function feedProductType(categoryPath: readonly string[]): string | null {
  return categoryPath.length === 0 ? null : truncate(categoryPath.join(' > '), FEED_PRODUCT_TYPE_MAX);
}

function present(value: string | null | undefined): value is string {
  return Boolean(value && value.trim());
}

/** One <item>. Products without a GTIN or MPN say so (identifier_exists no), as Google asks. */
export function renderFeedItem(
  product: MerchantCatalogueProduct,
  context: FeedItemContext,
  identifiers: MerchantFeedIdentifiers = {},
): string {
  const title = truncate(product.name, FEED_TITLE_MAX);
  // Google requires a description; a product without one is described by its name.
  const description = truncate(product.description || product.name, FEED_DESCRIPTION_MAX);
  const fields = [
    element('g:id', String(product.id)),
    element('g:title', title),
    element('g:description', description),
    element('g:link', product.link),
  ];
  if (product.imageLink) fields.push(element('g:image_link', product.imageLink));
  for (const link of product.additionalImageLinks) fields.push(element('g:additional_image_link', link));
  fields.push(
    element('g:availability', feedAvailability(product)),
    element('g:price', formatFeedPrice(product.price, context.currency)),
  );
  if (product.salePrice !== null) fields.push(element('g:sale_price', formatFeedPrice(product.salePrice, context.currency)));
  const brand = present(identifiers.brand) ? identifiers.brand.trim() : context.brand;
  fields.push(element('g:condition', 'new'), element('g:brand', brand));
  const productType = feedProductType(product.categoryPath);
  if (productType) fields.push(element('g:product_type', productType));
  if (present(identifiers.googleProductCategory)) {
    fields.push(element('g:google_product_category', identifiers.googleProductCategory.trim()));
  }
  const gtin = present(identifiers.gtin) ? identifiers.gtin.trim() : null;
  const mpn = present(identifiers.mpn) ? identifiers.mpn.trim() : null;
  if (gtin) fields.push(element('g:gtin', gtin));
  if (mpn) fields.push(element('g:mpn', mpn));
  if (!gtin && !mpn) fields.push(element('g:identifier_exists', 'no'));
  return `<item>\n${fields.map((field) => `  ${field}`).join('\n')}\n</item>\n`;
}

export interface FeedChannel {
  title: string;
  link: string;
  description: string;
  lang: Language;
}

/** The document up to the first item: declaration, namespace and the channel's own fields. */
export function renderFeedHead(channel: FeedChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.lang),
    '',
  ].join('\n');
}

export const FEED_TAIL = '</channel>\n</rss>\n';

/** The channel of a language from the store settings (English name where the shop wrote one) and its home page. */
export function feedChannel(settings: StoreSettings, lang: Language, publicUrl: string): FeedChannel {
  const title = inLanguage(lang, settings.store_name, settings.store_name_en);
  return {
    title,
    // The shop's home page in the feed's language (`/`, `/en`).
    link: `${publicUrl}${pathInLanguage('/', lang)}`,
    description: inLanguage(lang, settings.store_description, settings.store_description_en) ?? title,
    lang,
  };
}

/**
 * The brand of a product whose owner gave none, in a language: the store's name in it (the
 * English one when the shop wrote it, the Arabic otherwise). The feeds and the pushes share it.
 */
export function storeBrand(settings: StoreSettings, lang: Language): string {
  return inLanguage(lang, settings.store_name, settings.store_name_en).trim();
}

/**
 * Reads the fields the owner saved with a product's last push from the merchant tab (brand,
 * GTIN, MPN, Google category), for a page of products in one statement.
 */
export function merchantFeedIdentifiers(db: Executor) {
  return async (productIds: readonly number[]): Promise<Map<number, MerchantFeedIdentifiers>> => {
    if (productIds.length === 0) return new Map();
    const rows = await db
      .select({
        product_id: merchantProducts.product_id,
        brand: merchantProducts.brand,
        gtin: merchantProducts.gtin,
        mpn: merchantProducts.mpn,
        googleProductCategory: merchantProducts.google_product_category,
      })
      .from(merchantProducts)
      .where(inArray(merchantProducts.product_id, [...productIds]));
    return new Map(rows.map(({ product_id, ...fields }) => [product_id, fields]));
  };
}

// ---------- the document ----------

/** A written feed: the text in pieces of about one page each, and its strong validator. */
export interface MerchantFeedDocument {
  chunks: readonly string[];
  etag: string;
  bytes: number;
}

export interface MerchantFeedOptions {
  catalogue: MerchantCatalogue;
  getSettings: () => Promise<StoreSettings>;
  /** The shop's public base URL without a trailing slash (config.publicUrl). */
  publicUrl: string;
  /**
   * The owner's brand, GTIN, MPN and Google category per product (merchantFeedIdentifiers).
   * Without it every product has the store's brand and says identifier_exists no.
   */
  identifiers?: (productIds: readonly number[]) => Promise<ReadonlyMap<number, MerchantFeedIdentifiers>>;
  /** How long a written feed is reused; 0 writes it for every request. */
  cacheTtlMs: number;
  pageSize?: number;
}

/**
 * Writes the feed page by page: one statement per FEED_PAGE_SIZE products, each page turned into
 * text at once, so the products never sit in memory as objects. The validator is a hash of the
 * text itself, so it changes exactly when the document does, whatever changed it.
 */
export function createMerchantFeed(options: MerchantFeedOptions) {
  const pageSize = options.pageSize ?? FEED_PAGE_SIZE;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const cache = createTtlCache<MerchantFeedDocument>({ name: 'merchant_feed', ttlMs: options.cacheTtlMs, maxEntries: 2 });

  async function write(lang: Language): Promise<MerchantFeedDocument> {
    const settings = await options.getSettings();
    const context: FeedItemContext = {
      currency: settings.currency.trim() || DEFAULT_CURRENCY,
      brand: storeBrand(settings, lang),
    };
    const hash = createHash('sha256');
    const chunks: string[] = [];
    let bytes = 0;
    const add = (text: string) => {
      chunks.push(text);
      hash.update(text, 'utf8');
      bytes += Buffer.byteLength(text, 'utf8');
    };
    add(renderFeedHead(feedChannel(settings, lang, publicUrl)));
    for (let afterId = 0; ; ) {
      const page = await options.catalogue.published({ lang, afterId, limit: pageSize });
      if (page.length === 0) break;
      const identifiers = options.identifiers
        ? await options.identifiers(page.map((product) => product.id))
        : undefined;
      add(page.map((product) => renderFeedItem(product, context, identifiers?.get(product.id))).join(''));
      afterId = page[page.length - 1]!.id;
      if (page.length < pageSize) break;
    }
    add(FEED_TAIL);
    return { chunks, bytes, etag: `"${hash.digest('base64url')}"` };
  }

  return {
    /** The feed in a language, written now or reused while the cache holds it. */
    document(lang: Language): Promise<MerchantFeedDocument> {
      return options.cacheTtlMs > 0 ? cache.get(lang, () => write(lang)) : write(lang);
    },
    /** Forgets written feeds (after a catalogue or settings change). */
    invalidate(): void {
      cache.clear();
    },
  };
}

export type MerchantFeed = ReturnType<typeof createMerchantFeed>;
