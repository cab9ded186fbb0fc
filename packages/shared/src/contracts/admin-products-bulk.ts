import { z } from 'zod';
import { FORM_MONEY_MAX } from '../backoffice-limits.js';
import { toThousandths } from '../money.js';
import {
  BULK_EDIT_MAX_PRODUCTS,
  BULK_FIELDS,
  BULK_PERCENT_MAX,
  BULK_PERCENT_MIN,
  BULK_PERCENT_OFF_MAX,
  percentToBasisPoints,
  type BulkChanges,
  type BulkPriceChange,
  type BulkSalePriceChange,
} from '../products-bulk.js';
import { productListQuerySchema, productSortFields, sortOrders } from './catalog.js';
import { strictId, successShape } from './common.js';
import { PRODUCT_STATUSES } from './admin-products.js';

/**
 * The bulk edit of products (issue 32, item 3; docs/decisions/057).
 *
 * - `POST /api/admin/products/bulk-edit` (`catalog.write`): one change (price, sale price, stock,
 *   status, category, featured) for the products chosen by id or by the products list's filter;
 *   `dry_run: true` answers the preview and writes nothing.
 */

/** An amount in KWD as JSON sends it (12.5 or "12.5"), at most 3 decimals, in thousandths; `signed` lets it be negative. */
function bulkMoney(messageKey: string, signed: boolean) {
  return z.union([z.string(), z.number()], { error: messageKey }).transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const pattern = signed ? /^-?\d{1,12}(\.\d{1,3})?$/ : /^\d{1,12}(\.\d{1,3})?$/;
    const amount = pattern.test(text) ? toThousandths(text) : Number.NaN;
    if (!(Math.abs(amount) <= FORM_MONEY_MAX) || (!signed && amount <= 0) || amount === 0) {
      context.addIssue({ code: 'custom', message: messageKey });
      return z.NEVER;
    }
    return amount;
  });
}

/** A percentage (−10, 12.5) with at most 2 decimals, between min and max, in basis points. */
function bulkPercent(messageKey: string, min: number, max: number) {
  return z.number({ error: messageKey }).transform((value, context) => {
    const points = percentToBasisPoints(value);
    if (points === null || value < min || value > max || points === 0) {
      context.addIssue({ code: 'custom', message: messageKey });
      return z.NEVER;
    }
    return points;
  });
}

/**
 * An object with exactly one of its keys (each refused with its own message when malformed):
 * `{ set }`, `{ percent }`… A union would answer only "none matched" for a bad value.
 */
function oneOf<Shape extends z.ZodRawShape>(shape: Shape, messageKey: string) {
  return z
    .strictObject(shape, { error: messageKey })
    .refine((value) => Object.values(value).filter((one) => one !== undefined).length === 1, messageKey);
}

const priceChangeSchema = oneOf(
  {
    set: bulkMoney('bulk.price_set_invalid', false).optional(),
    percent: bulkPercent('bulk.percent_invalid', BULK_PERCENT_MIN, BULK_PERCENT_MAX).optional(),
    amount: bulkMoney('bulk.amount_invalid', true).optional(),
  },
  'bulk.price_change_invalid',
).transform((change): BulkPriceChange => {
  if (change.set !== undefined) return { set: change.set };
  if (change.percent !== undefined) return { percent: change.percent };
  return { amount: change.amount! };
});

const salePriceChangeSchema = oneOf(
  {
    set: bulkMoney('bulk.sale_price_set_invalid', false).optional(),
    percent_off_price: bulkPercent('bulk.percent_off_invalid', 0, BULK_PERCENT_OFF_MAX).optional(),
    remove: z.literal(true, { error: 'bulk.sale_price_change_invalid' }).optional(),
  },
  'bulk.sale_price_change_invalid',
).transform((change): BulkSalePriceChange => {
  if (change.set !== undefined) return { set: change.set };
  if (change.percent_off_price !== undefined) return { percent_off_price: change.percent_off_price };
  return { remove: true };
});

/** What to change; at least one field. A field left out stays as it is. */
export const bulkChangesSchema = z
  .strictObject(
    {
      price: priceChangeSchema.optional(),
      sale_price: salePriceChangeSchema.optional(),
      stock_quantity: z
        .number({ error: 'product.stock_invalid' })
        .int('product.stock_invalid')
        .min(0, 'product.stock_invalid')
        .max(2_147_483_647, 'product.stock_invalid')
        .optional(),
      status: z.enum(PRODUCT_STATUSES, { error: 'validation.product_status_invalid' }).optional(),
      category_id: strictId('validation.category_invalid').optional(),
      featured: z.boolean({ error: 'product.featured_invalid' }).optional(),
    },
    { error: 'bulk.changes_invalid' },
  )
  .refine(
    (changes) => BULK_FIELDS.some((field) => changes[field] !== undefined),
    'bulk.changes_empty',
  );

/**
 * The products list's own filter (GET /api/products as the back office asks it): the same names
 * and values as its query string. `status` absent lists published products, empty every status.
 */
export const bulkFilterSchema = z.strictObject(
  {
    ...productListQuerySchema.pick({ category: true, search: true, featured: true, status: true }).shape,
    sort: z.enum(productSortFields, { error: 'validation.sort_invalid' }).optional(),
    order: z.enum(sortOrders, { error: 'validation.order_invalid' }).default('desc'),
  },
  { error: 'bulk.filter_invalid' },
);
export type BulkFilter = z.output<typeof bulkFilterSchema>;

/** Which products: these ids (each once), or every product the list's filter matches. */
export const bulkSelectionSchema = oneOf(
  {
    ids: z
      .array(strictId('bulk.ids_invalid'), { error: 'bulk.ids_invalid' })
      .min(1, 'bulk.ids_empty')
      .max(BULK_EDIT_MAX_PRODUCTS, 'bulk.too_many')
      .refine((ids) => new Set(ids).size === ids.length, 'bulk.ids_duplicate')
      .optional(),
    filter: bulkFilterSchema.optional(),
  },
  'bulk.selection_invalid',
).transform((selection): { ids: number[] } | { filter: BulkFilter } =>
  selection.ids !== undefined ? { ids: selection.ids } : { filter: selection.filter! },
);
export type BulkSelection = z.output<typeof bulkSelectionSchema>;

/** POST /api/admin/products/bulk-edit body. */
export const productsBulkEditBodySchema = z.object({
  selection: bulkSelectionSchema,
  changes: bulkChangesSchema,
  /** true: the preview, nothing written. Default false (as the import's dry_run). */
  dry_run: z.boolean({ error: 'bulk.dry_run_invalid' }).default(false),
});
export type ProductsBulkEditBody = z.output<typeof productsBulkEditBodySchema>;
/** The body as the browser sends it (money and percentages as decimals). */
export type ProductsBulkEditInput = z.input<typeof productsBulkEditBodySchema>;

// The parsed changes are the shared rules' own type.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const changesMatchRules: Equal<z.output<typeof bulkChangesSchema>, BulkChanges> = true;
void changesMatchRules;

const bulkValueSchema = z.union([z.number(), z.string(), z.boolean(), z.null()]);

/** One field of one product, before and after (money in KWD; category_id an id: see `categories`). */
export const bulkFieldChangeSchema = z.object({
  field: z.enum(BULK_FIELDS),
  before: bulkValueSchema,
  after: bulkValueSchema,
});
export type BulkFieldChange = z.infer<typeof bulkFieldChangeSchema>;

/** One product of the preview: what changes, or why it is refused (then nothing of it changes). */
export const bulkProductOutcomeSchema = z.object({
  id: z.number().int(),
  /** In the request's language (the Arabic name when it has no English one). */
  name: z.string(),
  changes: z.array(bulkFieldChangeSchema),
  refused: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type BulkProductOutcome = z.infer<typeof bulkProductOutcomeSchema>;

export const bulkSummarySchema = z.object({
  /** The products chosen. */
  selected: z.number().int(),
  /** Those the change alters (written, or to be written). */
  changed: z.number().int(),
  /** Those already as the change would make them: nothing written. */
  unchanged: z.number().int(),
  /** Those the change would break a rule for. */
  refused: z.number().int(),
});
export type BulkSummary = z.infer<typeof bulkSummarySchema>;

/**
 * The reply: the preview (dry_run) lists every product chosen with its changes or refusal; an
 * applied change answers the counts. `ids`: the products chosen, for the apply to send back.
 */
export const productsBulkEditResponseSchema = successShape({
  dry_run: z.boolean(),
  ids: z.array(z.number().int()),
  products: z.array(bulkProductOutcomeSchema),
  /** The names of the categories the changes name (before and after), in the request's language. */
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  summary: bulkSummarySchema,
  /** "12 products changed", in the request's language. */
  message: z.string(),
});
export type ProductsBulkEditResponse = z.infer<typeof productsBulkEditResponseSchema>;
