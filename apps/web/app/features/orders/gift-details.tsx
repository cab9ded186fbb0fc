import type { Order } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { GiftIcon } from './order-icons';

type GiftFields = Pick<Order, 'gift_message' | 'gift_wrap'>;

/** Whether an order is a gift: it carries a message for the card or asked for wrapping. */
export function isGiftOrder(order: GiftFields): boolean {
  return order.gift_message !== null || order.gift_wrap;
}

/**
 * What the shopper asked for the gift: "Gift-wrapped" and the message for the card, kept as it
 * was written (line breaks, the writer's direction). Nothing for an order that is not a gift. The
 * tracking page, the invoice, the back office's order and the packing slip show the same.
 */
export function GiftDetails({ order, title }: { order: GiftFields; title?: 'card' | 'print' }) {
  const { t } = useI18n();
  if (!isGiftOrder(order)) return null;
  const heading =
    title === 'print' ? (
      <p className="text-sm font-semibold text-stone-500">{t('orders.gift.title')}</p>
    ) : (
      <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold text-stone-900">
        <GiftIcon className="size-5 text-brand-700" />
        {t('orders.gift.title')}
      </h2>
    );
  return (
    <div data-testid="order-gift" className="flex flex-col gap-2">
      {heading}
      {order.gift_wrap ? (
        <p data-testid="order-gift-wrap" className="font-semibold text-stone-800">
          {t('orders.gift.wrapped')}
        </p>
      ) : null}
      {order.gift_message !== null ? (
        <figure className="flex flex-col gap-1">
          <figcaption className="text-sm text-stone-600">{t('orders.gift.message')}</figcaption>
          <blockquote
            dir="auto"
            data-testid="order-gift-message"
            className="whitespace-pre-line break-words rounded-lg border border-stone-200 bg-sand-50 p-3 text-stone-900"
          >
            {order.gift_message}
          </blockquote>
        </figure>
      ) : null}
    </div>
  );
}
