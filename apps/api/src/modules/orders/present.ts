import {
  apiMessage,
  fromThousandths,
  inLanguage,
  ORDER_STATUS_COLORS,
  orderStatuses,
  refundableAmount,
  refundBlocker,
  shipmentOf,
  uploadUrl,
  type AdminOrder,
  type AdminOrderPayment,
  type BilingualText,
  type OrderRefund,
  type Language,
  type Order,
  type OrderItem,
  type OrderStatus,
  type OrderStatusHistoryEntry,
  type PaymentMethod,
} from '@shop/shared';
import type { orderItems, orderRefunds, orders, paymentAttempts } from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
/** A refund with the name of the staff member who made it (null once deleted, or the shop itself). */
export type OrderRefundRecord = OrderRefundRow & { actor_name: string | null };

/** Per order line: the units refunded so far, and how many of them went back to stock. */
export interface RefundedUnits {
  refunded: number;
  restocked: number;
}

/** The units each order line gave back over an order's refunds, by order item id. */
export function refundedUnitsByItem(refunds: ReadonlyArray<Pick<OrderRefundRow, 'lines'>>): Map<number, RefundedUnits> {
  const units = new Map<number, RefundedUnits>();
  for (const refund of refunds) {
    for (const line of refund.lines) {
      const entry = units.get(line.order_item_id) ?? { refunded: 0, restocked: 0 };
      entry.refunded += line.quantity;
      if (line.restocked) entry.restocked += line.quantity;
      units.set(line.order_item_id, entry);
    }
  }
  return units;
}

/** A refund as staff see it. */
export function presentRefund(row: OrderRefundRecord): OrderRefund {
  return {
    id: row.id,
    amount: fromThousandths(row.amount),
    method: row.method,
    lines: row.lines.map((line) => ({
      order_item_id: line.order_item_id,
      quantity: line.quantity,
      restocked: line.restocked,
    })),
    notes: row.notes,
    actor_name: row.actor_name,
    created_at: row.created_at.toISOString(),
  };
}

/** What staff may refund of an order now, in thousandths (0 when refunding is not possible). */
export function refundableNow(row: OrderRow): number {
  const blocked = refundBlocker({
    status: row.status,
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    total: row.total_amount,
    refunded: row.refunded_amount,
  });
  return blocked ? 0 : refundableAmount(row.total_amount, row.refunded_amount);
}

/** UPayments' references of an attempt, as staff see them. */
export function presentPayment(row: PaymentAttemptRow): AdminOrderPayment {
  return {
    provider: row.provider,
    requested_order_id: row.requested_order_id,
    track_id: row.track_id,
    payment_id: row.payment_id,
    payment_type: row.payment_type,
    refund_order_id: row.refund_order_id,
    result: row.result,
    verified_at: row.verified_at?.toISOString() ?? null,
    refunded_at: row.refunded_at?.toISOString() ?? null,
    refund_arn: row.refund_arn,
  };
}

function imagePath(value: string | null): string | null {
  if (value === null) return null;
  return value.startsWith('/') || /^https?:\/\//.test(value) ? value : uploadUrl('products', value);
}

/** An order line's product name in both languages, as it was when ordered. */
export function itemNames(row: Pick<OrderItemRow, 'product_name' | 'product_name_en'>): BilingualText {
  return { ar: row.product_name, en: row.product_name_en };
}

/** An order line's product name in a language (Arabic for lines ordered without an English name). */
export function itemName(row: Pick<OrderItemRow, 'product_name' | 'product_name_en'>, lang: Language): string {
  return inLanguage(lang, row.product_name, row.product_name_en);
}

function presentItem(row: OrderItemRow, lang: Language): OrderItem {
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: itemName(row, lang),
    sku: row.sku,
    featured_image: imagePath(row.featured_image),
    quantity: row.quantity,
    price: fromThousandths(row.unit_price),
    total: fromThousandths(row.line_total),
    selected_attributes: Object.fromEntries(
      Object.entries(row.selected_attributes).map(([key, choice]) => [
        key,
        {
          ...choice,
          // Orders placed before attributes had English names stored none.
          attribute_name_en: choice.attribute_name_en ?? null,
          title_en: choice.title_en ?? null,
          additional_price: fromThousandths(choice.additional_price),
        },
      ]),
    ),
  };
}

/**
 * The order as the API shows it: decimals for money, place and product names in the request's
 * language (the chosen options carry both, with `selectionText` on the web side).
 */
export function presentOrder(row: OrderRow, items: readonly OrderItemRow[], lang: Language): Order {
  const en = lang === 'en';
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    created_at: row.created_at.toISOString(),
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    paid_at: row.paid_at?.toISOString() ?? null,
    customer_type: row.user_id === null ? 'guest' : 'user',
    name: row.customer_name,
    email: row.customer_email,
    phone: row.customer_phone,
    shipping_address: row.shipping_address,
    country_name: en ? row.country_name_en : row.country_name_ar,
    governorate_name: en ? row.governorate_name_en : row.governorate_name_ar,
    city_name: en ? row.city_name_en : row.city_name_ar,
    notes: row.notes,
    gift_message: row.gift_message,
    gift_wrap: row.gift_wrap,
    promo_code: row.promo_code,
    subtotal: fromThousandths(row.subtotal),
    discount_amount: fromThousandths(row.discount_amount),
    shipping_amount: fromThousandths(row.shipping_amount),
    gift_wrap_fee: fromThousandths(row.gift_wrap_fee),
    tax_amount: fromThousandths(row.tax_amount),
    total_amount: fromThousandths(row.total_amount),
    items: items.map((item) => presentItem(item, lang)),
    shipment: shipmentOf(row),
  };
}

/** The status values with their labels in a language. */
export function orderStatusList(lang: Language): Array<{ value: OrderStatus; label: string }> {
  return orderStatuses.map((value) => ({ value, label: statusLabel(value, lang) }));
}

/** A status's label in a language. */
export const statusLabel = (status: OrderStatus, lang: Language) => apiMessage(`order.status.${status}`, lang);

/** A payment method's name in a language. */
export const paymentMethodName = (method: PaymentMethod, lang: Language) =>
  apiMessage(`orders.payment_method.${method}`, lang);

/**
 * The order as staff see it: the shopper's fields plus labels, the account, the order's language,
 * its refunds (with each line's refunded units) and the history.
 */
export function presentAdminOrder(
  row: OrderRow,
  items: readonly OrderItemRow[],
  history: OrderStatusHistoryEntry[],
  lang: Language,
  payment: PaymentAttemptRow | undefined,
  refunds: readonly OrderRefundRecord[],
): AdminOrder {
  const order = presentOrder(row, items, lang);
  const units = refundedUnitsByItem(refunds);
  return {
    ...order,
    items: order.items.map((item) => ({
      ...item,
      refunded_quantity: units.get(item.id)?.refunded ?? 0,
      restocked_quantity: units.get(item.id)?.restocked ?? 0,
    })),
    status_display: statusLabel(row.status, lang),
    status_color: ORDER_STATUS_COLORS[row.status],
    user_id: row.user_id,
    language: row.language,
    payment_method_name: paymentMethodName(row.payment_method, lang),
    payment: payment ? presentPayment(payment) : null,
    refunded_amount: fromThousandths(row.refunded_amount),
    refundable_amount: fromThousandths(refundableNow(row)),
    refunds: refunds.map(presentRefund),
    history,
  };
}
