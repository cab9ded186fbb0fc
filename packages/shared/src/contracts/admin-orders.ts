import { z } from 'zod';
import { isCalendarDate } from '../promotions.js';
import { ADMIN_ORDERS_PAGE_SIZE, orderStatuses, paymentMethods, paymentStatuses, type OrderStatusColor } from '../orders.js';
import {
  blankAsUndefined,
  moneySchema,
  optionalSearchQuery,
  pageQueryFields,
  paginationSchema,
  plainText,
  strictId,
  successShape,
} from './common.js';
import { orderResponseSchema, orderSchema } from './orders.js';
import { adminOrderPaymentSchema } from './payments.js';

/**
 * The back office's orders.
 *
 * - `GET /api/orders` (`orders.manage`): one page of orders, newest first (created_at desc, id
 *   desc), filtered by `search`, `status`, `city_id` and `user_id`; `pagination.total` counts every order
 *   matching the filters; `cities` are the distinct cities of all orders (for the city filter).
 * - `GET /api/orders/:id`: the order's owner gets the shopper's reply (`orderResponseSchema`,
 *   unchanged); a caller with `orders.manage` gets the staff order (`adminOrderSchema`: the
 *   shopper's fields plus status_display, status_color, user_id, payment_method_name, history).
 * - `PUT /api/orders/:id/status` (`orders.manage`): any status to any status; entering
 *   cancelled/refunded returns the units to stock, leaving them takes the units again (409
 *   OUT_OF_STOCK naming the product when they are gone, nothing changed). Reply: the staff order.
 *   The same status again changes nothing and writes no history row (200, the order as it is).
 * - `DELETE /api/orders/:id` (`orders.delete`): units still held return to stock, then the order
 *   and its items are deleted.
 * - `POST /api/orders/:id/refund` (`orders.refund`): see contracts/payments.ts.
 * - `GET /api/orders/statuses`: the statuses with their labels (orderStatusListResponseSchema).
 */

/** Badge colours, as in ORDER_STATUS_COLORS. */
export const orderStatusColors = [
  'yellow',
  'blue',
  'purple',
  'green',
  'red',
  'gray',
] as const satisfies readonly OrderStatusColor[];

export const ADMIN_ORDERS_PAGE_SIZE_MAX = 100;

/** GET /api/orders query. */
export const adminOrderListQuerySchema = z.object({
  /**
   * Part of the order number, the customer's name or e-mail: trimmed, case ignored, Arabic
   * letter forms and diacritics folded as in the catalogue search.
   */
  search: optionalSearchQuery,
  /** One status; absent or empty: every status. */
  status: z.preprocess(
    blankAsUndefined,
    z.enum(orderStatuses, { error: 'orders.status_invalid' }).optional(),
  ),
  /** Orders shipped to this city (its id at the time of the order); absent or empty: every city. */
  city_id: z.preprocess(blankAsUndefined, strictId('orders.city_invalid').optional()),
  /** One customer's orders (their account id; a user's panel in the back office); absent or empty: everyone's. */
  user_id: z.preprocess(blankAsUndefined, strictId('orders.user_invalid').optional()),
  ...pageQueryFields({
    defaultLimit: ADMIN_ORDERS_PAGE_SIZE,
    maxLimit: ADMIN_ORDERS_PAGE_SIZE_MAX,
  }),
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** A Kuwait calendar day `YYYY-MM-DD` of the export's range (required). */
const exportDay = z
  .string({ error: 'orders.export.date_invalid' })
  .transform((value) => value.trim())
  .refine(isCalendarDate, 'orders.export.date_invalid');

/**
 * GET /api/admin/orders/export (`orders.manage`): the orders placed from `from` to `to` (Kuwait
 * days, both included), optionally of one `status` and one `city` (its id), as a CSV file.
 */
export const adminOrderExportQuerySchema = z
  .object({
    from: exportDay,
    to: exportDay,
    status: z.preprocess(blankAsUndefined, z.enum(orderStatuses, { error: 'orders.status_invalid' }).optional()),
    city: z.preprocess(blankAsUndefined, strictId('orders.city_invalid').optional()),
  })
  .superRefine((query, context) => {
    // YYYY-MM-DD texts compare as their days.
    if (query.to < query.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'orders.export.range_invalid' });
    }
  });
export type AdminOrderExportQuery = z.output<typeof adminOrderExportQuerySchema>;

/** One row of the orders list. Money as decimals (KD). */
export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: z.enum(orderStatuses),
  /** The status's label in the request's language. */
  status_display: z.string(),
  status_color: z.enum(orderStatusColors),
  created_at: z.string(),
  customer_type: z.enum(['user', 'guest']),
  /** The customer's account; null for a guest (or once the account was deleted). */
  user_id: z.number().int().nullable(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  /** Null when the city was deleted since (city_name still names it). */
  city_id: z.number().int().nullable(),
  city_name: z.string(),
  governorate_name: z.string().nullable(),
  /** Pieces ordered (the sum of the lines' quantities). */
  item_count: z.number().int(),
  payment_method: z.enum(paymentMethods),
  payment_method_name: z.string(),
  payment_status: z.enum(paymentStatuses),
  paid_at: z.string().nullable(),
  shipping_amount: moneySchema,
  total_amount: moneySchema,
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

/** A city that occurs in orders, for the city filter. id is null for a city deleted since. */
export const adminOrderCitySchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
});
export type AdminOrderCity = z.infer<typeof adminOrderCitySchema>;

export const adminOrderListResponseSchema = successShape({
  orders: z.array(adminOrderSummarySchema),
  pagination: paginationSchema,
  cities: z.array(adminOrderCitySchema),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

/**
 * One status change. The order's creation is the row with from_status null (orders placed before
 * the history existed have none: show their creation from the order's created_at).
 */
export const orderStatusHistoryEntrySchema = z.object({
  id: z.number().int(),
  from_status: z.enum(orderStatuses).nullable(),
  to_status: z.enum(orderStatuses),
  notes: z.string().nullable(),
  /** Null for the shopper's own creation of the order, or once the staff account was deleted. */
  actor_name: z.string().nullable(),
  /** The staff member's e-mail at the time (kept after their account is deleted). */
  actor_email: z.string().nullable(),
  created_at: z.string(),
});
export type OrderStatusHistoryEntry = z.infer<typeof orderStatusHistoryEntrySchema>;

/** The order as staff see it. */
export const adminOrderSchema = orderSchema.extend({
  status_display: z.string(),
  status_color: z.enum(orderStatusColors),
  user_id: z.number().int().nullable(),
  payment_method_name: z.string(),
  /** UPayments' references of the latest payment attempt; null for cash on delivery. */
  payment: adminOrderPaymentSchema.nullable(),
  /** Oldest first. */
  history: z.array(orderStatusHistoryEntrySchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderResponseSchema = successShape({ order: adminOrderSchema });
export type AdminOrderResponse = z.infer<typeof adminOrderResponseSchema>;

/** GET /api/orders/:id: the staff order for `orders.manage`, else the owner's (shopper's) reply. */
export const orderDetailResponseSchema = z.union([adminOrderResponseSchema, orderResponseSchema]);
export type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

/** PUT /api/orders/:id/status body. `notes` may be empty (the detail page sends ''). */
export const adminOrderStatusBodySchema = z.object({
  status: z.enum(orderStatuses, { error: 'orders.status_invalid' }),
  notes: plainText('orders.notes_invalid')
    .max(1000, 'orders.notes_too_long')
    .nullish()
    .transform((value) => value?.trim() || null),
});
export type AdminOrderStatusBody = z.output<typeof adminOrderStatusBodySchema>;

/** DELETE /api/orders/:id reply. */
export const adminOrderDeleteResponseSchema = successShape({ message: z.string() });
export type AdminOrderDeleteResponse = z.infer<typeof adminOrderDeleteResponseSchema>;
