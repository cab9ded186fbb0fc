import { toThousandths, type Language, type OrderItem, type PaymentMethod } from '@shop/shared';
import { Price } from '../../components/ui/price';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { selectionText } from '../../lib/localized';

export const paymentMethodLabels: Record<PaymentMethod, MessageKey> = {
  cash_on_delivery: 'orders.payment.cash_on_delivery',
  upayments: 'orders.payment.upayments',
};

/**
 * A charged decimal amount from the API with the store's symbol, in the currency's own decimals
 * ("31.375 KD"); `negative` shows it as taken off ("−3.375 KD").
 */
export function OrderAmount({
  amount,
  className,
  testId,
  negative = false,
}: {
  amount: number;
  className?: string;
  testId?: string;
  negative?: boolean;
}) {
  const value = toThousandths(amount);
  return <Price value={negative ? -value : value} className={className} testId={testId} />;
}

/** "Colour: Black · Tassel: Silver" pairs of an order line. */
export function ItemOptions({ item }: { item: OrderItem }) {
  const { lang } = useI18n();
  const options = Object.values(item.selected_attributes);
  if (options.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-3 text-sm text-stone-600">
      {options.map((option) => {
        const text = selectionText(lang, option);
        return (
          <li key={option.attribute_id}>
            <bdi>{text.attribute}</bdi>: <bdi className="font-semibold text-stone-800">{text.value}</bdi>
          </li>
        );
      })}
    </ul>
  );
}

/** The order's location from street to country, in the order people write it. */
export function addressLines(
  order: { shipping_address: string; city_name: string; governorate_name: string | null; country_name: string },
  lang: Language,
): string[] {
  const comma = lang === 'ar' ? '، ' : ', ';
  return [order.shipping_address, [order.city_name, order.governorate_name, order.country_name].filter(Boolean).join(comma)];
}
