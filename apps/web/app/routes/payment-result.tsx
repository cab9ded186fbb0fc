import { useLocation } from 'react-router';
import { rootMeta } from '../components/layout/root-data';
import { PaymentResultScreen } from '../features/payments/payment-result-screen';
import { normaliseOrderNumber } from '../features/orders/order-progress';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/payment-result';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request, context }: Route.LoaderArgs) {
  return { messages: routeMessages({ request, context }, ['payments', 'orders']) };
}

/**
 * /payment-success, /payment/success and /payment/cancel: one screen. The server
 * renders its loading shell (never indexed); the browser reads the return parameters and asks the
 * API to verify the payment.
 */
export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!root) return [{ name: 'robots', content: 'noindex' }];
  return pageMeta({
    title: root.t('payments.page.title'),
    description: root.t('payments.page.meta_description'),
    path: location.pathname,
    publicUrl: root.publicUrl,
    lang: root.lang,
    siteName: root.storeName,
    noindex: true,
  });
}

export default function PaymentResultPage({ params }: Route.ComponentProps) {
  // Each arrival (a new return address) is checked afresh.
  const { key } = useLocation();
  const orderNumber = 'orderNumber' in params && typeof params.orderNumber === 'string' ? normaliseOrderNumber(params.orderNumber) : null;
  return <PaymentResultScreen key={key} pathOrderNumber={orderNumber} />;
}
