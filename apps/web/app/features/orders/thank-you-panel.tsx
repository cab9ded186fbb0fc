import { useEffect, useRef, useState } from 'react';
import { DELIVERY_PROMISE_HOURS, type TrackedOrder } from '@shop/shared';
import { whatsappUrl } from '../../components/layout/contact';
import { useRootData } from '../../components/layout/root-data';
import { Button } from '../../components/ui/button';
import { CheckCircleIcon, WhatsAppIcon } from '../../components/ui/icons';
import { useToast } from '../../components/ui/toast';
import { useI18n } from '../../i18n/i18n';
import { takeJustPlaced } from './just-placed';
import { CopyIcon } from './order-icons';
import { isolateLtr } from '../../i18n/bidi';


/**
 * The thank-you at the top of the tracking page, shown once right after this tab placed (or paid
 * for) the order: its number with a Copy button, where the confirmation was e-mailed (full view
 * only), the delivery promise and a WhatsApp chat about the order. A reload finds it gone.
 */
export function ThankYouPanel({ order }: { order: TrackedOrder }) {
  const [shown, setShown] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const orderNumber = order.order_number;

  useEffect(() => {
    // Read once after hydration (the marker lives in this tab's storage, which the server cannot
    // see) and used up at once, so no render-time read can do it: state from an effect is right here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (takeJustPlaced(orderNumber)) setShown(true);
  }, [orderNumber]);

  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  if (!shown) return null;
  return <ThankYouContent order={order} headingRef={heading} />;
}

function ThankYouContent({ order, headingRef }: { order: TrackedOrder; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { t, tp } = useI18n();
  const { settings } = useRootData();
  const toast = useToast();
  const orderNumber = order.order_number;
  const whatsapp = settings.whatsapp_number
    ? whatsappUrl(settings.whatsapp_number, t('orders.thanks.whatsapp_text', { number: orderNumber }))
    : null;

  async function copyNumber() {
    try {
      await navigator.clipboard.writeText(orderNumber);
      toast.success(t('orders.thanks.copied'));
    } catch {
      toast.error(t('orders.thanks.copy_failed'));
    }
  }

  return (
    <section
      aria-labelledby="thank-you-title"
      data-testid="thank-you"
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-start sm:p-6"
    >
      <CheckCircleIcon className="size-12 shrink-0 text-brand-700" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <h2 id="thank-you-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-brand-900 outline-none sm:text-2xl">
          {t('orders.thanks.title')}
        </h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-stone-800">
          <span>
            {t('orders.number')}:{' '}
            <bdi dir="ltr" className="font-semibold text-stone-900" data-testid="thank-you-number">
              {orderNumber}
            </bdi>
          </span>
          <Button variant="secondary" onClick={() => void copyNumber()} aria-label={t('orders.thanks.copy_label')}>
            <CopyIcon className="size-5" />
            {t('orders.thanks.copy')}
          </Button>
        </div>
        {order.customer_view === 'full' && (
          <p className="text-stone-800" data-testid="thank-you-email">
            {t('orders.thanks.email', { email: isolateLtr(order.email) })}
          </p>
        )}
        <p className="text-stone-800">
          {tp('orders.thanks.delivery', DELIVERY_PROMISE_HOURS)}
        </p>
        {whatsapp && (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener"
            data-testid="thank-you-whatsapp"
            className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <WhatsAppIcon className="size-5" />
            {t('orders.thanks.whatsapp')}
          </a>
        )}
      </div>
    </section>
  );
}
