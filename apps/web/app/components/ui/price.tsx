import { DEFAULT_CURRENCY_SYMBOL, formatPrice, type Thousandths } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { useRootData } from '../layout/root-data';

/** The store's configured currency symbol (settings.currency_symbol), shown as configured. */
export function useCurrencySymbol(): string {
  return useRootData()?.settings.currency_symbol || DEFAULT_CURRENCY_SYMBOL;
}

/** An amount in catalogue style: "12 KD", "12.5 KD", "12.125 KD". */
export function Price({ value, className }: { value: Thousandths; className?: string }) {
  const symbol = useCurrencySymbol();
  return (
    <bdi className={className} data-price={value}>
      {formatPrice(value, symbol, 'catalogue')}
    </bdi>
  );
}

/**
 * The price a shopper pays, with the regular price struck through when a sale lowers it.
 * Screen readers hear which is which, since strike-through is not announced.
 */
export function SalePrice({
  current,
  original,
  size = 'md',
}: {
  current: Thousandths;
  /** The regular price; shown struck through only when it is higher than `current`. */
  original: Thousandths;
  size?: 'md' | 'lg';
}) {
  const { t } = useI18n();
  const onSale = original > current;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span
        className={
          size === 'lg' ? 'text-2xl font-semibold text-brand-800' : 'font-semibold text-brand-800'
        }
      >
        <span className="sr-only">
          {onSale ? t('catalog.price.sale') : t('catalog.price.current')}{' '}
        </span>
        <Price value={current} />
      </span>
      {onSale && (
        <s className={size === 'lg' ? 'text-base text-stone-500' : 'text-sm text-stone-500'}>
          <span className="sr-only">{t('catalog.price.original')} </span>
          <Price value={original} />
        </s>
      )}
    </p>
  );
}

/** "20% off" label for a product on sale. */
export function SaleBadge({ percent, className = '' }: { percent: number; className?: string }) {
  const { t } = useI18n();
  if (percent <= 0) return null;
  return (
    <span
      className={`inline-flex items-center rounded-full bg-amber-700 px-2.5 py-0.5 text-xs font-semibold text-white shadow-sm ${className}`}
    >
      {t('catalog.price.sale_badge', { percent })}
    </span>
  );
}
