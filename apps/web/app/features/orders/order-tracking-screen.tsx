import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DELIVERY_PROMISE_HOURS, type TrackedOrder } from '@shop/shared';
import { mailtoUrl, telUrl, whatsappUrl } from '../../components/layout/contact';
import { useRootData } from '../../components/layout/root-data';
import { Button, ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { AlertCircleIcon, MailIcon, PhoneIcon, WhatsAppIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { CatalogImage, ImagePlaceholder } from '../catalog/product-image';
import { BuyAgainButton } from './buy-again-button';
import { InvoicePreview } from './invoice-preview';
import { CustomerDetails } from './customer-details';
import { InfoCard } from './order-card';
import { GiftDetails, isGiftOrder } from './gift-details';
import { ShipmentCard } from './shipment-card';
import { ThankYouPanel } from './thank-you-panel';
import { OrderStatusIcon, PrinterIcon, ShareIcon } from './order-icons';
import { ItemOptions, OrderAmount, paymentMethodLabels } from './order-parts';
import { orderProgress, statusExplanation, statusLabels } from './order-progress';
import { clearPendingOrder } from './pending-order';
import { PaymentStatusBadge } from '../payments/payment-status';
import { SummaryRow } from '../../components/ui/summary-row';
import { useLocalizedPath } from '../../lib/localized-path';

/** The order tracking page: status, items, totals, customer and delivery. */
export function OrderTrackingScreen({ order }: { order: TrackedOrder }) {
  const localized = useLocalizedPath();
  const { t, formatDate } = useI18n();
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const share = useShareLink(order.order_number);
  const progress = orderProgress(order.status);
  const explanation = statusExplanation(order.status);
  const stopped = order.status === 'cancelled' || order.status === 'refunded';

  // The order reached the shop: the copy kept while paying is no longer needed.
  useEffect(() => clearPendingOrder(), []);

  return (
    <Container className="py-6 sm:py-8">
      <ThankYouPanel order={order} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-stone-900 sm:text-3xl">{t('orders.heading')}</h1>
          <p className="mt-1 text-stone-600">
            {t('orders.number')}: <bdi className="font-semibold text-stone-900" data-testid="order-number">{order.order_number}</bdi>
            <span aria-hidden="true"> · </span>
            <span className="whitespace-nowrap">
              {t('orders.date')}: {formatDate(order.created_at)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {order.can_reorder && <BuyAgainButton orderId={order.id} />}
          {/* The invoice names the customer: only for those who see the order in full (decision 019). */}
          {order.customer_view === 'full' && (
            <Button variant="secondary" onClick={() => setInvoiceOpen(true)}>
              <PrinterIcon className="size-5" />
              {t('orders.print')}
            </Button>
          )}
          <Button variant="ghost" onClick={share}>
            <ShareIcon className="size-5" />
            {t('orders.share')}
          </Button>
        </div>
      </div>

      <section
        aria-labelledby="order-status-title"
        className="mt-6 flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:p-6"
      >
        <span
          className={`flex size-16 shrink-0 items-center justify-center rounded-full ${stopped ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-700'}`}
        >
          <OrderStatusIcon status={order.status} className="size-9" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h2 id="order-status-title" className="text-lg font-semibold text-stone-900">
            {t('orders.status.label')}: <span data-testid="order-status">{t(statusLabels[order.status])}</span>
          </h2>
          <div
            role="progressbar"
            aria-label={t('orders.progress.label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-3 w-full overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          {explanation && <p className="text-stone-700">{t(explanation, { count: DELIVERY_PROMISE_HOURS })}</p>}
        </div>
      </section>

      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="order-items-title" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
          <h2 id="order-items-title" className="mb-3 text-lg font-semibold text-stone-900">
            {t('orders.items.title')}
          </h2>
          <ul className="flex flex-col divide-y divide-stone-100">
            {order.items.map((item) => (
              <li key={item.id} data-order-item={item.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-sand-100">
                  {item.featured_image ? (
                    <CatalogImage src={item.featured_image} alt="" sizes="64px" className="size-full object-cover" />
                  ) : (
                    <ImagePlaceholder className="size-full" />
                  )}
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="font-semibold text-stone-900">
                    {item.product_id !== null ? (
                      <Link to={localized(`/products/${item.product_id}`)} className="hover:text-brand-700 hover:underline">
                        <bdi>{item.product_name}</bdi>
                      </Link>
                    ) : (
                      <bdi>{item.product_name}</bdi>
                    )}
                  </p>
                  <ItemOptions item={item} />
                  <p className="text-sm text-stone-600">
                    {t('orders.items.quantity')}: <span className="tabular-nums">{item.quantity}</span>
                    <span aria-hidden="true"> × </span>
                    <span className="sr-only"> · {t('orders.items.price')}: </span>
                    <OrderAmount amount={item.price} />
                  </p>
                </div>
                <p className="shrink-0 font-semibold text-stone-900">
                  <span className="sr-only">{t('orders.items.total')}: </span>
                  <OrderAmount amount={item.total} />
                </p>
              </li>
            ))}
          </ul>
        </section>

        <div className="flex flex-col gap-4">
          <InfoCard title={t('orders.totals.title')}>
            <dl className="flex flex-col gap-2 text-stone-700">
              <SummaryRow label={t('orders.totals.subtotal')}>
                <OrderAmount amount={order.subtotal} />
              </SummaryRow>
              {order.discount_amount > 0 && (
                <SummaryRow
                  label={order.promo_code ? t('orders.totals.promo', { code: order.promo_code }) : t('orders.totals.discount')}
                  className="text-brand-700"
                >
                  <OrderAmount amount={order.discount_amount} negative testId="order-discount" />
                </SummaryRow>
              )}
              <SummaryRow label={t('orders.totals.shipping')}>
                <OrderAmount amount={order.shipping_amount} testId="order-shipping" />
              </SummaryRow>
              {order.gift_wrap && (
                <SummaryRow label={t('orders.totals.gift_wrap')}>
                  <OrderAmount amount={order.gift_wrap_fee} testId="order-gift-wrap-fee" />
                </SummaryRow>
              )}
              {order.tax_amount > 0 && (
                <SummaryRow label={t('orders.totals.tax')}>
                  <OrderAmount amount={order.tax_amount} />
                </SummaryRow>
              )}
              <SummaryRow label={t('orders.totals.total')} className="border-t border-stone-200 pt-2 text-lg font-semibold text-stone-900">
                <OrderAmount amount={order.total_amount} testId="order-total" />
              </SummaryRow>
            </dl>
          </InfoCard>
          <ShipmentCard shipment={order.shipment} />
          {isGiftOrder(order) ? (
            <section className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
              <GiftDetails order={order} />
            </section>
          ) : null}
          <CustomerDetails order={order} />
          <InfoCard title={t('orders.payment.title')}>
            <p className="text-stone-700">{t(paymentMethodLabels[order.payment_method])}</p>
            {/* Cash on delivery shows only the method; an online payment shows where it stands. */}
            {order.payment_status !== 'not_required' && (
              <div className="mt-2 flex flex-col items-start gap-2">
                <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
                  <span>{t('payments.status.label')}:</span>
                  <PaymentStatusBadge status={order.payment_status} paidAt={order.paid_at} withDate />
                </p>
                {order.payment_status === 'awaiting_payment' && order.status === 'pending' && (
                  <Link
                    to={localized(`/payment/success/${order.order_number}`)}
                    className="text-sm font-semibold text-brand-700 underline"
                  >
                    {t('payments.pending.check')}
                  </Link>
                )}
              </div>
            )}
          </InfoCard>
        </div>
      </div>

      {invoiceOpen && order.customer_view === 'full' && <InvoicePreview order={order} onClose={() => setInvoiceOpen(false)} />}
    </Container>
  );
}

/**
 * Shares the page's address: the system share sheet when there is one, else the clipboard. The
 * shared text names only the order; whoever opens the link sees the customer masked (decision 019).
 */
function useShareLink(orderNumber: string) {
  const { t } = useI18n();
  const toast = useToast();
  return async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: t('orders.share.title', { number: orderNumber }),
          text: t('orders.share.text', { number: orderNumber }),
          url,
        });
        return;
      } catch (error) {
        // The shopper closed the share sheet: nothing to report.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('orders.share.copied'));
    } catch {
      toast.error(t('orders.share.failed'));
    }
  };
}

/** No such order ('طلب غير موجود') or a malformed number ('طلب غير صحيح'), with ways to get help. */
export function OrderMissing({ reason }: { reason: 'not_found' | 'invalid' }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const { settings } = useRootData();
  const phone = settings.phone_number ? telUrl(settings.phone_number) : null;
  const whatsapp = settings.whatsapp_number ? whatsappUrl(settings.whatsapp_number) : null;
  const notFound = reason === 'not_found';
  return (
    <Container className="flex flex-col items-center gap-4 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-red-50 text-red-700">
        <AlertCircleIcon className="size-9" />
      </span>
      <h1 className="text-2xl font-semibold text-stone-900">{notFound ? t('orders.not_found.title') : t('orders.invalid.title')}</h1>
      <p className="max-w-lg text-stone-600">{notFound ? t('orders.not_found.text') : t('orders.invalid.text')}</p>
      {notFound && (phone || whatsapp || settings.email) && (
        <section aria-labelledby="order-help-title" className="flex flex-col items-center gap-2">
          <h2 id="order-help-title" className="font-semibold text-stone-800">
            {t('orders.contact.title')}
          </h2>
          <ul className="flex flex-wrap justify-center gap-3">
            {phone && settings.phone_number && (
              <li>
                <a href={phone} className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 hover:border-brand-600">
                  <PhoneIcon className="size-5 text-brand-700" />
                  <span className="sr-only">{t('orders.contact.phone')}: </span>
                  <bdi dir="ltr">{settings.phone_number}</bdi>
                </a>
              </li>
            )}
            {settings.email && (
              <li>
                <a href={mailtoUrl(settings.email)} className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 hover:border-brand-600">
                  <MailIcon className="size-5 text-brand-700" />
                  <span className="sr-only">{t('orders.contact.email')}: </span>
                  <bdi dir="ltr">{settings.email}</bdi>
                </a>
              </li>
            )}
            {whatsapp && (
              <li>
                <a href={whatsapp} rel="noopener" target="_blank" className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 hover:border-brand-600">
                  <WhatsAppIcon className="size-5 text-brand-700" />
                  {t('orders.contact.whatsapp')}
                </a>
              </li>
            )}
          </ul>
        </section>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to={localized('/track')} size="lg">
          {t('orders.not_found.track')}
        </ButtonLink>
        <ButtonLink to={localized('/')} variant="secondary" size="lg">
          {t('orders.link.home')}
        </ButtonLink>
        <ButtonLink to={localized('/login')} variant="secondary" size="lg">
          {t('orders.link.login')}
        </ButtonLink>
      </div>
    </Container>
  );
}
