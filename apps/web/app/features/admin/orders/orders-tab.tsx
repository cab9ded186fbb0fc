import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { type AdminOrderSummary } from '@shop/shared';
import { useRootData } from '../../../components/layout/root-data';
import { Button } from '../../../components/ui/button';
import { SearchIcon, WhatsAppIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';
import { failureText } from '../../../lib/errors';
import { isolateLtr } from '../../../i18n/bidi';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { PrinterIcon } from '../../orders/order-icons';
import { ReceiptIcon, RefreshIcon, TrashIcon } from '../ui/admin-icons';
import { ActionMenu, type ActionMenuItem } from '../ui/action-menu';
import { useConfirm } from '../ui/confirm-dialog';
import { Badge, LoadMoreFooter, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { useUrlSearchBox } from '../ui/use-debounced-search';
import { ListFilterSelect, ListSearchField } from '../ui/list-filters';
import { useListSelection } from '../ui/list-selection';
import { pagedListView, usePagedList } from '../ui/paged-list';
import { useUrlState } from '../ui/url-state';
import { useDeleteOrder } from './order-mutations';
import { AdminAmount, OrderDate, OrderStatusBadge } from './order-parts';
import { OrderSelectionBar, OrderStatusDialog, type OrderRef } from './order-status-dialog';
import { OrdersExportDialog } from './orders-export-dialog';
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
  orderMenuEntries,
  orderWhatsappLink,
  packingSlipPath,
  type OrderMenuEntry,
} from './order-rules';
import { adminOrderQuery, fetchOrderPage, ordersQueryKeys } from './orders-api';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';

/**
 * The Orders tab: every order, newest first, 20 at a time with "load more"; search (order number,
 * customer name or e-mail), status and city kept in the URL and run on the server. A row fits a
 * laptop beside the navigation (secondary facts under the main ones, actions in a "⋯" menu: view,
 * status, invoice, packing slip, WhatsApp, delete); tablets and phones get a card per order.
 * Orders may be selected to change their status together or print their packing slips.
 */
export default function OrdersTab() {
  const { t, tp } = useI18n();
  const { user } = useAuth();
  const can = orderActionsFor(user);
  const confirm = useConfirm();
  const errorText = useStaffErrorText();
  const toast = useToast();
  const client = useQueryClient();
  const { publicUrl } = useRootData();

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

  // The selected orders of the rows shown (other filters start a new selection).
  const { selectedRows, select, selection } = useListSelection(rows, (order) => order.id, JSON.stringify(filters), {
    rowLabel: (order) => t('admin-orders.select.row', { number: order.order_number }),
    allLabel: t('admin-orders.select.all'),
  });

  // The orders whose status the dialog changes: the selection, or one row's from its menu.
  const [changing, setChanging] = useState<readonly OrderRef[] | null>(null);
  const [exporting, setExporting] = useState(false);

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

  // The message needs the order's language and tracking link, which the row has not: the tab opens
  // at once (a later one would be blocked) and goes to WhatsApp once the order is loaded.
  async function openWhatsapp(order: AdminOrderSummary) {
    const tab = window.open('', '_blank');
    try {
      const full = await client.fetchQuery(adminOrderQuery(order.id));
      const link = orderWhatsappLink(full, publicUrl);
      if (!link) throw new Error(t('admin-orders.whatsapp.no_phone'));
      if (tab) {
        tab.opener = null;
        tab.location.href = link;
      } else {
        window.location.assign(link);
      }
    } catch (error) {
      tab?.close();
      toast.error(failureText(t('admin-orders.whatsapp.failed'), error));
    }
  }

  function clearFilters() {
    setSearchText('');
    setState(orderFiltersToUrl(NO_ORDER_FILTERS));
  }

  function rowMenu(order: AdminOrderSummary): ActionMenuItem[] {
    const entries: Record<OrderMenuEntry, ActionMenuItem> = {
      view: { id: 'view', label: t('admin-orders.action.view'), to: orderPath(order.id) },
      status: { id: 'status', label: t('admin-orders.action.change_status'), onSelect: () => setChanging([order]) },
      invoice: { id: 'invoice', label: t('admin-orders.action.invoice'), href: invoicePath(order.id, { autoprint: true }), icon: <PrinterIcon className="size-5" /> },
      packing: { id: 'packing', label: t('admin-orders.action.packing_slip'), href: packingSlipPath(order.id) },
      whatsapp: { id: 'whatsapp', label: t('admin-orders.action.whatsapp'), onSelect: () => void openWhatsapp(order), icon: <WhatsAppIcon className="size-5" /> },
      delete: {
        id: 'delete',
        label: t('admin-orders.action.delete'),
        tone: 'danger',
        icon: <TrashIcon className="size-5" />,
        disabled: remove.isPending && remove.variables?.id === order.id,
        onSelect: () => void askDelete(order),
      },
    };
    return orderMenuEntries(can).map((entry) => entries[entry]);
  }

  const columns: Column<AdminOrderSummary>[] = [
    {
      id: 'number',
      className: 'whitespace-nowrap',
      header: t('admin-orders.column.number'),
      primary: true,
      cell: (order) => (
        <div className="min-w-0">
          <Link
            to={orderPath(order.id)}
            aria-label={t('admin-orders.action.view_named', { number: order.order_number })}
            className="font-semibold text-stone-900 underline-offset-2 hover:text-brand-800 hover:underline"
          >
            <bdi dir="ltr">{order.order_number}</bdi>
          </Link>
          <p className="text-xs font-normal text-stone-500">
            <OrderDate iso={order.created_at} /> · {t('admin-orders.list.id', { id: order.id })}
          </p>
        </div>
      ),
    },
    {
      id: 'customer',
      header: t('admin-orders.column.customer'),
      className: 'max-w-60',
      cell: (order) => (
        <div className="min-w-0">
          <p className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-semibold text-stone-900" dir="auto" title={order.customer_name}>
              {order.customer_name}
            </span>
            <span className="shrink-0">
              {order.customer_type === 'user' ? (
                <Badge tone="blue">{t('admin-orders.customer_type.user')}</Badge>
              ) : (
                <Badge tone="grey">{t('admin-orders.customer_type.guest')}</Badge>
              )}
            </span>
          </p>
          {/* Written left to right on every page, so a long address loses its end, never its name. */}
          <p dir="ltr" className="truncate text-xs text-stone-500 rtl:text-right" title={`${order.customer_email} · ${order.customer_phone}`}>
            {order.customer_phone} · {order.customer_email}
          </p>
        </div>
      ),
    },
    {
      id: 'city',
      header: t('admin-orders.column.city'),
      className: 'max-w-36',
      cell: (order) => (
        <div className="min-w-0">
          <p className="truncate" dir="auto">
            {order.city_name}
          </p>
          {order.governorate_name ? (
            <p className="truncate text-xs text-stone-500" dir="auto">
              {order.governorate_name}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'status',
      header: t('admin-orders.column.status'),
      className: 'whitespace-nowrap',
      cell: (order) => (
        <div className="flex flex-col items-start gap-1">
          <OrderStatusBadge status={order.status} />
          {/* Cash on delivery has nothing to pay online: its method says it all. */}
          {order.payment_status !== 'not_required' ? <PaymentStatusBadge status={order.payment_status} paidAt={order.paid_at} /> : null}
        </div>
      ),
    },
    {
      id: 'total',
      header: t('admin-orders.column.total'),
      className: 'whitespace-nowrap',
      cell: (order) => (
        <div className="flex flex-col items-start">
          <AdminAmount amount={order.total_amount} className="font-semibold text-stone-900" />
          <span className="text-xs text-stone-500">{order.payment_method_name}</span>
        </div>
      ),
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
        tableFrom="xl"
        compact
        selection={selection}
        actions={(order) => <ActionMenu label={t('admin-orders.action.menu', { number: order.order_number })} items={rowMenu(order)} />}
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
          <>
            <Button variant="secondary" onClick={() => setExporting(true)}>
              {t('admin-orders.export.button')}
            </Button>
            <Button variant="secondary" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
              <RefreshIcon className={`size-5 ${refreshing ? 'animate-spin motion-reduce:animate-none' : ''}`} />
              {refreshing ? t('admin-orders.list.refreshing_button') : t('admin.common.refresh')}
            </Button>
          </>
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
            : count.capped
              ? t('admin-orders.list.count_capped', { shown: count.shown, count: count.total })
              : tp('admin-orders.list.count', count.total, { shown: count.shown })
          : null}
      </p>
      <OrderSelectionBar selected={selectedRows} canChangeStatus={can.changeStatus} onChangeStatus={() => setChanging(selectedRows)} onClear={() => select([])} />
      <div className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{body}</div>
      {changing ? (
        <OrderStatusDialog
          orders={changing}
          onClose={() => setChanging(null)}
          // The refused orders stay selected, to try again or look at.
          onDone={(reply) => select(reply.results.filter((result) => !result.ok).map((result) => result.id))}
        />
      ) : null}
      {exporting ? (
        <OrdersExportDialog
          filters={filters}
          cityName={filters.cityId === null ? null : (cities.find((city) => city.id === filters.cityId)?.name ?? null)}
          onClose={() => setExporting(false)}
        />
      ) : null}
    </div>
  );
}
