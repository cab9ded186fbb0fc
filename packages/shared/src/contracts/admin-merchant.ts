import { z } from 'zod';
import { isMerchantPriceText, MERCHANT_AVAILABILITIES, MERCHANT_CONDITIONS, MERCHANT_CURRENCIES, MERCHANT_PICKER_LIMIT } from '../merchant.js';
import { idParam, paginationSchema, plainText, successShape } from './common.js';

/**
 * The back office's Google Merchant tab (docs/decisions/024). Every route is under
 * /api/google-merchant and needs the `merchant.sync` permission. Without the GOOGLE_MERCHANT_*
 * variables every route except GET status answers 503 MERCHANT_NOT_CONFIGURED; a call Google
 * refused or could not answer is 502 MERCHANT_FAILED with the reason in the request's language.
 */

// The constants live in a zod-free module so the back office's form can use them in the browser.
export {
  MERCHANT_AVAILABILITIES,
  MERCHANT_CONDITIONS,
  MERCHANT_CURRENCIES,
  MERCHANT_PICKER_LIMIT,
  MERCHANT_REQUIRED_VARIABLES,
  type MerchantAvailabilityOption,
  type MerchantCurrency,
} from '../merchant.js';

// ---------- requests ----------

/** Optional text: absent, null and blank are all "not given". */
function optionalText(max: number, tooLong: string) {
  return z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    plainText('merchant.text_invalid')
      .transform((value) => value.trim())
      .refine((value) => [...value].length <= max, tooLong)
      .optional(),
  );
}

/** An absolute http(s) URL, required (link and image link are required). */
function absoluteUrl(required: string, invalid: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    plainText(invalid)
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .min(1, required)
          .max(2000, invalid)
          .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), invalid),
      ),
  );
}

/**
 * A price as typed: a JSON number or a decimal string with at most the currency's decimals
 * (checked by the server against `currency`). Kept as the decimal text so micros are computed
 * from integers, never from a float.
 */
const priceText = z
  .union([z.string(), z.number()], { error: 'merchant.price_invalid' })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine(isMerchantPriceText, 'merchant.price_invalid');

/**
 * The merchant product payload. productId, title and price are required
 * together: when any is missing the reply is one message
 * ('please fill the required fields: product id, title and price', key merchant.required_fields).
 */
export const merchantProductPayloadSchema = z.object({
  productId: z.preprocess((value) => (value === '' || value === null ? undefined : value), idParam.optional()),
  title: optionalText(150, 'merchant.title_too_long'),
  description: optionalText(5000, 'merchant.description_too_long'),
  price: z.preprocess((value) => (value === '' || value === null ? undefined : value), priceText.optional()),
  /** Sale price (below price), optional; an extra field, sent as salePrice. */
  salePrice: z.preprocess((value) => (value === '' || value === null ? undefined : value), priceText.optional()),
  currency: z.enum(MERCHANT_CURRENCIES, { error: 'merchant.currency_invalid' }).default('KWD'),
  link: absoluteUrl('merchant.link_required', 'merchant.link_invalid'),
  imageLink: absoluteUrl('merchant.image_link_required', 'merchant.image_link_invalid'),
  brand: optionalText(70, 'merchant.brand_too_long'),
  availability: z.enum(MERCHANT_AVAILABILITIES, { error: 'merchant.availability_invalid' }).default('in stock'),
  condition: z.enum(MERCHANT_CONDITIONS, { error: 'merchant.condition_invalid' }).default('new'),
  /** 8, 12, 13 or 14 digits with a valid check digit (checked by the server). */
  gtin: optionalText(14, 'merchant.gtin_invalid'),
  mpn: optionalText(70, 'merchant.mpn_too_long'),
  /** A Google taxonomy id ("5710") or path. */
  googleProductCategory: optionalText(750, 'merchant.category_too_long'),
  /** The shop's category path, e.g. "مسابح > كهرمان". */
  productType: optionalText(750, 'merchant.product_type_too_long'),
});
export type MerchantProductPayload = z.output<typeof merchantProductPayloadSchema>;
/** What the form sends (before defaults and trimming). */
export type MerchantProductPayloadInput = z.input<typeof merchantProductPayloadSchema>;

export const merchantProductParamsSchema = z.object({ id: idParam });

/** GET products: the picker's page (search by name or SKU, MERCHANT_PICKER_LIMIT at a time). */
export const merchantProductsQuerySchema = z.object({
  search: optionalText(100, 'validation.search_too_long'),
  page: z.coerce.number({ error: 'validation.page_invalid' }).int('validation.page_invalid').min(1, 'validation.page_invalid').max(100_000, 'validation.page_invalid').default(1),
  limit: z.coerce.number({ error: 'validation.limit_invalid' }).int('validation.limit_invalid').min(1, 'validation.limit_invalid').max(MERCHANT_PICKER_LIMIT, 'validation.limit_invalid').default(MERCHANT_PICKER_LIMIT),
});
export type MerchantProductsQuery = z.output<typeof merchantProductsQuerySchema>;

/** PUT auto-sync: keep Google current in the background. */
export const merchantAutoSyncBodySchema = z.object({
  enabled: z.boolean({ error: 'merchant.auto_sync_invalid' }),
});

// ---------- responses ----------

/** One product's latest push to Google (manual, from update all, or automatic). */
export const merchantLastPushSchema = z.object({
  at: z.string(),
  result: z.enum(['updated', 'deleted', 'failed']),
  source: z.enum(['manual', 'bulk', 'auto']),
  /** Why it failed, in the request's language (Google's own words appended when useful). */
  message: z.string().nullable(),
});
export type MerchantLastPush = z.infer<typeof merchantLastPushSchema>;

export const merchantBulkFailureSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  reason: z.string(),
});
export type MerchantBulkFailure = z.infer<typeof merchantBulkFailureSchema>;

/** An update-all run; kept in the database, so its progress survives a page reload. */
export const merchantBulkRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'finished', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  successful: z.number().int(),
  failed: z.number().int(),
  failures: z.array(merchantBulkFailureSchema),
  /** Set when the whole run stopped (e.g. the credentials were refused). */
  error: z.string().nullable(),
});
export type MerchantBulkRun = z.infer<typeof merchantBulkRunSchema>;

/** GET status: answers whether or not Merchant is configured. */
export const merchantStatusResponseSchema = successShape({
  configured: z.boolean(),
  /** When not configured: which of MERCHANT_REQUIRED_VARIABLES are missing. */
  missing_variables: z.array(z.string()),
  account_id: z.string().nullable(),
  data_source: z.string().nullable(),
  content_language: z.string(),
  feed_label: z.string(),
  /** The product feed's absolute URLs (work without credentials). */
  feed_urls: z.object({ ar: z.string(), en: z.string() }),
  auto_sync: z.boolean(),
  /** Background pushes waiting or given up (after retries), and the latest failure. */
  sync_queue: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    last_error: z.string().nullable(),
    last_pushed_at: z.string().nullable(),
  }),
  bulk_run: merchantBulkRunSchema.nullable(),
});
export type MerchantStatusResponse = z.infer<typeof merchantStatusResponseSchema>;

export const merchantTestConnectionResponseSchema = successShape({
  message: z.string(),
  account: z.object({ name: z.string(), account_id: z.string(), account_name: z.string() }),
});
export type MerchantTestConnectionResponse = z.infer<typeof merchantTestConnectionResponseSchema>;

export const merchantPickerProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string().nullable(),
  price: z.number(),
  stock_quantity: z.number().int(),
  status: z.string(),
  featured_image: z.string().nullable(),
  last_push: merchantLastPushSchema.nullable(),
});
export type MerchantPickerProduct = z.infer<typeof merchantPickerProductSchema>;

export const merchantProductsResponseSchema = successShape({
  products: z.array(merchantPickerProductSchema),
  pagination: paginationSchema,
});
export type MerchantProductsResponse = z.infer<typeof merchantProductsResponseSchema>;

/** GET products/:id: the form prefilled from the product (links absolute from PUBLIC_URL). */
export const merchantProductResponseSchema = successShape({
  payload: z.object({
    productId: z.number().int(),
    title: z.string(),
    description: z.string(),
    price: z.string(),
    salePrice: z.string().nullable(),
    currency: z.enum(MERCHANT_CURRENCIES),
    link: z.string(),
    imageLink: z.string(),
    brand: z.string(),
    availability: z.enum(MERCHANT_AVAILABILITIES),
    condition: z.enum(MERCHANT_CONDITIONS),
    gtin: z.string(),
    mpn: z.string(),
    googleProductCategory: z.string(),
    productType: z.string(),
  }),
  last_push: merchantLastPushSchema.nullable(),
});
export type MerchantProductResponse = z.infer<typeof merchantProductResponseSchema>;
export type MerchantProductForm = MerchantProductResponse['payload'];

export const merchantUpdateResponseSchema = successShape({
  message: z.string(),
  product_id: z.number().int(),
  last_push: merchantLastPushSchema,
});
export type MerchantUpdateResponse = z.infer<typeof merchantUpdateResponseSchema>;

/** POST bulk-update: waits for the run; `data` is the bulk run's result. */
export const merchantBulkResponseSchema = successShape({
  message: z.string(),
  data: z.object({ successful: z.number().int(), failed: z.number().int(), total: z.number().int() }),
  run: merchantBulkRunSchema,
});
export type MerchantBulkResponse = z.infer<typeof merchantBulkResponseSchema>;

/** GET bulk-update: the latest run (running or not), for the progress bar after a reload. */
export const merchantBulkRunResponseSchema = successShape({ run: merchantBulkRunSchema.nullable() });
export type MerchantBulkRunResponse = z.infer<typeof merchantBulkRunResponseSchema>;

export const merchantDeleteResponseSchema = successShape({
  message: z.string(),
  product_id: z.number().int(),
});
export type MerchantDeleteResponse = z.infer<typeof merchantDeleteResponseSchema>;
