import {
  amountDigits,
  currencyDecimals,
  MERCHANT_CURRENCIES,
  type MerchantAvailabilityOption,
  type MerchantCurrency,
  type MerchantProductForm,
  type MerchantProductPayload,
} from '@shop/shared';
import type { AppErrorDetail } from '../../errors.js';
import type {
  MerchantAvailability,
  MerchantProductInput,
  MerchantPrice,
} from '../../integrations/google-merchant/types.js';
import type { MerchantCatalogueProduct } from './catalogue.js';

/**
 * The merchant product payload (docs/decisions/024) and what it becomes: the rule for the
 * required fields, the checks Google would otherwise refuse later, and the v1 `ProductInput`.
 * Pure functions: the manual update, update all and the background sync all go through them.
 */

/** Google's longest title and description (product data specification). */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

/** Product id, title and price: required together, with one message for all (merchant.required_fields). */
export const MERCHANT_REQUIRED_FIELDS = ['productId', 'title', 'price'] as const;
export type MerchantRequiredField = (typeof MERCHANT_REQUIRED_FIELDS)[number];

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The required fields a request body leaves out (absent, null or blank). A value of the wrong
 * type is not "missing": the schema refuses it with its own message.
 */
export function missingRequiredFields(body: unknown): MerchantRequiredField[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const record = body as Record<string, unknown>;
  return MERCHANT_REQUIRED_FIELDS.filter((field) => isBlank(record[field]));
}

/** What is sent for one product, whoever asked (the form, update all, the background sync). */
export interface MerchantOffer {
  productId: number;
  title: string;
  description: string;
  /** Decimal text, e.g. "12.500". */
  price: string;
  salePrice: string | null;
  currency: MerchantCurrency;
  link: string;
  /** '' when the product has no image (refused before anything is sent). */
  imageLink: string;
  additionalImageLinks: string[];
  brand: string;
  availability: MerchantAvailabilityOption;
  condition: 'new';
  gtin: string;
  mpn: string;
  googleProductCategory: string;
  productType: string;
}

/** The owner's own fields of a product, saved from its last manual push. */
export interface SavedMerchantFields {
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  google_product_category: string | null;
}

/** The currency a push uses: the store's when Google Merchant's form offers it, else KWD. */
export function merchantCurrencyOf(storeCurrency: string | null | undefined): MerchantCurrency {
  const code = storeCurrency?.trim().toUpperCase();
  return (MERCHANT_CURRENCIES as readonly string[]).includes(code ?? '')
    ? (code as MerchantCurrency)
    : 'KWD';
}

/** At most `max` characters (code points, so an Arabic or emoji text is never cut in half). */
function clip(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : characters.slice(0, max).join('').trimEnd();
}

/**
 * The offer of a shop product: its own data in the content language, the owner's saved fields,
 * the store's brand by default. Prices in the currency's decimals ("12.500" KWD, "12.50" USD).
 */
export function offerFromCatalogue(
  product: MerchantCatalogueProduct,
  saved: SavedMerchantFields | undefined,
  store: { brand: string; currency: MerchantCurrency },
): MerchantOffer {
  const decimals = currencyDecimals(store.currency);
  return {
    productId: product.id,
    title: clip(product.name, TITLE_MAX),
    description: clip(product.description, DESCRIPTION_MAX),
    price: amountDigits(product.price, decimals),
    salePrice: product.salePrice === null ? null : amountDigits(product.salePrice, decimals),
    currency: store.currency,
    link: product.link,
    imageLink: product.imageLink ?? '',
    additionalImageLinks: product.additionalImageLinks,
    brand: saved?.brand ?? store.brand,
    availability: product.inStock ? 'in stock' : 'out of stock',
    condition: 'new',
    gtin: saved?.gtin ?? '',
    mpn: saved?.mpn ?? '',
    googleProductCategory: saved?.google_product_category ?? '',
    productType: product.categoryPath.join(' > '),
  };
}

/** The tab's form, prefilled from an offer. */
export function formOf(offer: MerchantOffer): MerchantProductForm {
  return {
    productId: offer.productId,
    title: offer.title,
    description: offer.description,
    price: offer.price,
    salePrice: offer.salePrice,
    currency: offer.currency,
    link: offer.link,
    imageLink: offer.imageLink,
    brand: offer.brand,
    availability: offer.availability,
    condition: offer.condition,
    gtin: offer.gtin,
    mpn: offer.mpn,
    googleProductCategory: offer.googleProductCategory,
    productType: offer.productType,
  };
}

/**
 * The offer the owner typed (required fields already checked), with the product's other
 * images, which the form does not show.
 */
export function offerFromPayload(
  payload: MerchantProductPayload & { productId: number; title: string; price: string },
  additionalImageLinks: readonly string[],
): MerchantOffer {
  return {
    productId: payload.productId,
    title: payload.title,
    description: payload.description ?? '',
    price: payload.price,
    salePrice: payload.salePrice ?? null,
    currency: payload.currency,
    link: payload.link,
    imageLink: payload.imageLink,
    additionalImageLinks: [...additionalImageLinks],
    brand: payload.brand ?? '',
    availability: payload.availability,
    condition: payload.condition,
    gtin: payload.gtin ?? '',
    mpn: payload.mpn ?? '',
    googleProductCategory: payload.googleProductCategory ?? '',
    productType: payload.productType ?? '',
  };
}

/** True for a GTIN-8, -12 (UPC), -13 (EAN) or -14 whose last digit is its GS1 check digit. */
export function isValidGtin(text: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(text)) return false;
  const digits = [...text].map(Number);
  const check = digits.pop()!;
  // From the right, the digits before the check digit weigh 3, 1, 3, 1, …
  const sum = digits
    .reverse()
    .reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Decimal places of a price text ("12.50" → 2). */
const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

/** The decimal text as an exact integer number of micros: "12.500" → 12500000n. */
function microsOf(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a price: ${text}`);
  return BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/**
 * What Google would refuse (or mislead shoppers) in an offer, as field errors: a price with more
 * decimals than its currency, a sale price not below the price, a GTIN whose check digit is
 * wrong, no image.
 */
export function offerProblems(offer: MerchantOffer): AppErrorDetail[] {
  const problems: AppErrorDetail[] = [];
  const decimals = currencyDecimals(offer.currency);
  const prices = [
    ['price', offer.price],
    ['salePrice', offer.salePrice],
  ] as const;
  for (const [field, text] of prices) {
    if (text === null) continue;
    if (decimalsOf(text) > decimals) {
      problems.push({
        field,
        message: 'merchant.price_decimals',
        params: { currency: offer.currency, decimals },
      });
    } else if (field === 'price' && microsOf(text) <= 0n) {
      problems.push({ field, message: 'merchant.price_invalid' });
    }
  }
  if (
    offer.salePrice !== null &&
    problems.length === 0 &&
    microsOf(offer.salePrice) >= microsOf(offer.price)
  ) {
    problems.push({ field: 'salePrice', message: 'merchant.sale_price_not_below' });
  }
  if (offer.gtin !== '' && !isValidGtin(offer.gtin)) {
    problems.push({ field: 'gtin', message: 'merchant.gtin_invalid' });
  }
  if (offer.imageLink === '') problems.push({ field: 'imageLink', message: 'merchant.image_missing' });
  return problems;
}

const AVAILABILITY: Record<MerchantAvailabilityOption, MerchantAvailability> = {
  'in stock': 'IN_STOCK',
  'out of stock': 'OUT_OF_STOCK',
  preorder: 'PREORDER',
};

function price(text: string, currencyCode: MerchantCurrency): MerchantPrice {
  return { amountMicros: microsOf(text).toString(), currencyCode };
}

/**
 * The v1 ProductInput of an offer (checked by offerProblems first): the offer id is the shop's
 * product id, prices in micros computed from the decimal text with integers, enums as v1 spells
 * them, `gtins` as a list, and identifierExists false when there is neither a GTIN nor an MPN.
 */
export function toProductInput(
  offer: MerchantOffer,
  target: { contentLanguage: string; feedLabel: string },
): MerchantProductInput {
  const attributes: MerchantProductInput['productAttributes'] = {
    title: offer.title,
    link: offer.link,
    imageLink: offer.imageLink,
    availability: AVAILABILITY[offer.availability],
    condition: 'NEW',
    price: price(offer.price, offer.currency),
  };
  if (offer.description !== '') attributes.description = offer.description;
  if (offer.additionalImageLinks.length > 0) {
    attributes.additionalImageLinks = [...offer.additionalImageLinks];
  }
  if (offer.salePrice !== null) attributes.salePrice = price(offer.salePrice, offer.currency);
  if (offer.brand !== '') attributes.brand = offer.brand;
  if (offer.gtin !== '') attributes.gtins = [offer.gtin];
  if (offer.mpn !== '') attributes.mpn = offer.mpn;
  if (offer.gtin === '' && offer.mpn === '') attributes.identifierExists = false;
  if (offer.googleProductCategory !== '') {
    attributes.googleProductCategory = offer.googleProductCategory;
  }
  if (offer.productType !== '') attributes.productTypes = [offer.productType];
  return {
    offerId: String(offer.productId),
    contentLanguage: target.contentLanguage,
    feedLabel: target.feedLabel,
    productAttributes: attributes,
  };
}
