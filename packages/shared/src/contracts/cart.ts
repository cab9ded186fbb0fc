import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY } from '../constants.js';
import { promoDiscountTypes } from '../promotions.js';
import { idParam, moneySchema, plainText, successShape } from './common.js';

// ---------- requests ----------

/**
 * The chosen variation of each attribute, keyed by attribute id. The shape is
 * `{ [attributeId]: { variation_id, title } }`; a bare variation id is accepted too. The title
 * is informational: the server reads titles and surcharges from the database.
 */
export const selectedAttributesInputSchema = z
  .record(
    z.string().regex(/^[1-9]\d{0,9}$/, 'validation.attribute_invalid'),
    z.union([
      idParam,
      z.object({ variation_id: idParam, title: plainText().max(200).optional() }),
    ]),
  )
  .default({});

export const cartAddBodySchema = z.object({
  product_id: idParam,
  quantity: z
    .number({ error: 'validation.quantity_invalid' })
    .int('validation.quantity_invalid')
    .min(1, 'validation.quantity_invalid')
    .max(CART_LINE_MAX_QUANTITY, 'validation.quantity_invalid')
    .default(1),
  selected_attributes: selectedAttributesInputSchema,
});
export type CartAddBody = z.infer<typeof cartAddBodySchema>;

export const cartUpdateBodySchema = z.object({
  quantity: z
    .number({ error: 'validation.quantity_invalid' })
    .int('validation.quantity_invalid')
    .min(1, 'validation.quantity_invalid')
    .max(CART_LINE_MAX_QUANTITY, 'validation.quantity_invalid'),
});
export type CartUpdateBody = z.infer<typeof cartUpdateBodySchema>;

export const cartLineParamsSchema = z.object({ id: idParam });

// ---------- responses ----------

export const selectedAttributeSchema = z.object({
  attribute_id: z.number().int(),
  attribute_name: z.string(),
  /** English names (null when the shop has none, or an order placed before they existed). */
  attribute_name_en: z.string().nullable().default(null),
  variation_id: z.number().int(),
  title: z.string(),
  title_en: z.string().nullable().default(null),
  additional_price: moneySchema,
});
export type SelectedAttribute = z.infer<typeof selectedAttributeSchema>;

export const cartItemSchema = z.object({
  /** The cart line's id (used by update and remove). */
  id: z.number().int(),
  product_id: z.number().int(),
  name: z.string(),
  /** The product's English name, or null (the English cart then shows the Arabic one). */
  name_en: z.string().nullable(),
  short_description: z.string().nullable(),
  featured_image: z.string().nullable(),
  /** Unit price now: sale price when set, else price, plus the chosen variations' surcharges. */
  display_price: moneySchema,
  quantity: z.number().int(),
  /** display_price × quantity. */
  line_total: moneySchema,
  stock_quantity: z.number().int(),
  /** false: the shop does not count this product's stock, so stock_quantity does not limit it. */
  manage_stock: z.boolean(),
  in_stock: z.boolean(),
  /** The chosen variations, keyed by attribute id. */
  selected_attributes: z.record(z.string(), selectedAttributeSchema),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSummarySchema = z.object({
  /** Sum of the line totals (before promo code and shipping). */
  total: moneySchema,
  /** Sum of the quantities. */
  total_items: z.number().int(),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

/** Why a line left the cart on its own: its product, or the option chosen, can no longer be bought. */
export const CART_REMOVAL_REASONS = ['option_unavailable', 'product_unavailable'] as const;
export type CartRemovalReason = (typeof CART_REMOVAL_REASONS)[number];

/** A line the server dropped while reading the cart, named so the shopper can be told. */
export const removedCartItemSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  reason: z.enum(CART_REMOVAL_REASONS),
});
export type RemovedCartItem = z.infer<typeof removedCartItemSchema>;

/**
 * The promo code applied to the cart, checked again against the current subtotal by this very
 * read (the order checks it once more and uses it up).
 */
export const cartPromoSchema = z.object({
  /** The code as stored (upper-case). */
  code: z.string(),
  /** The amount it takes off the cart's subtotal now, a decimal amount. */
  discount: moneySchema,
  discount_type: z.enum(promoDiscountTypes),
  /** Whole percent for percentage codes, a decimal amount for fixed codes. */
  discount_value: z.number(),
  /** One order per customer (account, e-mail or phone): a welcome-type code. */
  once_per_customer: z.boolean(),
});
export type CartPromo = z.infer<typeof cartPromoSchema>;

/** A code the cart held that no longer applies (removed from the cart by this read), and why. */
export const cartPromoNoticeSchema = z.object({
  code: z.string(),
  /** Why, in the request's language (e.g. the minimum order is no longer met). */
  message: z.string(),
});
export type CartPromoNotice = z.infer<typeof cartPromoNoticeSchema>;

export const cartResponseSchema = successShape({
  items: z.array(cartItemSchema),
  summary: cartSummarySchema,
  /** The applied promo code, valid for the current subtotal, or null. */
  promo: cartPromoSchema.nullable(),
  /**
   * The applied code stopped applying (minimum no longer met, expired, switched off...): this
   * read took it out of the cart and says why, once. Null otherwise.
   */
  promo_notice: cartPromoNoticeSchema.nullable(),
  /**
   * The delivery fees over the active cities (decimal amounts), or null when no city takes
   * orders: the fee depends on the area chosen at checkout, so the cart says "from lowest".
   */
  shipping_fees: z.object({ lowest: moneySchema, highest: moneySchema }).nullable(),
  /**
   * Lines dropped by this very read because they can no longer be bought (the chosen value was
   * deleted or is no longer offered, or the product was withdrawn). Reported once: a later read
   * no longer has them.
   */
  removed_items: z.array(removedCartItemSchema),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const cartCountResponseSchema = successShape({ item_count: z.number().int() });
export type CartCountResponse = z.infer<typeof cartCountResponseSchema>;

/**
 * Buying an order again (`POST /api/orders/{id}/reorder`, issue 33): why a line of the order did
 * not go back into the cart as it was. `unavailable`: the product was withdrawn or deleted, or an
 * option it was bought with is no longer offered; `out_of_stock`: none left; `reduced`: fewer left
 * than the order had, so the cart got what there is.
 */
export const REORDER_LINE_OUTCOMES = ['added', 'reduced', 'out_of_stock', 'unavailable'] as const;
export type ReorderLineOutcome = (typeof REORDER_LINE_OUTCOMES)[number];

export const reorderLineSchema = z.object({
  /** The product now; null when it was deleted since. */
  product_id: z.number().int().nullable(),
  /** The product's name as ordered, in the request's language (Arabic when it had no English one). */
  name: z.string(),
  outcome: z.enum(REORDER_LINE_OUTCOMES),
  /** The quantity the order had. */
  ordered: z.number().int(),
  /** The quantity this request put into the cart (0 when out of stock or unavailable). */
  added: z.number().int(),
});
export type ReorderLine = z.infer<typeof reorderLineSchema>;

/** The cart after the order's lines went in at today's prices, and what became of each line. */
export const reorderResponseSchema = cartResponseSchema.extend({
  reorder: z.object({ lines: z.array(reorderLineSchema) }),
});
export type ReorderResponse = z.infer<typeof reorderResponseSchema>;
