import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Order, OrderStatus } from '@shop/shared';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { AlertCircleIcon, CartIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { CatalogImage, ImagePlaceholder } from '../catalog/product-image';
import { BuyAgainButton } from '../orders/buy-again-button';
import { ItemOptions, OrderAmount } from '../orders/order-parts';
import { statusLabels } from '../orders/order-progress';
import { useMyOrders } from './profile-api';
import { orderItemCount } from './profile-rules';
import { Spinner } from '../../components/ui/spinner';
import { useSessionFailure } from '../../lib/errors';
import { useLocalizedPath } from '../../lib/localized-path';

/** Badge colours per status: waiting amber, moving blue, done green, stopped grey or red. */
const statusColours: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  processing: 'bg-sky-100 text-sky-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-brand-100 text-brand-900',
  completed: 'bg-brand-100 text-brand-900',
  cancelled: 'bg-red-100 text-red-900',
  refunded: 'bg-stone-200 text-stone-800',
};

/** Order History: every order of the customer with its lines. */
export function OrderHistoryTab({ userId }: { userId: number }) {
  const localized = useLocalizedPath();
  const { t } = useI18n();
  const handleAuthError = useSessionFailure();
  const orders = useMyOrders(userId);

  useEffect(() => {
    // A dead token sends the customer to /login instead of an error box.
    if (orders.error) handleAuthError(orders.error);
  }, [orders.error, handleAuthError]);

  if (orders.isPending) return <Spinner label={t('profile.orders.loading')} />;
  if (orders.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
        <AlertCircleIcon className="size-10 text-red-700" />
        <p className="font-semibold text-red-900">{t('profile.orders.failed')}</p>
        <Button variant="secondary" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
          {t('profile.orders.retry')}
        </Button>
      </div>
    );
  }
  if (orders.data.length === 0) {
    return (
      <EmptyState
        icon={<CartIcon className="size-10" />}
        title={t('profile.orders.empty_title')}
        text={t('profile.orders.empty_text')}
        action={{ to: localized('/products'), label: t('profile.orders.browse') }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">{t('profile.tabs.orders')}</h2>
      <ul className="flex flex-col gap-4">
        {orders.data.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function OrderCard({ order }: { order: Order }) {
  const localized = useLocalizedPath();
  const { t, tp, formatDateTime } = useI18n();
  const count = orderItemCount(order.items);
  const titleId = `order-${order.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="profile-order"
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className="font-semibold text-stone-900">
            <Link to={localized(`/order-status/${order.order_number}`)} className="text-brand-700 underline-offset-2 hover:underline">
              {t('profile.orders.number')} <bdi dir="ltr" data-testid="profile-order-number">{order.order_number}</bdi>
            </Link>
          </h3>
          <p className="text-sm text-stone-600">
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </p>
        </div>
        <span
          data-testid="profile-order-status"
          className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${statusColours[order.status]}`}
        >
          {t(statusLabels[order.status])}
        </span>
      </header>

      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-stone-600">{t('profile.orders.total')}:</dt>
          <dd className="font-semibold text-stone-900">
            <OrderAmount amount={order.total_amount} testId="profile-order-total" />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-stone-600">{t('profile.orders.items')}:</dt>
          <dd className="font-semibold text-stone-900" data-testid="profile-order-count">
            {tp('profile.orders.item_count', count)}
          </dd>
        </div>
      </dl>

      <ul className="mt-4 flex flex-col divide-y divide-stone-100 border-t border-stone-100">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-3">
            <span className="size-14 shrink-0 overflow-hidden rounded-lg bg-sand-100">
              {item.featured_image ? (
                <CatalogImage src={item.featured_image} alt="" sizes="56px" className="size-full object-cover" />
              ) : (
                <ImagePlaceholder className="size-full" />
              )}
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              {item.product_id ? (
                <Link to={localized(`/products/${item.product_id}`)} className="font-semibold text-stone-900 hover:text-brand-700">
                  <bdi>{item.product_name}</bdi>
                </Link>
              ) : (
                <bdi className="font-semibold text-stone-900">{item.product_name}</bdi>
              )}
              <ItemOptions item={item} />
              <span className="text-sm text-stone-600">{t('profile.orders.quantity', { quantity: item.quantity })}</span>
            </div>
            <OrderAmount amount={item.total} className="shrink-0 font-semibold text-stone-900" />
          </li>
        ))}
      </ul>
      <footer className="mt-2 flex flex-wrap justify-end gap-2 border-t border-stone-100 pt-3">
        <BuyAgainButton orderId={order.id} />
      </footer>
    </article>
  );
}
