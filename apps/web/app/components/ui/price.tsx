import { currencySymbolFor, formatPrice, formatSignedPrice, moneyFormat, type MoneyFormat, type Thousandths } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { useRootData } from '../layout/root-data';

/** The store's currency symbol for the page's language: the default "KD" reads "د.ك" in Arabic. */
export function useCurrencySymbol(): string {
  const { lang } = useI18n();
  return currencySymbolFor(useRootData()?.settings.currency_symbol, lang);
}

/** How this page writes money: the symbol for its language and the store currency's decimals. */
export function useMoneyFormat(): MoneyFormat {
  const { lang } = useI18n();
  return moneyFormat(useRootData().settings, lang);
}

/**
 * An amount with the store's symbol in the currency's own decimals, isolated from the text around
 * it: "18.500 KD" on a listing as in the cart, a discount as "−3.375 KD" (decision 051). `signed`
 * writes a surcharge's plus too: "+6.500 د.ك".
 */
export function Price({
  value,
  className,
  signed = false,
  testId,
}: {
  value: Thousandths;
  className?: string;
  signed?: boolean;
  testId?: string;
}) {
  const money = useMoneyFormat();
  return (
    <bdi className={className} data-price={value} data-testid={testId}>
      {signed ? formatSignedPrice(value, money) : formatPrice(value, money)}
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
