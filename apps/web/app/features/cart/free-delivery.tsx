import { amountToFreeDelivery, toThousandths, type Thousandths } from '@shop/shared';
import { useRootData } from '../../components/layout/root-data';
import { CheckCircleIcon } from '../../components/ui/icons';
import { Price } from '../../components/ui/price';
import { useI18n } from '../../i18n/i18n';

/** The store's free-delivery amount in thousandths (the settings'), null when there is none. */
export function useFreeDeliveryThreshold(): Thousandths | null {
  const threshold = useRootData().settings.free_shipping_threshold;
  return threshold === null ? null : toThousandths(threshold);
}

/**
 * How far the order is from free delivery: "Add 7.500 KD more for free delivery" with a bar, or
 * "Your order ships free" once its goods (after the discount) reach the store's amount. Nothing
 * when the store offers no free delivery. `compact`: one short line for the phone's bottom bar.
 */
export function FreeDeliveryNote({ goods, compact = false }: { goods: Thousandths; compact?: boolean }) {
  const { t } = useI18n();
  const threshold = useFreeDeliveryThreshold();
  const remaining = amountToFreeDelivery(goods, threshold);
  if (threshold === null || remaining === null) return null;
  if (remaining === 0) {
    return (
      <p data-testid="free-delivery-note" data-reached="true" className="flex items-center gap-1.5 text-sm font-semibold text-brand-700">
        <CheckCircleIcon className={compact ? 'size-4 shrink-0' : 'size-5 shrink-0'} />
        {t('cart.free_delivery.reached')}
      </p>
    );
  }
  // The bottom bar's line is short: its long form was cut off in Arabic on a 375 px phone.
  const [before, after = ''] = t(compact ? 'cart.free_delivery.remaining_short' : 'cart.free_delivery.remaining').split('{amount}');
  const sentence = (
    <>
      {before}
      <Price value={remaining} className="font-semibold" />
      {after}
    </>
  );
  if (compact) {
    return (
      <p data-testid="free-delivery-note" className="line-clamp-2 text-xs leading-snug text-stone-600">
        {sentence}
      </p>
    );
  }
  // The bar repeats the sentence for the eye only: the text carries the meaning.
  const reached = Math.min(100, Math.round(((threshold - remaining) / threshold) * 100));
  return (
    <div data-testid="free-delivery-note" className="flex flex-col gap-1.5 rounded-xl bg-sand-100 p-3 text-sm text-stone-800">
      <p>{sentence}</p>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-stone-200">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${reached}%` }} />
      </div>
    </div>
  );
}
