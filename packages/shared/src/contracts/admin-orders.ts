import { z } from 'zod';
import { isCalendarDate } from '../promotions.js';
import { LANGUAGES } from '../constants.js';
import { ADMIN_ORDERS_PAGE_SIZE, BULK_STATUS_MAX_ORDERS, orderStatuses, paymentMethods, paymentStatuses, type OrderStatusColor } from '../orders.js';
import { REFUND_NOTES_MAX_LENGTH, refundMethods } from '../refunds.js';
import { isWebAddress } from '../safe-links.js';
import {
  CARRIER_MAX_LENGTH,
  isTrackingNumber,
  TRACKING_NUMBER_MAX_LENGTH,
  TRACKING_URL_MAX_LENGTH,
} from '../shipping.js';
import {
  blankAsUndefined,
  errorCodes,
  moneySchema,
  optionalSearchQuery,
  pageQueryFields,
  paginationSchema,
  plainText,
  strictId,
  successShape,
} from './common.js';
import { formMoney } from './form-fields.js';
import { orderItemSchema, orderResponseSchema, orderSchema } from './orders.js';
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
 *   With `status: "shipped"` it may carry the carrier, tracking number and tracking page
 *   (`shipment`); the same status shipped again with a different shipment updates it and writes a
 *   history note.
 * - `POST /api/orders/bulk-status` (`orders.manage`): one status change for up to 100 orders, each
 *   by the rules of the single change in its own transaction; one refused never stops the others.
 * - `POST /api/orders/:id/refund` (`orders.refund`): all that is left, or part of it (an amount,
 *   lines with or without restocking); see adminOrderRefundBodySchema and docs/decisions/043.
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
  /**
   * True when a word of the search matched more than ORDER_SEARCH_COUNT_CAP orders: the count
   * stopped there, and pagination.total (and pages) is that cap, a lower bound.
   */
  total_capped: z.boolean(),
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

/** A line a refund gave back: how many units of the order line, and whether they went back to stock. */
export const orderRefundLineSchema = z.object({
  order_item_id: z.number().int(),
  quantity: z.number().int(),
  restocked: z.boolean(),
});
export type OrderRefundLine = z.infer<typeof orderRefundLineSchema>;

/** One refund of an order (docs/decisions/043). */
export const orderRefundSchema = z.object({
  id: z.number().int(),
  amount: moneySchema,
  /** online: through UPayments; cash: paid back by the shop (cash on delivery). */
  method: z.enum(refundMethods),
  /** Empty when the refund named no lines (an amount, or the whole order). */
  lines: z.array(orderRefundLineSchema),
  notes: z.string().nullable(),
  /** Null for the shop itself (a late payment refunded) or once the staff account was deleted. */
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** An order line as staff see it: with the units refunded so far and those of them back in stock. */
export const adminOrderItemSchema = orderItemSchema.extend({
  refunded_quantity: z.number().int(),
  restocked_quantity: z.number().int(),
});
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;

/** The order as staff see it. */
export const adminOrderSchema = orderSchema.extend({
  status_display: z.string(),
  status_color: z.enum(orderStatusColors),
  user_id: z.number().int().nullable(),
  /** The language the customer ordered in: its e-mails (and staff's messages to them) use it. */
  language: z.enum(LANGUAGES),
  payment_method_name: z.string(),
  /** UPayments' references of the latest payment attempt; null for cash on delivery. */
  payment: adminOrderPaymentSchema.nullable(),
  items: z.array(adminOrderItemSchema),
  /** What was given back so far, in part or in full. */
  refunded_amount: moneySchema,
  /** What may still be refunded now: 0 when nothing can be (unpaid, cash not collected, all refunded). */
  refundable_amount: moneySchema,
  /** Oldest first. */
  refunds: z.array(orderRefundSchema),
  /** Oldest first. */
  history: z.array(orderStatusHistoryEntrySchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderResponseSchema = successShape({ order: adminOrderSchema });
export type AdminOrderResponse = z.infer<typeof adminOrderResponseSchema>;

/** GET /api/orders/:id: the staff order for `orders.manage`, else the owner's (shopper's) reply. */
export const orderDetailResponseSchema = z.union([adminOrderResponseSchema, orderResponseSchema]);
export type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

/** '' and spaces read as null (the field cleared). */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * The shipment a status change may carry (only with status shipped). Absent: kept as it is;
 * null or blank: cleared. A known carrier's tracking page is built from the number when
 * tracking_url is not given (shared/shipping.ts carrierTrackingUrl).
 */
const shipmentInputFields = {
  carrier: z
    .preprocess(
      blankAsNull,
      plainText('orders.carrier_invalid').trim().max(CARRIER_MAX_LENGTH, 'orders.carrier_too_long').nullable(),
    )
    .optional(),
  tracking_number: z
    .preprocess(
      blankAsNull,
      plainText('orders.tracking_number_invalid')
        .trim()
        .max(TRACKING_NUMBER_MAX_LENGTH, 'orders.tracking_number_too_long')
        // One message per value: a number too long is told so, not also that its letters are wrong.
        .refine((value) => value.length > TRACKING_NUMBER_MAX_LENGTH || isTrackingNumber(value), 'orders.tracking_number_invalid')
        .nullable(),
    )
    .optional(),
  tracking_url: z
    .preprocess(
      blankAsNull,
      plainText('orders.tracking_url_invalid')
        .trim()
        .max(TRACKING_URL_MAX_LENGTH, 'orders.tracking_url_too_long')
        .refine((value) => /^https:\/\//i.test(value) && isWebAddress(value), 'orders.tracking_url_invalid')
        .nullable(),
    )
    .optional(),
};

const shipmentFields = ['carrier', 'tracking_number', 'tracking_url'] as const;

/** A carrier, tracking number or tracking page with a status other than shipped: a field error each. */
function shipmentOnlyWhenShipped(
  body: { status: string } & Partial<Record<(typeof shipmentFields)[number], string | null | undefined>>,
  context: z.RefinementCtx,
) {
  if (body.status === 'shipped') return;
  for (const field of shipmentFields) {
    if (body[field] !== undefined && body[field] !== null) {
      context.addIssue({ code: 'custom', path: [field], message: 'orders.shipment_only_when_shipped' });
    }
  }
}

const statusNotes = plainText('orders.notes_invalid')
  .max(1000, 'orders.notes_too_long')
  .nullish()
  .transform((value) => value?.trim() || null);

/**
 * PUT /api/orders/:id/status body. `notes` may be empty (the detail page sends ''). The shipment
 * fields only with status shipped.
 */
export const adminOrderStatusBodySchema = z
  .object({
    status: z.enum(orderStatuses, { error: 'orders.status_invalid' }),
    notes: statusNotes,
    ...shipmentInputFields,
  })
  .superRefine(shipmentOnlyWhenShipped);
export type AdminOrderStatusBody = z.output<typeof adminOrderStatusBodySchema>;

/** The shipment part of a status change, as the service takes it (undefined: keep). */
export type ShipmentInput = Pick<AdminOrderStatusBody, 'carrier' | 'tracking_number' | 'tracking_url'>;

/** POST /api/orders/bulk-status body: the same change for several orders. */
export const adminOrderBulkStatusBodySchema = z
  .object({
    ids: z
      .array(strictId('orders.bulk_ids_invalid'), { error: 'orders.bulk_ids_invalid' })
      .min(1, 'orders.bulk_ids_empty')
      .max(BULK_STATUS_MAX_ORDERS, 'orders.bulk_ids_too_many')
      .refine((ids) => new Set(ids).size === ids.length, 'orders.bulk_ids_duplicate'),
    status: z.enum(orderStatuses, { error: 'orders.status_invalid' }),
    notes: statusNotes,
    ...shipmentInputFields,
  })
  .superRefine(shipmentOnlyWhenShipped);
export type AdminOrderBulkStatusBody = z.output<typeof adminOrderBulkStatusBodySchema>;

/** One order's outcome in a bulk change: its new status, or why it was refused (nothing changed). */
export const adminOrderBulkResultSchema = z.discriminatedUnion('ok', [
  z.object({
    id: z.number().int(),
    order_number: z.string().nullable(),
    ok: z.literal(true),
    status: z.enum(orderStatuses),
  }),
  z.object({
    id: z.number().int(),
    /** Null for an id that names no order. */
    order_number: z.string().nullable(),
    ok: z.literal(false),
    error: z.object({ code: z.enum(errorCodes), message: z.string() }),
  }),
]);
export type AdminOrderBulkResult = z.infer<typeof adminOrderBulkResultSchema>;

/** POST /api/orders/bulk-status reply: one result per id, in the order sent, and a summary. */
export const adminOrderBulkStatusResponseSchema = successShape({
  results: z.array(adminOrderBulkResultSchema),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** "3 orders updated, 1 refused", in the request's language. */
  message: z.string(),
});
export type AdminOrderBulkStatusResponse = z.infer<typeof adminOrderBulkStatusResponseSchema>;

/** A line to refund: units of one order line, and whether they go back to stock. */
export const adminOrderRefundLineInputSchema = z.object({
  order_item_id: strictId('refund.line_invalid'),
  quantity: z
    .number({ error: 'refund.quantity_invalid' })
    .int('refund.quantity_invalid')
    .min(1, 'refund.quantity_invalid')
    .max(100_000, 'refund.quantity_invalid'),
  restock: z.boolean({ error: 'refund.restock_invalid' }),
}, { error: 'refund.lines_invalid' });

/**
 * POST /api/orders/:id/refund body, optional. None (or {}): everything not refunded yet. `amount`
 * (a decimal, at most 3 places, as a number or a string) gives back that much; `lines` alone gives
 * back their unit price × quantity; with both, the amount is given and the lines are recorded
 * (and restocked as asked). `amount` is thousandths once parsed.
 */
export const adminOrderRefundBodySchema = z.preprocess(
  (value) => (value === undefined || value === null ? {} : value),
  z.object(
    {
      amount: formMoney('refund.amount_invalid')
        .refine((amount) => amount > 0, 'refund.amount_invalid')
        .optional(),
      lines: z
        .array(adminOrderRefundLineInputSchema, { error: 'refund.lines_invalid' })
        .min(1, 'refund.lines_invalid')
        .max(100, 'refund.lines_invalid')
        .refine(
          (lines) => new Set(lines.map((line) => line.order_item_id)).size === lines.length,
          'refund.lines_duplicate',
        )
        .optional(),
      notes: plainText('refund.notes_invalid')
        .max(REFUND_NOTES_MAX_LENGTH, 'refund.notes_too_long')
        .nullish()
        .transform((value) => value?.trim() || null),
    },
    { error: 'refund.body_invalid' },
  ),
);
export type AdminOrderRefundBody = z.output<typeof adminOrderRefundBodySchema>;

/** DELETE /api/orders/:id reply. */
export const adminOrderDeleteResponseSchema = successShape({ message: z.string() });
export type AdminOrderDeleteResponse = z.infer<typeof adminOrderDeleteResponseSchema>;
