import { data } from 'react-router';
import { rootMeta } from '../components/layout/root-data';
import { fetchOrderByNumber } from '../features/orders/order-api';
import { normaliseOrderNumber } from '../features/orders/order-progress';
import { OrderMissing, OrderTrackingScreen } from '../features/orders/order-tracking-screen';
import { routeMessages } from '../i18n/route-messages.server';
import { ApiError, apiFrom, type Api } from '../lib/api';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/order-status';

/** The order-by-number query retries once; a 404 is an answer, not a failure. */
async function orderWithOneRetry(api: Api, orderNumber: string) {
  try {
    return await fetchOrderByNumber(api, orderNumber);
  } catch (error) {
    if (error instanceof ApiError && error.status > 0 && error.status < 500) throw error;
    return fetchOrderByNumber(api, orderNumber);
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const messages = routeMessages({ request, context }, ['orders', 'payments', 'catalog']);
  const orderNumber = normaliseOrderNumber(params.orderNumber);
  if (!orderNumber) return data({ state: 'invalid' as const, messages }, { status: 400 });
  try {
    const order = await orderWithOneRetry(apiFrom(context), orderNumber);
    return data({ state: 'found' as const, order, messages });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return data({ state: 'not_found' as const, messages }, { status: 404 });
    if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') return data({ state: 'invalid' as const, messages }, { status: 400 });
    // This visitor looked up too many orders: a 429 page (root ErrorBoundary), not a server error.
    if (error instanceof ApiError && error.status === 429) throw data(null, { status: 429 });
    throw error;
  }
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!root) return [{ name: 'robots', content: 'noindex' }];
  const title =
    loaderData?.state === 'found'
      ? root.t('orders.page.title', { number: loaderData.order.order_number })
      : loaderData?.state === 'invalid'
        ? root.t('orders.invalid.title')
        : root.t('orders.not_found.title');
  return pageMeta({
    title,
    description: root.t('orders.page.meta_description'),
    path: `/order-status/${encodeURIComponent(params.orderNumber)}`,
    publicUrl: root.publicUrl,
    lang: root.lang,
    siteName: root.storeName,
    noindex: true,
  });
}

export default function OrderStatusPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'found') return <OrderTrackingScreen key={loaderData.order.order_number} order={loaderData.order} />;
  return <OrderMissing reason={loaderData.state} />;
}
