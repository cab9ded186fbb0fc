import { ORDER_NUMBER_PATTERN, ORDER_PROGRESS, type OrderStatus } from '@shop/shared';
import type { MessageKey, TranslationKey } from '../../i18n/i18n';

/** How far along the order is, in percent (pending 25 … delivered 100, else 0). */
export function orderProgress(status: OrderStatus): number {
  return ORDER_PROGRESS[status];
}

/** The sentence under the progress bar; a status without one (cancelled, refunded…) gets none. */
export function statusExplanation(status: OrderStatus): TranslationKey | null {
  switch (status) {
    case 'pending':
      return 'orders.status_text.pending';
    case 'processing':
      return 'orders.status_text.processing';
    case 'shipped':
      return 'orders.status_text.shipped';
    case 'delivered':
    case 'completed':
      return 'orders.status_text.delivered';
    default:
      return null;
  }
}

export const statusLabels: Record<OrderStatus, MessageKey> = {
  pending: 'orders.status.pending',
  processing: 'orders.status.processing',
  shipped: 'orders.status.shipped',
  delivered: 'orders.status.delivered',
  completed: 'orders.status.completed',
  cancelled: 'orders.status.cancelled',
  refunded: 'orders.status.refunded',
};

/** The order number as the API expects it ("sb-…" typed by hand works too), or null when malformed. */
export function normaliseOrderNumber(raw: string | undefined): string | null {
  const value = (raw ?? '').trim().toUpperCase();
  return ORDER_NUMBER_PATTERN.test(value) ? value : null;
}
