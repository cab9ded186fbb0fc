import { z } from 'zod';
import { CART_LINE_MAX_QUANTITY } from '../constants.js';
import { selectedAttributesInputSchema, selectedAttributeSchema } from './cart.js';
import { idParam, moneySchema, plainText, strictId, successShape } from './common.js';
import { ORDER_NUMBER_PATTERN, orderStatuses, paymentMethods, paymentStatuses } from '../orders.js';
import { giftMessageProblem, normalizeGiftMessage } from '../gifts.js';
import type { Shipment } from '../shipping.js';

// ---------- requests ----------

const requiredText = (max: number, key: string) =>
  plainText(key)
    .trim()
    .min(1, key)
    .max(max, 'validation.too_long');

/** A required id whose absence (missing, null or empty) reads as "X is required". */
const requiredId = (key: string) =>
  z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    strictId(key),
  );

/**
 * The gift's card: at most GIFT_MESSAGE_MAX_LENGTH characters, line breaks allowed, other control
 * characters refused; trimmed, and empty (or null) is no message (shared gifts.ts).
 */
export const giftMessageSchema = z
  .string({ error: 'order.gift_message_invalid' })
  .superRefine((value, context) => {
    const problem = giftMessageProblem(value);
    if (problem === 'control_characters') context.addIssue({ code: 'custom', message: 'order.gift_message_invalid' });
    else if (problem === 'too_long') context.addIssue({ code: 'custom', message: 'order.gift_message_too_long' });
  })
  .nullish()
  .transform((value) => normalizeGiftMessage(value));

export const orderItemInputSchema = z.object({
  product_id: idParam,
  quantity: z
    .number({ error: 'validation.quantity_invalid' })
    .int('validation.quantity_invalid')
    .min(1, 'validation.quantity_invalid')
    .max(CART_LINE_MAX_QUANTITY, 'validation.quantity_invalid'),
  selected_attributes: selectedAttributesInputSchema,
});

/**
 * The checkout's rules for who receives an order and where: one schema per field, shared by the
 * order and the customer's saved addresses (contracts/addresses.ts).
 */
export const deliveryFieldSchemas = {
  name: requiredText(200, 'order.name_required'),
  // Digits (Arabic-Indic ones too), spaces, hyphens, parentheses and a leading +; the server
  // stores the number in its international form, +96551112222 (apps/api/src/lib/contact.ts).
  phone: requiredText(30, 'order.phone_required').pipe(
    z.string().regex(/^\+?[0-9\u0660-\u0669\u06f0-\u06f9\s\-()]{8,}$/, 'order.phone_invalid'),
  ),
  shipping_address: requiredText(500, 'order.shipping_address_required'),
  country_id: requiredId('order.country_required'),
  governorate_id: requiredId('order.governorate_required'),
  city_id: requiredId('order.city_required'),
};

/**
 * The checkout's payload. Prices, totals, the shipping fee and the discount are
 * always computed by the server: `total_amount`, `user_id` and `city` are accepted for
 * compatibility and never trusted. Without `items`, the shopper's cart is ordered.
 */
export const createOrderBodySchema = z.object({
  name: deliveryFieldSchemas.name,
  email: plainText('order.email_required')
    .trim()
    .min(1, 'order.email_required')
    .max(254, 'validation.too_long')
    .pipe(z.email('order.email_invalid'))
    .transform((value) => value.toLowerCase()),
  phone: deliveryFieldSchemas.phone,
  shipping_address: deliveryFieldSchemas.shipping_address,
  country_id: deliveryFieldSchemas.country_id,
  governorate_id: deliveryFieldSchemas.governorate_id,
  city_id: deliveryFieldSchemas.city_id,
  city: plainText().max(200).optional(),
  payment_method: z.enum(paymentMethods, { error: 'order.payment_method_invalid' }).default('cash_on_delivery'),
  promo_code: plainText().trim().max(50).nullish(),
  notes: plainText().trim().max(1000).nullish(),
  gift_message: giftMessageSchema,
  /** Gift wrapping, charged at the store's gift_wrap_fee; refused when the store does not offer it. */
  gift_wrap: z.boolean({ error: 'order.gift_wrap_invalid' }).default(false),
  items: z.array(orderItemInputSchema).max(100).optional(),
  /**
   * A signed-in customer's "save this address": the order's name, phone, area and address join
   * the account's saved addresses with the order (ignored for a guest). Issue 33, item 7.
   */
  save_address: z.boolean({ error: 'validation.boolean_invalid' }).optional(),
  /** Accepted from API clients that still send it and ignored: the server prices the order itself. */
  total_amount: z.number().optional(),
  user_id: z.number().int().nullish(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderNumberParamsSchema = z.object({
  orderNumber: z.string().trim().toUpperCase().regex(ORDER_NUMBER_PATTERN, 'order.number_invalid'),
});

export const orderIdParamsSchema = z.object({ id: idParam });

// ---------- responses ----------

export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable(),
  /** Snapshot at the time of the order. */
  product_name: z.string(),
  sku: z.string().nullable(),
  featured_image: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price paid, surcharges included. */
  price: moneySchema,
  total: moneySchema,
  selected_attributes: z.record(z.string(), selectedAttributeSchema),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * How the order travels once shipped (shared/shipping.ts): the carrier, its tracking number and
 * the carrier's tracking page (https), each null when not given; the whole is null until staff
 * gave any of them. The masked tracking view names the carrier only.
 */
export const shipmentSchema = z.object({
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
}) satisfies z.ZodType<Shipment>;

export const orderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(orderStatuses),
  created_at: z.string(),
  payment_method: z.enum(paymentMethods),
  /** not_required (cash on delivery), awaiting_payment, paid, failed or refunded. */
  payment_status: z.enum(paymentStatuses),
  /** When UPayments' confirmation was verified; null unless paid (or refunded after). */
  paid_at: z.string().nullable(),
  customer_type: z.enum(['user', 'guest']),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  shipping_address: z.string(),
  country_name: z.string(),
  governorate_name: z.string().nullable(),
  city_name: z.string(),
  notes: z.string().nullable(),
  /** The message for the gift's card; null: none. */
  gift_message: z.string().nullable(),
  /** The shopper asked for gift wrapping. */
  gift_wrap: z.boolean(),
  promo_code: z.string().nullable(),
  subtotal: moneySchema,
  discount_amount: moneySchema,
  shipping_amount: moneySchema,
  /** What the gift wrapping cost when the order was placed (0 without wrapping). */
  gift_wrap_fee: moneySchema,
  tax_amount: moneySchema,
  /** subtotal - discount_amount + shipping_amount + gift_wrap_fee (+ tax_amount, 0 in Kuwait). */
  total_amount: moneySchema,
  items: z.array(orderItemSchema),
  shipment: shipmentSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = successShape({
  order: orderSchema.extend({
    /** Present when the shopper must pay online: where to send the browser. */
    payment_url: z.string().optional(),
  }),
  /** The same as order.payment_url (POST /api/orders with upayments; see contracts/payments.ts). */
  payment_url: z.string().optional(),
  /**
   * Present when the request asked for save_address: whether the address is now among the
   * account's saved ones (false for a guest, or an account that already keeps the most allowed).
   */
  address_saved: z.boolean().optional(),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/**
 * GET /api/orders/number/{n} (the public tracking page): the full order for its owner, staff who
 * manage orders and the browser that placed it; for anyone else the customer is masked in the
 * reply itself (decision 019).
 */
export const trackedOrderSchema = z.discriminatedUnion('customer_view', [
  orderSchema.extend({
    customer_view: z.literal('full'),
    /**
     * The viewer's own order (the signed-in customer who placed it, or the browser that placed
     * it): it may be bought again (`POST /api/orders/{id}/reorder`). Staff see it in full, but false.
     */
    can_reorder: z.boolean(),
  }),
  orderSchema.extend({
    customer_view: z.literal('masked'),
    can_reorder: z.literal(false),
    /** The first name's initial and a full stop ("م.", "A."). */
    name: z.string(),
    /** Never sent in the masked view. */
    email: z.null(),
    /** The last digits only ("•••• 567"). */
    phone: z.string(),
    /** Never sent in the masked view: the area (city, governorate, country) stays. */
    shipping_address: z.null(),
    notes: z.null(),
    /** Never sent in the masked view: words from one person to another. */
    gift_message: z.null(),
  }),
]);
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

export const orderTrackingResponseSchema = successShape({ order: trackedOrderSchema });
export type OrderTrackingResponse = z.infer<typeof orderTrackingResponseSchema>;

export const orderListResponseSchema = successShape({ orders: z.array(orderSchema) });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const orderStatusListResponseSchema = successShape({
  statuses: z.array(z.object({ value: z.enum(orderStatuses), label: z.string() })),
});
export type OrderStatusListResponse = z.infer<typeof orderStatusListResponseSchema>;
