import type { Order } from '@shop/shared';
import { displayAddress, useRootData } from '../../components/layout/root-data';
import { useI18n } from '../../i18n/i18n';
import { storeName } from '../../lib/localized';
import { addressLines, ItemOptions, OrderAmount, paymentMethodLabels } from './order-parts';
import { InvoiceShipment } from './shipment-card';
import { GiftDetails } from './gift-details';

/**
 * The top of a printed order paper (the invoice, the back office's packing slip): the store (logo,
 * name, address, phone, e-mail from the settings), then the paper's title, the order number and date.
 */
export function PrintedOrderHeader({ order, title, titleId }: { order: Pick<Order, 'order_number' | 'created_at'>; title: string; titleId?: string }) {
  const { t, lang, formatDate } = useI18n();
  const { settings } = useRootData();
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-200 pb-4">
      <div className="flex items-center gap-3">
        {settings.logo && <img src={settings.logo} alt="" width={56} height={56} className="size-14 object-contain" />}
        <div>
          <p className="text-xl font-semibold text-brand-800">{storeName(lang, settings)}</p>
          <p className="text-sm text-stone-600">{displayAddress(settings, t, lang)}</p>
          {settings.phone_number && (
            <p className="text-sm text-stone-600">
              <bdi dir="ltr">{settings.phone_number}</bdi>
            </p>
          )}
          {settings.email && (
            <p className="text-sm text-stone-600">
              <bdi dir="ltr">{settings.email}</bdi>
            </p>
          )}
        </div>
      </div>
      <div className="text-end">
        <h2 id={titleId} className="text-2xl font-semibold">
          {title}
        </h2>
        <p className="text-sm">
          {t('orders.number')}: <bdi dir="ltr" className="font-semibold">{order.order_number}</bdi>
        </p>
        <p className="text-sm">
          {t('orders.date')}: {formatDate(order.created_at)}
        </p>
      </div>
    </header>
  );
}

/**
 * The invoice of an order: the store (logo, name, address, phone, e-mail from the settings), the
 * order number and date, the customer and address, the items with their options, the totals and
 * the payment method. Amounts are shown as charged, in the currency's own decimals, for the
 * shopper's preview and the back office's invoice page alike.
 */
export function InvoiceDocument({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const [street, area] = addressLines(order, lang);
  return (
    <article className="flex flex-col gap-6 p-5 sm:p-8">
      <PrintedOrderHeader order={order} title={t('orders.invoice.title')} titleId="invoice-title" />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <p className="text-sm font-semibold text-stone-500">{t('orders.invoice.bill_to')}</p>
          <p className="font-semibold">{order.name}</p>
          <p className="text-sm">
            <bdi dir="ltr">{order.email}</bdi>
          </p>
          <p className="text-sm">
            <bdi dir="ltr">{order.phone}</bdi>
          </p>
        </div>
        <div>
          <p className="text-sm font-semibold text-stone-500">{t('orders.invoice.ship_to')}</p>
          <p className="text-sm">{street}</p>
          <p className="text-sm">{area}</p>
          <p className="text-sm">
            {t('orders.payment.title')}: {t(paymentMethodLabels[order.payment_method])}
          </p>
          <InvoiceShipment shipment={order.shipment} />
        </div>
      </div>

      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-stone-300 text-start text-stone-600">
            <th scope="col" className="py-2 text-start font-semibold">{t('orders.items.product')}</th>
            <th scope="col" className="py-2 text-center font-semibold">{t('orders.items.quantity')}</th>
            <th scope="col" className="py-2 text-end font-semibold">{t('orders.items.price')}</th>
            <th scope="col" className="py-2 text-end font-semibold">{t('orders.items.total')}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id} className="border-b border-stone-100 align-top">
              <td className="py-2">
                <p className="font-semibold">{item.product_name}</p>
                <ItemOptions item={item} />
              </td>
              <td className="py-2 text-center tabular-nums">{item.quantity}</td>
              <td className="py-2 text-end">
                <OrderAmount amount={item.price} />
              </td>
              <td className="py-2 text-end">
                <OrderAmount amount={item.total} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="ms-auto flex w-full max-w-xs flex-col gap-1 text-sm">
        <div className="flex justify-between gap-2">
          <dt>{t('orders.totals.subtotal')}</dt>
          <dd><OrderAmount amount={order.subtotal} /></dd>
        </div>
        {order.discount_amount > 0 && (
          <div className="flex justify-between gap-2">
            <dt>{order.promo_code ? t('orders.totals.promo', { code: order.promo_code }) : t('orders.totals.discount')}</dt>
            <dd><OrderAmount amount={order.discount_amount} negative /></dd>
          </div>
        )}
        <div className="flex justify-between gap-2">
          <dt>{t('orders.totals.shipping')}</dt>
          <dd><OrderAmount amount={order.shipping_amount} /></dd>
        </div>
        {order.gift_wrap && (
          <div className="flex justify-between gap-2">
            <dt>{t('orders.totals.gift_wrap')}</dt>
            <dd><OrderAmount amount={order.gift_wrap_fee} /></dd>
          </div>
        )}
        {order.tax_amount > 0 && (
          <div className="flex justify-between gap-2">
            <dt>{t('orders.totals.tax')}</dt>
            <dd><OrderAmount amount={order.tax_amount} /></dd>
          </div>
        )}
        <div className="flex justify-between gap-2 border-t border-stone-300 pt-1 text-base font-semibold">
          <dt>{t('orders.totals.total')}</dt>
          <dd><OrderAmount amount={order.total_amount} testId="invoice-total" /></dd>
        </div>
      </dl>

      <GiftDetails order={order} title="print" />

      <p className="text-center text-sm text-stone-600">{t('orders.invoice.thanks')}</p>
    </article>
  );
}
