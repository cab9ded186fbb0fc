import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminUserDetail } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { AdminAmount, OrderDate, OrderStatusBadge } from '../orders/order-parts';
import { adminOrderHref } from '../shell/admin-links';
import { ErrorPanel, LoadingPanel } from '../ui/states';
import { userOrdersQuery } from './users-api';

/**
 * A customer's orders beside their form: how many, what they spent (total_spent, the rule of
 * orders/customer-figures.ts), the latest, and their orders newest first, a page at a time, each
 * leading to its screen.
 */
export function UserOrdersPanel({ user }: { user: AdminUserDetail }) {
  const { t, tp, formatDateTime } = useI18n();
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...userOrdersQuery(user.id, page), placeholderData: keepPreviousData });
  const pages = orders.data?.pagination.pages ?? 0;

  const figures = [
    { id: 'count', label: t('admin-users.orders.count'), value: tp('admin-users.facts.order_count', user.orders_count) },
    { id: 'spent', label: t('admin-users.orders.total_spent'), value: <AdminAmount amount={user.total_spent} /> },
    {
      id: 'last',
      label: t('admin-users.orders.last_order'),
      value: user.last_order_at ? formatDateTime(user.last_order_at) : t('admin-users.orders.none_yet'),
    },
  ];

  let list;
  if (user.orders_count === 0) {
    list = <p className="text-sm text-stone-600">{t('admin-users.orders.empty')}</p>;
  } else if (orders.isPending) {
    list = <LoadingPanel />;
  } else if (orders.isError) {
    list = <ErrorPanel error={orders.error} onRetry={() => void orders.refetch()} fallback={t('admin-users.orders.load_error')} />;
  } else {
    list = (
      <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" aria-busy={orders.isFetching || undefined}>
        {orders.data.orders.map((order) => (
          <li key={order.id}>
            <Link
              to={adminOrderHref(order.id)}
              className="flex min-h-11 flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50"
            >
              <bdi dir="ltr" className="font-semibold text-brand-800">
                {order.order_number}
              </bdi>
              <OrderDate iso={order.created_at} />
              <OrderStatusBadge status={order.status} />
              <AdminAmount amount={order.total_amount} className="ms-auto font-semibold text-stone-900" />
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="user-orders-title" className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-stone-50 p-4">
      <h2 id="user-orders-title" className="text-lg font-semibold text-stone-900">
        {t('admin-users.orders.title')}
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.id}>
            <dt className="text-stone-600">{figure.label}</dt>
            <dd className="font-semibold text-stone-900" data-testid={`user-orders-${figure.id}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
      {list}
      {pages > 1 ? (
        <nav aria-label={t('admin-users.orders.pages')} className="flex items-center justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('admin-users.orders.previous')}
          </Button>
          <span className="text-sm text-stone-700">{t('admin-users.orders.page_of', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('admin-users.orders.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
