import {
  BULK_PERCENT_MAX,
  BULK_PERCENT_MIN,
  BULK_PERCENT_OFF_MAX,
  latinDigits,
  type ProductsBulkEditInput,
  type ProductStatus,
} from '@shop/shared';

/**
 * The bulk edit dialog's form (products-tab's "Bulk edit"): what the owner chose, as typed, and
 * the change it sends (POST /api/admin/products/bulk-edit). The server checks it all again; these
 * checks only say at once what would be refused.
 */

export const PRICE_MODES = ['set', 'percent', 'amount'] as const;
export const SALE_MODES = ['set', 'percent_off_price', 'remove'] as const;
export type PriceMode = '' | (typeof PRICE_MODES)[number];
export type SaleMode = '' | (typeof SALE_MODES)[number];

/** A select's value as one of `choices`, else '' (keep). */
export function choiceOf<Choice extends string>(choices: readonly Choice[], value: string): Choice | '' {
  return choices.find((choice) => choice === value) ?? '';
}

export interface BulkEditForm {
  priceMode: PriceMode;
  price: string;
  saleMode: SaleMode;
  salePrice: string;
  /** '' keeps the stock; 'set' sets it to `stock`. */
  stockMode: '' | 'set';
  stock: string;
  status: '' | ProductStatus;
  /** '' keeps the category; else a category's id. */
  categoryId: string;
  featured: '' | 'yes' | 'no';
}

export const EMPTY_BULK_FORM: BulkEditForm = {
  priceMode: '',
  price: '',
  saleMode: '',
  salePrice: '',
  stockMode: '',
  stock: '',
  status: '',
  categoryId: '',
  featured: '',
};

export type BulkFormField = 'price' | 'salePrice' | 'stock' | 'form';

/** The message keys of the dialog's refusals (admin-products.bulk.error.*). */
export type BulkFormError =
  | 'admin-products.bulk.error.nothing'
  | 'admin-products.bulk.error.money'
  | 'admin-products.bulk.error.signed_money'
  | 'admin-products.bulk.error.percent'
  | 'admin-products.bulk.error.percent_off'
  | 'admin-products.bulk.error.stock';

export type BulkChangesInput = ProductsBulkEditInput['changes'];

/** A typed number with Arabic digits, the Arabic decimal separator and a typographic minus made plain. */
function plainNumber(text: string): string {
  return latinDigits(text.trim()).replace(/\u066b/g, '.').replace(/[\u2212\u2013]/g, '-');
}

const MONEY = /^\d{1,12}(\.\d{1,3})?$/;
const SIGNED_MONEY = /^-?\d{1,12}(\.\d{1,3})?$/;
const PERCENT = /^-?\d{1,4}(\.\d{1,2})?$/;

function percentIn(text: string, min: number, max: number): number | null {
  const plain = plainNumber(text);
  if (!PERCENT.test(plain)) return null;
  const value = Number(plain);
  return value === 0 || value < min || value > max ? null : value;
}

/** The changes the form asks for, or the first refusal of each field. */
export function bulkChangesFrom(form: BulkEditForm): { changes: BulkChangesInput } | { errors: Partial<Record<BulkFormField, BulkFormError>> } {
  const errors: Partial<Record<BulkFormField, BulkFormError>> = {};
  const changes: BulkChangesInput = {};

  const price = plainNumber(form.price);
  if (form.priceMode === 'set') {
    if (MONEY.test(price) && Number(price) > 0) changes.price = { set: price };
    else errors.price = 'admin-products.bulk.error.money';
  } else if (form.priceMode === 'amount') {
    if (SIGNED_MONEY.test(price) && Number(price) !== 0) changes.price = { amount: price };
    else errors.price = 'admin-products.bulk.error.signed_money';
  } else if (form.priceMode === 'percent') {
    const percent = percentIn(form.price, BULK_PERCENT_MIN, BULK_PERCENT_MAX);
    if (percent === null) errors.price = 'admin-products.bulk.error.percent';
    else changes.price = { percent };
  }

  const sale = plainNumber(form.salePrice);
  if (form.saleMode === 'set') {
    if (MONEY.test(sale) && Number(sale) > 0) changes.sale_price = { set: sale };
    else errors.salePrice = 'admin-products.bulk.error.money';
  } else if (form.saleMode === 'percent_off_price') {
    const percent = percentIn(form.salePrice, 0, BULK_PERCENT_OFF_MAX);
    if (percent === null || percent < 0) errors.salePrice = 'admin-products.bulk.error.percent_off';
    else changes.sale_price = { percent_off_price: percent };
  } else if (form.saleMode === 'remove') {
    changes.sale_price = { remove: true };
  }

  if (form.stockMode === 'set') {
    const stock = plainNumber(form.stock);
    if (/^\d{1,9}$/.test(stock)) changes.stock_quantity = Number(stock);
    else errors.stock = 'admin-products.bulk.error.stock';
  }
  if (form.status) changes.status = form.status;
  if (form.categoryId) changes.category_id = Number(form.categoryId);
  if (form.featured) changes.featured = form.featured === 'yes';

  if (Object.keys(errors).length > 0) return { errors };
  if (Object.keys(changes).length === 0) return { errors: { form: 'admin-products.bulk.error.nothing' } };
  return { changes };
}
