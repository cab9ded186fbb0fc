import {
  apiMessage,
  fromThousandths,
  ORDER_STATUS_COLORS,
  orderStatuses,
  uploadUrl,
  type AdminOrder,
  type AdminOrderPayment,
  type Language,
  type Order,
  type OrderItem,
  type OrderStatus,
  type OrderStatusHistoryEntry,
  type PaymentMethod,
} from '@shop/shared';
import type { orderItems, orders, paymentAttempts } from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

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

function presentItem(row: OrderItemRow): OrderItem {
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
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

/** The order as the API shows it: decimals for money, place names in the request's language. */
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
    promo_code: row.promo_code,
    subtotal: fromThousandths(row.subtotal),
    discount_amount: fromThousandths(row.discount_amount),
    shipping_amount: fromThousandths(row.shipping_amount),
    tax_amount: fromThousandths(row.tax_amount),
    total_amount: fromThousandths(row.total_amount),
    items: items.map(presentItem),
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

/** The order as staff see it: the shopper's fields plus labels, the account and the history. */
export function presentAdminOrder(
  row: OrderRow,
  items: readonly OrderItemRow[],
  history: OrderStatusHistoryEntry[],
  lang: Language,
  payment: PaymentAttemptRow | undefined,
): AdminOrder {
  return {
    ...presentOrder(row, items, lang),
    status_display: statusLabel(row.status, lang),
    status_color: ORDER_STATUS_COLORS[row.status],
    user_id: row.user_id,
    payment_method_name: paymentMethodName(row.payment_method, lang),
    payment: payment ? presentPayment(payment) : null,
    history,
  };
}
