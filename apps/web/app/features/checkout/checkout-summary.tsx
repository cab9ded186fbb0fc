import type { ReactNode } from 'react';
import { inLanguage, toThousandths, type CartItem, type Thousandths } from '@shop/shared';
import { Price } from '../../components/ui/price';
import { useI18n } from '../../i18n/i18n';
import { selectionText } from '../../lib/localized';
import { CatalogImage, ImagePlaceholder } from '../catalog/product-image';
import type { CheckoutTotals } from './checkout-rules';
import { SummaryRow } from '../../components/ui/summary-row';

/** An amount as it is charged: the currency's own decimals, 3 for KWD (decision 017). */
export function CheckoutPrice({ value, className }: { value: Thousandths; className?: string }) {
  return <Price value={value} className={className} />;
}

/** The lines being ordered and the totals, with the promo box and the place-order button below. */
export function CheckoutSummary({
  items,
  totals,
  children,
}: {
  items: readonly CartItem[];
  totals: CheckoutTotals;
  children: ReactNode;
}) {
  const { t, lang } = useI18n();
  return (
    <aside
      aria-labelledby="checkout-summary-title"
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 lg:sticky lg:top-4"
    >
      <h2 id="checkout-summary-title" className="text-lg font-semibold text-stone-900">
        {t('checkout.summary.title')}
      </h2>
      <ul aria-label={t('checkout.summary.lines')} className="flex flex-col divide-y divide-stone-100">
        {items.map((item) => (
          <li key={item.id} data-checkout-line={item.id} className="flex gap-3 py-3 first:pt-0">
            <div className="size-14 shrink-0 overflow-hidden rounded-lg bg-sand-100">
              {item.featured_image ? (
                <CatalogImage src={item.featured_image} alt="" sizes="56px" className="size-full object-cover" />
              ) : (
                <ImagePlaceholder className="size-full" />
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
              <p className="font-semibold text-stone-900">
                <bdi>{inLanguage(lang, item.name, item.name_en)}</bdi>
              </p>
              {Object.values(item.selected_attributes).map((option) => {
                const text = selectionText(lang, option);
                return (
                  <p key={option.attribute_id} className="text-stone-600">
                    <bdi>{text.attribute}</bdi>: <bdi className="font-semibold text-stone-800">{text.value}</bdi>
                  </p>
                );
              })}
              <p className="text-stone-600">{t('checkout.summary.quantity', { quantity: item.quantity })}</p>
            </div>
            <CheckoutPrice value={toThousandths(item.line_total)} className="shrink-0 text-sm font-semibold text-stone-900" />
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-2 border-t border-stone-200 pt-3 text-stone-700">
        <SummaryRow label={t('checkout.summary.subtotal')}>
          <CheckoutPrice value={totals.subtotal} />
        </SummaryRow>
        {totals.discount > 0 && (
          <SummaryRow label={t('checkout.summary.discount')} className="text-brand-700">
            <span data-testid="checkout-discount">
              <CheckoutPrice value={-totals.discount} />
            </span>
          </SummaryRow>
        )}
        <SummaryRow
          label={t('checkout.summary.shipping')}
          note={totals.shipping === null ? t('checkout.summary.shipping_hint') : null}
        >
          <span data-testid="checkout-shipping">
            {totals.shipping === null ? (
              t('checkout.summary.shipping_pending')
            ) : totals.shipping === 0 ? (
              <span className="font-semibold text-brand-700">{t('cart.summary.free')}</span>
            ) : (
              <CheckoutPrice value={totals.shipping} />
            )}
          </span>
        </SummaryRow>
        {totals.giftWrap > 0 && (
          <SummaryRow label={t('checkout.summary.gift_wrap')}>
            <span data-testid="checkout-gift-wrap">
              <CheckoutPrice value={totals.giftWrap} />
            </span>
          </SummaryRow>
        )}
        <SummaryRow label={t('checkout.summary.total')} className="border-t border-stone-200 pt-2 text-lg font-semibold text-stone-900">
          <span data-testid="checkout-total">
            <CheckoutPrice value={totals.total} />
          </span>
        </SummaryRow>
      </dl>
      {children}
    </aside>
  );
}

