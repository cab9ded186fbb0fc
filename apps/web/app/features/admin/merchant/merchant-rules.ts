import {
  isMerchantPriceText,
  latinDigits,
  MERCHANT_AVAILABILITIES,
  MERCHANT_CURRENCIES,
  type MerchantBulkRun,
  type MerchantLastPush,
  type MerchantProductForm,
  type MerchantProductPayloadInput,
} from '@shop/shared';
import type { MessageKey } from '../../../i18n/i18n';

/**
 * The rules of the Google Merchant tab: the form's values and the checks before
 * sending
 * (the server checks everything again), the JSON body of POST /api/google-merchant/products/update,
 * and what the update-all progress and its result say.
 */

/** The form as typed: every field is text (the product id too, it may be typed). */
export interface MerchantForm {
  productId: string;
  title: string;
  description: string;
  price: string;
  salePrice: string;
  currency: string;
  link: string;
  imageLink: string;
  brand: string;
  availability: string;
  condition: string;
  gtin: string;
  mpn: string;
  googleProductCategory: string;
  productType: string;
}

/** The form's fields in screen order (the focus goes to the first invalid one). */
export const merchantFields = [
  'productId',
  'title',
  'description',
  'price',
  'salePrice',
  'currency',
  'link',
  'imageLink',
  'brand',
  'availability',
  'condition',
  'gtin',
  'mpn',
  'googleProductCategory',
  'productType',
] as const satisfies readonly (keyof MerchantForm)[];
export type MerchantField = (typeof merchantFields)[number];

/** The three required fields (product id, title, price): when any is missing, its one message (merchant.required_fields). */
export const MERCHANT_REQUIRED_FIELDS = ['productId', 'title', 'price'] as const satisfies readonly MerchantField[];

/** How often the update-all progress is asked for while a run goes on. */
export const MERCHANT_BULK_POLL_MS = 1000;

/** An empty form with the defaults (currency KWD, in stock, condition new). */
export function emptyMerchantForm(): MerchantForm {
  return {
    productId: '',
    title: '',
    description: '',
    price: '',
    salePrice: '',
    currency: MERCHANT_CURRENCIES[0],
    link: '',
    imageLink: '',
    brand: '',
    availability: MERCHANT_AVAILABILITIES[0],
    condition: 'new',
    gtin: '',
    mpn: '',
    googleProductCategory: '',
    productType: '',
  };
}

/** The form of a product as the server prefills it (GET /api/google-merchant/products/:id). */
export function merchantFormFrom(payload: MerchantProductForm): MerchantForm {
  return {
    productId: String(payload.productId),
    title: payload.title,
    description: payload.description,
    price: payload.price,
    salePrice: payload.salePrice ?? '',
    currency: payload.currency,
    link: payload.link,
    imageLink: payload.imageLink,
    brand: payload.brand,
    availability: payload.availability,
    condition: payload.condition,
    gtin: payload.gtin,
    mpn: payload.mpn,
    googleProductCategory: payload.googleProductCategory,
    productType: payload.productType,
  };
}

/** Whether the form differs from where it started (spacing aside). */
export function isMerchantFormDirty(form: MerchantForm, initial: MerchantForm): boolean {
  return merchantFields.some((field) => form[field].trim() !== initial[field].trim());
}

/** Arabic-Indic digits and the Arabic decimal separator as ASCII ("١٢٫٥٠٠" -> "12.500"). */
function typedNumber(text: string): string {
  return latinDigits(text.trim()).replace(/\u066B/g, '.');
}

/** The product id as typed, as a number; null when it is not a positive whole number. */
export function typedProductId(text: string): number | null {
  const digits = typedNumber(text);
  if (!/^\d{1,15}$/.test(digits)) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An absolute http(s) address (link and image link are URL fields). */
export function isAbsoluteWebUrl(text: string): boolean {
  const value = text.trim();
  if (!URL.canParse(value)) return false;
  const protocol = new URL(value).protocol;
  return protocol === 'http:' || protocol === 'https:';
}

/** The decimal text of a price as the server takes it ("12.500"), or null when it is not one. */
function priceText(text: string): string | null {
  let value = typedNumber(text);
  if (value.startsWith('.')) value = `0${value}`;
  return isMerchantPriceText(value) ? value : null;
}

/** Thousandths of a checked price text, to compare a sale price with the price exactly. */
function thousandthsOf(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
}

/** Which of the three required fields are empty. */
export function missingRequiredFields(form: MerchantForm): MerchantField[] {
  return MERCHANT_REQUIRED_FIELDS.filter((field) => form[field].trim() === '');
}

/**
 * The checks before sending, each a message key on its field. The three required fields only say
 * "required" under themselves: the screen shows one message
 * ('please fill the required fields: product id, title and price') when any is missing.
 */
export function merchantFormProblems(form: MerchantForm): Partial<Record<MerchantField, MessageKey>> {
  const problems: Partial<Record<MerchantField, MessageKey>> = {};
  for (const field of missingRequiredFields(form)) problems[field] = 'admin-merchant.validation.required';
  if (!problems.productId && typedProductId(form.productId) === null) problems.productId = 'admin-merchant.validation.product_id_invalid';
  const price = form.price.trim() === '' ? null : priceText(form.price);
  if (!problems.price && price === null) problems.price = 'admin-merchant.validation.price_invalid';
  if (form.salePrice.trim() !== '') {
    const sale = priceText(form.salePrice);
    if (sale === null) problems.salePrice = 'admin-merchant.validation.price_invalid';
    else if (price !== null && thousandthsOf(sale) >= thousandthsOf(price)) problems.salePrice = 'admin-merchant.validation.sale_not_below';
  }
  if (form.link.trim() === '') problems.link = 'admin-merchant.validation.link_required';
  else if (!isAbsoluteWebUrl(form.link)) problems.link = 'admin-merchant.validation.url_invalid';
  if (form.imageLink.trim() === '') problems.imageLink = 'admin-merchant.validation.image_link_required';
  else if (!isAbsoluteWebUrl(form.imageLink)) problems.imageLink = 'admin-merchant.validation.url_invalid';
  if (form.gtin.trim() !== '' && !/^(\d{8}|\d{12,14})$/.test(typedNumber(form.gtin))) problems.gtin = 'admin-merchant.validation.gtin_invalid';
  return problems;
}

/** The JSON body of POST /api/google-merchant/products/update (a checked form). */
export function merchantPayloadBody(form: MerchantForm): MerchantProductPayloadInput {
  const text = (value: string) => value.trim();
  const productId = typedProductId(form.productId);
  return {
    productId: productId ?? undefined,
    title: text(form.title),
    description: text(form.description),
    price: priceText(form.price) ?? text(form.price),
    salePrice: form.salePrice.trim() === '' ? null : (priceText(form.salePrice) ?? text(form.salePrice)),
    currency: form.currency as MerchantProductPayloadInput['currency'],
    link: text(form.link),
    imageLink: text(form.imageLink),
    brand: text(form.brand),
    availability: form.availability as MerchantProductPayloadInput['availability'],
    condition: form.condition as MerchantProductPayloadInput['condition'],
    gtin: typedNumber(form.gtin),
    mpn: text(form.mpn),
    googleProductCategory: text(form.googleProductCategory),
    productType: text(form.productType),
  };
}

/** The progress bar's value: the share of the run's products already handled, 0 to 100. */
export function bulkProgressPercent(run: Pick<MerchantBulkRun, 'processed' | 'total'>): number {
  if (run.total <= 0) return run.processed > 0 ? 100 : 0;
  return Math.min(100, Math.round((run.processed / run.total) * 100));
}

/** How an ended run is announced: all pushed, some refused (a warning), or stopped with an error. */
export type BulkOutcome = 'success' | 'warning' | 'error';

export function bulkOutcome(run: Pick<MerchantBulkRun, 'status' | 'failed' | 'error'>): BulkOutcome {
  if (run.status === 'failed' || run.error) return 'error';
  return run.failed > 0 ? 'warning' : 'success';
}

/**
 * The run to announce now: the latest run when it ended and was seen running before (or came as
 * the answer of this page's own "update all"), unless it was announced already.
 */
export function runToAnnounce(
  previous: MerchantBulkRun | null | undefined,
  next: MerchantBulkRun | null | undefined,
  announced: ReadonlySet<number>,
): MerchantBulkRun | null {
  if (!next || next.status === 'running' || announced.has(next.id)) return null;
  return previous && previous.id === next.id && previous.status === 'running' ? next : null;
}

/** A last push's badge colour and text key. */
export function lastPushLabel(push: Pick<MerchantLastPush, 'result'>): { tone: 'green' | 'red' | 'grey'; key: MessageKey } {
  if (push.result === 'updated') return { tone: 'green', key: 'admin-merchant.push.updated' };
  if (push.result === 'deleted') return { tone: 'grey', key: 'admin-merchant.push.deleted' };
  return { tone: 'red', key: 'admin-merchant.push.failed' };
}
