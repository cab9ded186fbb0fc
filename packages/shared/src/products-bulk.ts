import type { ProductStatus } from './contracts/admin-products.js';
import type { Thousandths } from './money.js';

/**
 * The bulk edit of products (issue 32, item 3; docs/decisions/057): its limits and the rules that
 * turn one product's values into the values a change gives it, or the reason it is refused. The
 * API applies them (catalog/products-bulk-edit.ts); the contract (contracts/admin-products-bulk.ts)
 * takes its bounds from here. Free of zod: the back office's browser code imports the limits.
 */

/** Most products one bulk edit may change (a selection of ids, or the products a filter matches). */
export const BULK_EDIT_MAX_PRODUCTS = 5000;
/** A percentage change of the price: at least −99.99 % (a price never reaches 0 this way)… */
export const BULK_PERCENT_MIN = -99.99;
/** …and at most +1000 %. */
export const BULK_PERCENT_MAX = 1000;
/** A sale price as a percentage off the price: more than 0 and less than 100. */
export const BULK_PERCENT_OFF_MAX = 99.99;

/** A percentage in hundredths of a percent (−10.5 % is −1050): whole numbers, no float drift. */
export type BasisPoints = number;

/** How the price changes: set to an amount, by a percentage (either sign) or by an amount (either sign). */
export type BulkPriceChange = { set: Thousandths } | { percent: BasisPoints } | { amount: Thousandths };
/** How the sale price changes: set to an amount, a percentage off the (new) price, or removed. */
export type BulkSalePriceChange = { set: Thousandths } | { percent_off_price: BasisPoints } | { remove: true };

/** What one bulk edit changes; a field left out stays as it is on every product. */
export interface BulkChanges {
  price?: BulkPriceChange | undefined;
  sale_price?: BulkSalePriceChange | undefined;
  stock_quantity?: number | undefined;
  status?: ProductStatus | undefined;
  category_id?: number | undefined;
  featured?: boolean | undefined;
}

/** The values of a product a bulk edit may change (money in thousandths). */
export interface BulkProductValues {
  price: Thousandths;
  sale_price: Thousandths | null;
  stock_quantity: number;
  status: ProductStatus;
  category_id: number | null;
  featured: boolean;
}

export const BULK_FIELDS = ['price', 'sale_price', 'stock_quantity', 'status', 'category_id', 'featured'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** Why a product cannot take the change (an API message key). */
export type BulkRefusal =
  | 'bulk.price_not_positive'
  | 'bulk.sale_price_not_positive'
  | 'bulk.sale_price_not_below_price'
  | 'bulk.product_gone';

export interface BulkOutcome {
  after: BulkProductValues;
  /** The fields whose value differs after the change, in BULK_FIELDS order. */
  changed: BulkField[];
  /** Set when the product cannot take the change; then nothing of it is written. */
  refusal: BulkRefusal | null;
}

const PERCENT_WHOLE: BasisPoints = 10_000;

/**
 * An amount changed by a percentage, rounded to the fils half up (0.0005 goes up): 10.125 KD less
 * 10 % is 9.1125, charged 9.113. Integer arithmetic: amounts up to FORM_MONEY_MAX times
 * (1 + 1000 %) stay far inside the safe integers.
 */
export function scaleByPercent(amount: Thousandths, percent: BasisPoints): Thousandths {
  const scaled = amount * (PERCENT_WHOLE + percent);
  // Half up for the positive amounts prices are; floor((2x + d) / 2d) is round-half-up of x / d.
  return Math.floor((2 * scaled + PERCENT_WHOLE) / (2 * PERCENT_WHOLE));
}

/** The price a change gives (possibly 0 or less: planBulkChange refuses that). */
export function changedPrice(price: Thousandths, change: BulkPriceChange | undefined): Thousandths {
  if (change === undefined) return price;
  if ('set' in change) return change.set;
  if ('percent' in change) return scaleByPercent(price, change.percent);
  return price + change.amount;
}

/** The sale price a change gives, from the product's new price. */
export function changedSalePrice(
  salePrice: Thousandths | null,
  newPrice: Thousandths,
  change: BulkSalePriceChange | undefined,
): Thousandths | null {
  if (change === undefined) return salePrice;
  if ('remove' in change) return null;
  if ('set' in change) return change.set;
  return scaleByPercent(newPrice, -change.percent_off_price);
}

/**
 * What a bulk change makes of one product's values, and whether it may: the price stays above 0;
 * when the price or the sale price changes, a sale price stays above 0 and below the price (a
 * sale at or above the price is no sale). A product whose other fields alone change is never
 * refused for a sale price it already had.
 */
export function planBulkChange(before: BulkProductValues, changes: BulkChanges): BulkOutcome {
  const price = changedPrice(before.price, changes.price);
  const salePrice = changedSalePrice(before.sale_price, price, changes.sale_price);
  const after: BulkProductValues = {
    price,
    sale_price: salePrice,
    stock_quantity: changes.stock_quantity ?? before.stock_quantity,
    status: changes.status ?? before.status,
    category_id: changes.category_id ?? before.category_id,
    featured: changes.featured ?? before.featured,
  };
  const changed = BULK_FIELDS.filter((field) => after[field] !== before[field]);
  let refusal: BulkRefusal | null = null;
  const pricing = changes.price !== undefined || changes.sale_price !== undefined;
  if (price <= 0) refusal = 'bulk.price_not_positive';
  else if (pricing && salePrice !== null && salePrice <= 0) refusal = 'bulk.sale_price_not_positive';
  else if (pricing && salePrice !== null && salePrice >= price) refusal = 'bulk.sale_price_not_below_price';
  return { after, changed, refusal };
}

/** A percentage typed or sent as a decimal (−10, 12.5) in basis points; null unless it has at most 2 decimals. */
export function percentToBasisPoints(percent: number): BasisPoints | null {
  if (!Number.isFinite(percent)) return null;
  const points = Math.round(percent * 100);
  return Math.abs(points - percent * 100) < 1e-6 ? points : null;
}
