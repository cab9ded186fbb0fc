import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type AdminOrderSummary, type OrderStatus } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { SearchIcon } from '../../../components/ui/icons';
import { isolateLtr } from '../../../i18n/bidi';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { PrinterIcon } from '../../orders/order-icons';
import { ReceiptIcon, RefreshIcon, TrashIcon } from '../ui/admin-icons';
import { useConfirm } from '../ui/confirm-dialog';
import { Badge, LoadMoreFooter, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { useUrlSearchBox } from '../ui/use-debounced-search';
import { ListFilterSelect, ListSearchField } from '../ui/list-filters';
import { pagedListView, usePagedList } from '../ui/paged-list';
import { useUrlState } from '../ui/url-state';
import { useChangeOrderStatus, useDeleteOrder } from './order-mutations';
import { AdminAmount, OrderDate, OrderStatusBadge, StatusSelect } from './order-parts';
import { PaymentStatusBadge } from '../../payments/payment-status';
import {
  ADMIN_ORDER_STATUSES,
  NO_ORDER_FILTERS,
  ORDER_LIST_DEFAULTS,
  cityChoices,
  hasOrderFilters,
  invoicePath,
  orderActionsFor,
  orderCount,
  orderFiltersFrom,
  orderFiltersToUrl,
  orderPath,
  orderStatusLabels,
} from './order-rules';
import { fetchOrderPage, ordersQueryKeys } from './orders-api';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';

const actionBase =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const actionLink = `${actionBase} text-brand-800 hover:bg-brand-50`;
const deleteAction = `${actionBase} text-red-700 hover:bg-red-50`;

/**
 * The Orders tab: every order, newest first, 20 at
 * a time with "load more"; search (order number, customer name or e-mail), status and city kept
 * in the URL and run on the server; per row: details, invoice, an inline status select and, for
 * those who may, delete.
 */
export default function OrdersTab() {
  const { t, tp } = useI18n();
  const { user } = useAuth();
  const can = orderActionsFor(user);
  const confirm = useConfirm();
  const errorText = useStaffErrorText();

  const [state, setState] = useUrlState(ORDER_LIST_DEFAULTS);
  const filters = useMemo(
    () => orderFiltersFrom({ search: state.search, status: state.status, city: state.city }),
    [state.search, state.status, state.city],
  );
  const [searchText, setSearchText] = useUrlSearchBox(state.search, setState);

  // New filters keep the old rows on screen until the new ones arrive.
  const orders = usePagedList(ordersQueryKeys.list(filters), (page) => fetchOrderPage(filters, page));

  const pages = useMemo(() => orders.data?.pages ?? [], [orders.data]);
  const rows = useMemo(() => pages.flatMap((page) => page.orders), [pages]);
  const count = orderCount(pages);
  const cities = cityChoices(pages[0]?.cities ?? [], filters.cityId);

  // The status each row is being moved to, until the server answers (then the row shows its own).
  const [moving, setMoving] = useState<Readonly<Record<number, OrderStatus>>>({});
  const changeStatus = useChangeOrderStatus();
  function moveOrder(order: AdminOrderSummary, status: OrderStatus) {
    if (status === order.status) return;
    setMoving((current) => ({ ...current, [order.id]: status }));
    changeStatus
      .mutateAsync({ id: order.id, status, notes: '' })
      // The hook's onError has told the admin; the select goes back to the order's status.
      .catch(() => undefined)
      .finally(() =>
        setMoving((current) => {
          const { [order.id]: _done, ...rest } = current;
          return rest;
        }),
      );
  }

  const remove = useDeleteOrder();
  async function askDelete(order: AdminOrderSummary) {
    const yes = await confirm({
      title: t('admin-orders.delete.title'),
      message: t('admin-orders.delete.message', { number: isolateLtr(order.order_number) }),
      confirmLabel: t('admin-orders.delete.confirm'),
      tone: 'danger',
    });
    if (yes) remove.mutate(order);
  }

  function clearFilters() {
    setSearchText('');
    setState(orderFiltersToUrl(NO_ORDER_FILTERS));
  }

  const columns: Column<AdminOrderSummary>[] = [
    {
      id: 'number',
      className: 'whitespace-nowrap',
      header: t('admin-orders.column.number'),
      primary: true,
      cell: (order) => (
        <div className="min-w-0">
          <Link to={orderPath(order.id)} className="font-semibold text-stone-900 underline-offset-2 hover:text-brand-800 hover:underline">
            <bdi dir="ltr">{order.order_number}</bdi>
          </Link>
          <p className="text-xs font-normal text-stone-500">{t('admin-orders.list.id', { id: order.id })}</p>
        </div>
      ),
    },
    {
      id: 'type',
      header: t('admin-orders.column.customer_type'),
      cell: (order) =>
        order.customer_type === 'user' ? (
          <Badge tone="blue">{t('admin-orders.customer_type.user')}</Badge>
        ) : (
          <Badge tone="grey">{t('admin-orders.customer_type.guest')}</Badge>
        ),
    },
    {
      id: 'customer',
      header: t('admin-orders.column.customer'),
      cell: (order) => (
        <div className="min-w-0">
          <p className="font-semibold break-words text-stone-900" dir="auto">
            {order.customer_name}
          </p>
          {/* Written left to right on every page, so a long address loses its end, never its name. */}
          <p dir="ltr" className="max-w-56 truncate text-sm text-stone-500 rtl:text-right" title={order.customer_email}>
            {order.customer_email}
          </p>
        </div>
      ),
    },
    {
      id: 'city',
      header: t('admin-orders.column.city'),
      cell: (order) => (
        <div className="min-w-0">
          <p dir="auto">{order.city_name}</p>
          {order.governorate_name ? (
            <p className="text-xs text-stone-500" dir="auto">
              {order.governorate_name}
            </p>
          ) : null}
        </div>
      ),
    },
    { id: 'date', header: t('admin-orders.column.date'), className: 'whitespace-nowrap', cell: (order) => <OrderDate iso={order.created_at} /> },
    { id: 'status', header: t('admin-orders.column.status'), className: 'whitespace-nowrap', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      id: 'payment',
      header: t('admin-orders.column.payment'),
      className: 'whitespace-nowrap',
      cell: (order) => (
        <div className="flex flex-col items-start gap-1">
          <span className="text-sm">{order.payment_method_name}</span>
          {/* Cash on delivery has nothing to pay online: its method says it all. */}
          {order.payment_status !== 'not_required' ? <PaymentStatusBadge status={order.payment_status} paidAt={order.paid_at} /> : null}
        </div>
      ),
    },
    {
      id: 'shipping',
      header: t('admin-orders.column.shipping'),
      className: 'whitespace-nowrap',
      cell: (order) => <AdminAmount amount={order.shipping_amount} />,
    },
    {
      id: 'total',
      header: t('admin-orders.column.total'),
      className: 'whitespace-nowrap',
      cell: (order) => <AdminAmount amount={order.total_amount} className="font-semibold text-stone-900" />,
    },
  ];

  const filtered = hasOrderFilters(filters);

  let body;
  const view = pagedListView(orders, rows.length);
  if (view === 'loading') {
    body = <LoadingPanel />;
  } else if (view === 'error') {
    body = (
      <ErrorPanel
        title={t('admin-orders.list.load_error')}
        fallback={t('admin-orders.list.load_failed')}
        error={orders.error}
        onRetry={() => void orders.refetch()}
      />
    );
  } else if (view === 'empty') {
    body = filtered ? (
      <EmptyPanel
        icon={<SearchIcon className="size-8" />}
        title={t('admin-orders.list.no_match_title')}
        text={t('admin-orders.list.no_match_text')}
        action={
          <Button variant="secondary" onClick={clearFilters}>
            {t('admin-orders.list.clear_filters')}
          </Button>
        }
      />
    ) : (
      <EmptyPanel icon={<ReceiptIcon className="size-8" />} title={t('admin-orders.list.empty_title')} text={t('admin-orders.list.empty_text')} />
    );
  } else {
    body = (
      <ResourceList
        label={t('admin-orders.list.label')}
        columns={columns}
        rows={rows}
        rowKey={(order) => order.id}
        actions={(order) => (
          <div className="flex flex-wrap items-center justify-end gap-1">
            <Link to={orderPath(order.id)} className={actionLink} aria-label={t('admin-orders.action.view_named', { number: order.order_number })}>
              {t('admin-orders.action.view')}
            </Link>
            <a
              href={invoicePath(order.id, { autoprint: true })}
              target="_blank"
              rel="noopener"
              className={actionLink}
              aria-label={t('admin-orders.action.invoice_named', { number: order.order_number })}
            >
              <PrinterIcon className="size-5" />
              {t('admin-orders.action.invoice')}
            </a>
            {can.changeStatus ? (
              <StatusSelect
                id={`order-status-${order.id}`}
                value={moving[order.id] ?? order.status}
                current={order.status}
                payment={order}
                onValue={(status) => moveOrder(order, status)}
                disabled={moving[order.id] !== undefined}
                label={t('admin-orders.list.status_of', { number: order.order_number })}
                className="min-h-10 w-auto py-1.5 text-sm"
              />
            ) : null}
            {can.delete ? (
              <button
                type="button"
                className={deleteAction}
                aria-label={t('admin-orders.action.delete_named', { number: order.order_number })}
                disabled={remove.isPending && remove.variables?.id === order.id}
                onClick={() => void askDelete(order)}
              >
                <TrashIcon className="size-5" />
                {t('admin-orders.action.delete')}
              </button>
            ) : null}
          </div>
        )}
        footer={
          <>
            {/* A failed next page or refresh leaves the rows already shown on screen. */}
            {orders.isError ? (
              <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-sm font-semibold text-red-700">
                <span>
                  {t('admin-orders.list.load_error')}: {errorText(orders.error)}
                </span>
                <Button variant="secondary" onClick={() => void (orders.isFetchNextPageError ? orders.fetchNextPage() : orders.refetch())}>
                  {t('admin.common.retry')}
                </Button>
              </div>
            ) : null}
            <LoadMoreFooter
              hasMore={orders.hasNextPage}
              loading={orders.isFetchingNextPage || orders.isPlaceholderData}
              onLoadMore={() => void orders.fetchNextPage()}
              allShownText={t('admin-orders.list.all_shown')}
            />
          </>
        }
      />
    );
  }

  const refreshing = orders.isRefetching && !orders.isFetchingNextPage && !orders.isPlaceholderData;
  return (
    <div>
      <AdminPageHeader
        title={t('admin-orders.title')}
        description={t('admin-orders.description')}
        actions={
          <Button variant="secondary" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
            <RefreshIcon className={`size-5 ${refreshing ? 'animate-spin motion-reduce:animate-none' : ''}`} />
            {refreshing ? t('admin-orders.list.refreshing_button') : t('admin.common.refresh')}
          </Button>
        }
      />

      <div className="mb-4 grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] md:items-end">
        <ListSearchField
          id="orders-search"
          label={t('admin-orders.list.search_label')}
          placeholder={t('admin-orders.list.search_placeholder')}
          value={searchText}
          onValue={setSearchText}
        />
        <div className="grid grid-cols-2 gap-3 md:contents">
          <ListFilterSelect
            id="orders-status"
            label={t('admin-orders.list.status_filter')}
            value={filters.status ?? ''}
            onValue={(value) => setState({ status: value })}
            shrink
          >
            <option value="">{t('admin-orders.list.all_statuses')}</option>
            {ADMIN_ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(orderStatusLabels[status])}
              </option>
            ))}
          </ListFilterSelect>
          <ListFilterSelect
            id="orders-city"
            label={t('admin-orders.list.city_filter')}
            value={filters.cityId === null ? '' : String(filters.cityId)}
            onValue={(value) => setState({ city: value })}
            shrink
          >
            <option value="">{t('admin-orders.list.all_cities')}</option>
            {cities.map((city) => (
              <option key={city.id} value={String(city.id)}>
                {city.name}
              </option>
            ))}
          </ListFilterSelect>
        </div>
      </div>

      <p aria-live="polite" className="mb-3 min-h-5 text-sm text-stone-600">
        {orders.data && rows.length > 0
          ? orders.isPlaceholderData
            ? t('admin-orders.list.refreshing')
            : tp('admin-orders.list.count', count.total, { shown: count.shown })
          : null}
      </p>
      <div className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{body}</div>
    </div>
  );
}
