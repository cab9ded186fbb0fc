import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  LOW_STOCK_THRESHOLD,
  imageSrcSet,
  stockLevel,
  type AdminStats,
  type DashboardOrder,
  type DashboardProduct,
  type LowStockProduct,
} from '@shop/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useMoneyFormat } from '../../../components/ui/price';
import { useI18n } from '../../../i18n/i18n';
import { useAuth } from '../../account/auth';
import { adminHref, adminNewRecordHref, adminOrderHref, adminRecordHref } from '../shell/admin-links';
import { userCan } from '../shell/gate';
import { AdminAmount, OrderDate, OrderStatusBadge } from '../orders/order-parts';
import { BoxIcon, PlusIcon, ReceiptIcon, RefreshIcon } from '../ui/admin-icons';
import { Badge } from '../ui/resource-list';
import { AdminPageHeader, ErrorPanel } from '../ui/states';
import { dashboardStatsQuery } from './dashboard-api';
import { groupedAmount, groupedCount, isNewShop } from './dashboard-rules';
import { SalesChart } from './sales-chart';
import { useSessionFailureOf } from '../../../lib/errors';

const cardClass = 'rounded-2xl border border-stone-200 bg-white p-4 sm:p-5';
const rowLinkClass =
  'font-semibold break-words text-stone-900 underline-offset-2 hover:text-brand-800 hover:underline';

/**
 * The Dashboard tab: the five figures, the sales
 * of the last 30 days or 12 months, the newest orders and products, and what is running out.
 * Every figure is defined in docs/decisions/011-dashboard-figures.md.
 */
export default function DashboardTab() {
  const { t } = useI18n();
  const stats = useQuery(dashboardStatsQuery());
  useSessionFailureOf(stats.error);
  const refreshing = stats.isRefetching;

  let body: ReactNode;
  if (stats.isPending) body = <DashboardSkeleton />;
  else if (stats.isError)
    body = (
      <ErrorPanel
        title={t('admin-dashboard.load_error')}
        error={stats.error}
        onRetry={() => void stats.refetch()}
      />
    );
  else body = <DashboardBody stats={stats.data} />;

  return (
    <div>
      <AdminPageHeader
        title={t('admin-dashboard.title')}
        description={t('admin-dashboard.description')}
        actions={
          <Button
            variant="secondary"
            onClick={() => void stats.refetch()}
            disabled={stats.isFetching}
          >
            <RefreshIcon
              className={`size-5 ${refreshing ? 'animate-spin motion-reduce:animate-none' : ''}`}
            />
            {refreshing ? t('admin-dashboard.refreshing') : t('admin.common.refresh')}
          </Button>
        }
      />
      {body}
    </div>
  );
}

function DashboardBody({ stats }: { stats: AdminStats }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const canWrite = userCan(user, 'catalog.write');
  const money = useMoneyFormat();

  return (
    <div className="flex flex-col gap-5">
      {isNewShop(stats) ? (
        <div
          className={`${cardClass} flex flex-col items-start gap-3 bg-brand-50 sm:flex-row sm:items-center sm:justify-between`}
        >
          <div>
            <p className="font-semibold text-stone-900">{t('admin-dashboard.new_shop.title')}</p>
            <p className="text-sm text-stone-700">{t('admin-dashboard.new_shop.text')}</p>
          </div>
          {canWrite ? (
            <ButtonLink to={adminNewRecordHref('products')}>
              <PlusIcon className="size-5" />
              {t('admin-dashboard.new_shop.add_product')}
            </ButtonLink>
          ) : null}
        </div>
      ) : null}

      <section aria-label={t('admin-dashboard.figures_label')}>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-6">
          <StatCard
            wide
            label={t('admin-dashboard.stat.totalRevenue')}
            hint={t('admin-dashboard.stat.totalRevenue_hint')}
          >
            <bdi>{groupedAmount(stats.totalRevenue, money)}</bdi>
          </StatCard>
          <StatCard
            label={t('admin-dashboard.stat.activeOrders')}
            hint={t('admin-dashboard.stat.activeOrders_hint')}
          >
            {groupedCount(stats.activeOrders)}
          </StatCard>
          <StatCard label={t('admin-dashboard.stat.totalOrders')}>
            {groupedCount(stats.totalOrders)}
          </StatCard>
          <StatCard label={t('admin-dashboard.stat.totalProducts')}>
            {groupedCount(stats.totalProducts)}
          </StatCard>
          <StatCard
            label={t('admin-dashboard.stat.totalUsers')}
            hint={t('admin-dashboard.stat.totalUsers_hint')}
          >
            {groupedCount(stats.totalUsers)}
          </StatCard>
        </dl>
      </section>

      <SalesChart sales={stats.sales} money={money} />

      <div className="grid gap-5 xl:grid-cols-2">
        <RecentOrders orders={stats.recentOrders} canOpen={userCan(user, 'orders.manage')} />
        <RecentProducts products={stats.recentProducts} canEdit={canWrite} />
      </div>
      <LowStock products={stats.lowStock} total={stats.lowStockCount} canEdit={canWrite} />
    </div>
  );
}

/** One of the five figures. The revenue card is twice as wide as the others (its number is long). */
function StatCard({
  label,
  hint,
  wide = false,
  children,
}: {
  label: string;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`${cardClass} ${wide ? 'col-span-2' : ''} flex min-w-0 flex-col gap-1`}
    >
      <dt className="text-sm font-semibold text-stone-600">{label}</dt>
      <dd className="text-2xl font-bold break-words text-stone-900 tabular-nums">{children}</dd>
      {hint ? <dd className="text-xs text-stone-500">{hint}</dd> : null}
    </div>
  );
}

function Panel({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={cardClass}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function PanelEmpty({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <p className="flex items-center gap-3 rounded-xl bg-stone-50 p-4 text-stone-600">
      <span className="text-stone-400">{icon}</span>
      {text}
    </p>
  );
}

function RecentOrders({
  orders,
  canOpen,
}: {
  orders: readonly DashboardOrder[];
  canOpen: boolean;
}) {
  const { t } = useI18n();
  return (
    <Panel
      title={t('admin-dashboard.recent_orders.title')}
      action={
        canOpen && orders.length > 0 ? (
          <Link
            to={adminHref('orders')}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline lg:min-h-0"
          >
            {t('admin-dashboard.recent_orders.all')}
          </Link>
        ) : undefined
      }
    >
      {orders.length === 0 ? (
        <PanelEmpty
          icon={<ReceiptIcon className="size-6" />}
          text={t('admin-dashboard.recent_orders.empty')}
        />
      ) : (
        <ul className="divide-y divide-stone-100">
          {orders.map((order) => {
            const name = [order.first_name, order.last_name].filter(Boolean).join(' ');
            return (
              <li
                key={order.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
              >
                <div className="min-w-0">
                  <p>
                    {canOpen ? (
                      <Link
                        to={adminOrderHref(order.id)}
                        className={rowLinkClass}
                        aria-label={t('admin-dashboard.recent_orders.open', {
                          number: order.order_number,
                          name,
                        })}
                      >
                        <bdi dir="ltr">{order.order_number}</bdi>
                      </Link>
                    ) : (
                      <bdi dir="ltr" className="font-semibold">
                        {order.order_number}
                      </bdi>
                    )}
                  </p>
                  <p className="text-sm text-stone-600">
                    <bdi>{name}</bdi> · <OrderDate iso={order.created_at} />
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <AdminAmount
                    amount={order.total_amount}
                    className="font-semibold text-stone-900"
                  />
                  <OrderStatusBadge status={order.status} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

function ProductThumb({ url }: { url: string | null }) {
  if (!url) {
    return (
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg border border-stone-200 bg-stone-100 text-stone-400">
        <BoxIcon className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={url}
      srcSet={imageSrcSet(url)}
      sizes="48px"
      alt=""
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 rounded-lg border border-stone-200 bg-stone-100 object-cover"
    />
  );
}

/** A product's name: a link to its form for those who may change it, plain text otherwise. */
function ProductName({
  product,
  canEdit,
}: {
  product: { id: number; name: string };
  canEdit: boolean;
}) {
  const { t } = useI18n();
  return canEdit ? (
    <Link
      to={adminRecordHref('products', product.id)}
      className={rowLinkClass}
      dir="auto"
      aria-label={t('admin-dashboard.product_edit', { name: product.name })}
    >
      {product.name}
    </Link>
  ) : (
    <span className="font-semibold break-words text-stone-900" dir="auto">
      {product.name}
    </span>
  );
}

function RecentProducts({
  products,
  canEdit,
}: {
  products: readonly DashboardProduct[];
  canEdit: boolean;
}) {
  const { t } = useI18n();
  return (
    <Panel title={t('admin-dashboard.recent_products.title')}>
      {products.length === 0 ? (
        <PanelEmpty
          icon={<BoxIcon className="size-6" />}
          text={t('admin-dashboard.recent_products.empty')}
        />
      ) : (
        <ul className="divide-y divide-stone-100">
          {products.map((product) => (
            <li key={product.id} className="flex items-center gap-3 py-3">
              <ProductThumb url={product.featured_image} />
              <div className="min-w-0 flex-1">
                <p>
                  <ProductName product={product} canEdit={canEdit} />
                </p>
                <p className="text-sm text-stone-600" dir="auto">
                  {product.category_name ?? t('admin-dashboard.recent_products.uncategorised')}
                </p>
              </div>
              <div className="flex flex-col items-end gap-1">
                <AdminAmount
                  amount={product.price}
                  className="text-sm font-semibold text-stone-900"
                />
                {product.status === 'published' ? (
                  <Badge tone="green">{t('admin.common.published')}</Badge>
                ) : (
                  <Badge tone="grey">{t('admin.common.draft')}</Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function LowStock({
  products,
  total,
  canEdit,
}: {
  products: readonly LowStockProduct[];
  total: number;
  canEdit: boolean;
}) {
  const { t, tp } = useI18n();
  const more = total - products.length;
  return (
    <Panel
      title={t('admin-dashboard.low_stock.title')}
      action={
        <span className="text-sm text-stone-600">
          {t('admin-dashboard.low_stock.hint', { threshold: LOW_STOCK_THRESHOLD })}
        </span>
      }
    >
      {products.length === 0 ? (
        <PanelEmpty
          icon={<BoxIcon className="size-6" />}
          text={t('admin-dashboard.low_stock.empty')}
        />
      ) : (
        <>
          <ul className="grid gap-x-6 sm:grid-cols-2">
            {products.map((product) => (
              <li
                key={product.id}
                className="flex items-center gap-3 border-b border-stone-100 py-3"
              >
                <ProductThumb url={product.featured_image} />
                <p className="min-w-0 flex-1">
                  <ProductName product={product} canEdit={canEdit} />
                </p>
                {stockLevel(product.stock_quantity) === 'out' ? (
                  <Badge tone="red">{t('admin-dashboard.low_stock.out')}</Badge>
                ) : (
                  <Badge tone="yellow">
                    {t('admin-dashboard.low_stock.left', { count: product.stock_quantity })}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <p className="mt-3 text-sm text-stone-600">
              {tp('admin-dashboard.low_stock.more', more, { count: groupedCount(more) })}
            </p>
          ) : null}
        </>
      )}
    </Panel>
  );
}

/** The dashboard's shape while its figures load. */
function DashboardSkeleton() {
  const { t } = useI18n();
  const block = 'animate-pulse rounded-2xl bg-stone-200/70 motion-reduce:animate-none';
  return (
    <div aria-busy="true" className="flex flex-col gap-5">
      <p role="status" className="sr-only">
        {t('admin-dashboard.loading')}
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        {Array.from({ length: 5 }, (_, index) => (
          <div
            key={index}
            className={`${block} h-24 ${index === 0 ? 'col-span-2' : ''}`}
          />
        ))}
      </div>
      <div className={`${block} h-80 sm:h-96`} />
      <div className="grid gap-5 xl:grid-cols-2">
        <div className={`${block} h-72`} />
        <div className={`${block} h-72`} />
      </div>
    </div>
  );
}
