import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { statusPaymentConflict, type AdminOrder, type AdminOrderItem, type OrderStatus } from '@shop/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { AlertCircleIcon, WhatsAppIcon } from '../../../components/ui/icons';
import { useRootData } from '../../../components/layout/root-data';
import { useI18n } from '../../../i18n/i18n';
import { GiftIcon, PrinterIcon } from '../../orders/order-icons';
import { GiftDetails, isGiftOrder } from '../../orders/gift-details';
import { ItemOptions } from '../../orders/order-parts';
import { Field, TextArea } from '../ui/fields';
import { Badge, ResourceList, type Column } from '../ui/resource-list';
import { AdminPageHeader, EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import { useChangeOrderStatus } from './order-mutations';
import { PaymentStatusBadge } from '../../payments/payment-status';
import { AdminAmount, OrderDate, OrderStatusBadge, StatusSelect } from './order-parts';
import { RefundsCard } from './order-refunds';
import {
  ORDERS_LIST_PATH,
  STATUS_NOTE_MAX,
  customerViewPath,
  historyOf,
  invoicePath,
  orderWhatsappLink,
  packingSlipPath,
  giftReceiptPath,
  sameShipment,
} from './order-rules';
import { ShipmentFieldset, ShipmentSummary, useShipmentForm } from './shipment-fields';
import { useAdminOrder } from './use-admin-order';

function PageTitle({ title }: { title: string }) {
  const { t } = useI18n();
  return <title>{`${title} | ${t('admin.meta.title')}`}</title>;
}

function BackToOrders() {
  const { t } = useI18n();
  return (
    <ButtonLink variant="ghost" to={ORDERS_LIST_PATH}>
      {t('admin-orders.detail.back')}
    </ButtonLink>
  );
}

/** 'الطلب غير موجود أو ليس لديك صلاحية لعرضه' with a way back. */
export function OrderNotFound({ title, back }: { title?: string; back: ReactNode }) {
  const { t } = useI18n();
  return (
    <EmptyPanel icon={<AlertCircleIcon className="size-8" />} title={title ?? t('admin-orders.not_found.title')} text={t('admin-orders.not_found.text')} action={back} />
  );
}

/**
 * /admin/orders/{id}: status with the status change, items, customer,
 * shipping address, summary, notes, invoice and customer view, and the order's history.
 */
export function OrderDetailScreen({ id }: { id: number | null }) {
  const { t } = useI18n();
  const { order, can, notFound } = useAdminOrder(id);

  if (notFound) {
    return (
      <div>
        <PageTitle title={t('admin-orders.not_found.title')} />
        <OrderNotFound back={<BackToOrders />} />
      </div>
    );
  }
  if (order.isPending) {
    return (
      <div>
        <PageTitle title={t('admin-orders.detail.title_loading')} />
        <LoadingPanel label={t('admin-orders.detail.loading')} />
      </div>
    );
  }
  if (order.isError) {
    return (
      <div>
        <PageTitle title={t('admin-orders.detail.title_loading')} />
        <ErrorPanel title={t('admin-orders.detail.load_error')} error={order.error} onRetry={() => void order.refetch()} />
        <div className="flex justify-center">
          <BackToOrders />
        </div>
      </div>
    );
  }
  return <OrderDetail order={order.data} canChangeStatus={can.changeStatus} canRefund={can.refund} />;
}

function OrderDetail({ order, canChangeStatus, canRefund }: { order: AdminOrder; canChangeStatus: boolean; canRefund: boolean }) {
  const { t } = useI18n();
  const { publicUrl } = useRootData();
  const title = t('admin-orders.detail.title', { number: order.order_number });
  const whatsapp = orderWhatsappLink(order, publicUrl);
  return (
    <div>
      <PageTitle title={title} />
      <AdminPageHeader
        title={title}
        description={t('admin-orders.detail.subtitle', { id: order.id })}
        actions={
          <>
            <BackToOrders />
            <a href={invoicePath(order.id, { autoprint: true })} target="_blank" rel="noopener" className={linkButton}>
              <PrinterIcon className="size-5" />
              {t('admin-orders.action.print_invoice')}
            </a>
            <a href={packingSlipPath(order.id)} target="_blank" rel="noopener" className={linkButton}>
              {t('admin-orders.action.packing_slip')}
            </a>
            {isGiftOrder(order) ? (
              <a href={giftReceiptPath(order.id)} target="_blank" rel="noopener" className={linkButton}>
                <GiftIcon className="size-5" />
                {t('admin-orders.action.gift_receipt')}
              </a>
            ) : null}
            {whatsapp ? (
              <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={linkButton}>
                <WhatsAppIcon className="size-5" />
                {t('admin-orders.whatsapp.button')}
              </a>
            ) : null}
            <a href={customerViewPath(order.order_number)} target="_blank" rel="noopener" className={linkButton}>
              {t('admin-orders.detail.customer_view')}
            </a>
          </>
        }
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          {/* A shipment saved (or changed elsewhere) starts the card's form again from it. */}
          <StatusCard key={JSON.stringify(order.shipment)} order={order} canChange={canChangeStatus} canRefund={canRefund} />
          <ItemsCard order={order} />
          <HistoryCard order={order} />
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          {isGiftOrder(order) ? (
            <section aria-label={t('orders.gift.title')} className="rounded-2xl border border-brand-600/40 bg-white p-4 sm:p-5">
              <GiftDetails order={order} />
            </section>
          ) : null}
          <SummaryCard order={order} />
          <PaymentCard order={order} />
          <RefundsCard order={order} canRefund={canRefund} />
          <CustomerCard order={order} />
          <AddressCard order={order} />
          <Card id="order-notes" title={t('admin-orders.detail.notes')}>
            {order.notes ? (
              <p className="whitespace-pre-line break-words" dir="auto">
                {order.notes}
              </p>
            ) : (
              <p className="text-stone-500">{t('admin-orders.detail.no_notes')}</p>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}

const linkButton =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-1.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className="min-w-0 text-end font-semibold break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** The payment: its status, when it was paid and UPayments' references (refunds have their own card). */
function PaymentCard({ order }: { order: AdminOrder }) {
  const { t, formatDateTime } = useI18n();
  const payment = order.payment;
  const none = <span className="text-stone-500">—</span>;
  const reference = (value: string | null) => (value ? <bdi dir="ltr" className="font-mono text-xs">{value}</bdi> : none);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : none);

  return (
    <Card id="order-payment" title={t('admin-orders.payment.title')}>
      <dl className="divide-y divide-stone-100 text-sm">
        <Row label={t('admin-orders.payment.status')}>
          <PaymentStatusBadge status={order.payment_status} paidAt={order.paid_at} />
        </Row>
        {order.paid_at ? <Row label={t('admin-orders.payment.paid_at')}>{formatDateTime(order.paid_at)}</Row> : null}
        {payment ? (
          <>
            <Row label={t('admin-orders.payment.requested_order_id')}>{reference(payment.requested_order_id)}</Row>
            <Row label={t('admin-orders.payment.track_id')}>{reference(payment.track_id)}</Row>
            <Row label={t('admin-orders.payment.payment_id')}>{reference(payment.payment_id)}</Row>
            <Row label={t('admin-orders.payment.refund_order_id')}>{reference(payment.refund_order_id)}</Row>
            <Row label={t('admin-orders.payment.payment_type')}>{reference(payment.payment_type)}</Row>
            <Row label={t('admin-orders.payment.result')}>{reference(payment.result)}</Row>
            <Row label={t('admin-orders.payment.verified_at')}>{when(payment.verified_at)}</Row>
            {payment.refunded_at ? <Row label={t('admin-orders.payment.refunded_at')}>{when(payment.refunded_at)}</Row> : null}
            {payment.refund_arn ? <Row label={t('admin-orders.payment.refund_arn')}>{reference(payment.refund_arn)}</Row> : null}
          </>
        ) : null}
      </dl>
    </Card>
  );
}

/** The badge, the status select, an optional note and save (the detail sends the note with the change). */
function StatusCard({ order, canChange, canRefund }: { order: AdminOrder; canChange: boolean; canRefund: boolean }) {
  const { t } = useI18n();
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [notes, setNotes] = useState('');
  // When the order changes on the server (saved here, or refreshed), the select follows it.
  const [shown, setShown] = useState(order.status);
  if (order.status !== shown) {
    setShown(order.status);
    setStatus(order.status);
  }
  const change = useChangeOrderStatus({ onSuccess: () => setNotes('') });
  const shipment = useShipmentForm(order.shipment);
  const shipping = status === 'shipped';
  // Shipped again with another carrier or number updates the shipment (the server notes it).
  const shipmentChanged = shipping && !sameShipment(shipment.trimmed, order.shipment);
  const changed = status !== order.status || shipmentChanged;
  useUnsavedChanges(canChange && (changed || notes.trim() !== '') && !change.isPending);

  return (
    <Card id="order-status" title={t('admin-orders.detail.status')}>
      <p className="mb-4 flex flex-wrap items-center gap-2">
        <span className="text-stone-600">{t('admin-orders.detail.status_now')}</span>
        <OrderStatusBadge status={order.status} />
      </p>
      {order.shipment ? (
        <div className="mb-4 rounded-xl bg-sand-50 p-3" role="group" aria-label={t('admin-orders.shipment.legend')}>
          <ShipmentSummary shipment={order.shipment} />
        </div>
      ) : null}
      {canChange ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (changed) change.mutate({ id: order.id, status, notes: notes.trim(), ...(shipping ? { shipment: shipment.trimmed } : {}) });
          }}
        >
          <Field id="order-new-status" label={t('admin-orders.detail.new_status')}>
            <StatusSelect id="order-new-status" value={status} current={order.status} payment={order} onValue={setStatus} />
          </Field>
          {shipping ? <ShipmentFieldset form={shipment} idPrefix="order-shipment" error={change.error} /> : null}
          <Field id="order-status-note" label={t('admin-orders.detail.note')} optional hint={t('admin-orders.detail.note_hint')}>
            <TextArea id="order-status-note" value={notes} onValue={setNotes} rows={2} maxLength={STATUS_NOTE_MAX} hint={t('admin-orders.detail.note_hint')} />
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!changed || change.isPending}>
              {change.isPending ? t('admin.common.saving') : t('admin-orders.detail.save_status')}
            </Button>
            {!changed ? <p className="text-sm text-stone-500">{t('admin-orders.detail.choose_status')}</p> : null}
            {statusPaymentConflict(order, 'refunded') === 'refund_through_payment' ? (
              <p className="text-sm text-stone-500">
                {t(canRefund ? 'admin-orders.detail.refund_through_payment' : 'admin-orders.detail.refund_by_admin')}
              </p>
            ) : null}
            {order.payment_method === 'upayments' && order.payment_status === 'refunded' ? (
              <p className="text-sm text-stone-500">{t('admin-orders.detail.money_returned')}</p>
            ) : null}
          </div>
        </form>
      ) : null}
    </Card>
  );
}

function ItemsCard({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const columns: Column<AdminOrderItem>[] = [
    {
      id: 'product',
      header: t('admin-orders.items.product'),
      primary: true,
      cell: (item) => (
        <div className="min-w-0">
          {item.product_id !== null ? (
            <Link
              to={`/products/${item.product_id}`}
              target="_blank"
              rel="noopener"
              className="font-semibold break-words text-stone-900 underline-offset-2 hover:text-brand-800 hover:underline"
              dir="auto"
            >
              {item.product_name}
            </Link>
          ) : (
            <span className="font-semibold break-words text-stone-900" dir="auto">
              {item.product_name}
            </span>
          )}
          <div className="font-normal">
            <ItemOptions item={item} />
          </div>
          <p className="text-xs font-normal text-stone-500">
            {item.product_id !== null ? t('admin-orders.items.product_id', { id: item.product_id }) : t('admin-orders.items.product_deleted')}
            {item.sku ? (
              <>
                {' · '}
                {t('admin-orders.items.sku')} <bdi dir="ltr">{item.sku}</bdi>
              </>
            ) : null}
          </p>
        </div>
      ),
    },
    {
      id: 'quantity',
      header: t('admin-orders.items.quantity'),
      className: 'tabular-nums',
      cell: (item) => (
        <>
          {item.quantity}
          {item.refunded_quantity > 0 ? (
            <span className="block text-xs font-semibold text-red-700">{t('admin-orders.items.refunded', { count: item.refunded_quantity })}</span>
          ) : null}
        </>
      ),
    },
    { id: 'price', header: t('admin-orders.items.price'), className: 'whitespace-nowrap', cell: (item) => <AdminAmount amount={item.price} /> },
    {
      id: 'total',
      header: t('admin-orders.items.total'),
      className: 'whitespace-nowrap',
      cell: (item) => <AdminAmount amount={item.total} className="font-semibold" />,
    },
  ];
  return (
    <Card id="order-items" title={t('admin-orders.detail.items', { count: order.items.length })}>
      <ResourceList label={t('admin-orders.detail.items_label')} columns={columns} rows={order.items} rowKey={(item) => item.id} />
    </Card>
  );
}

function CustomerCard({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  return (
    <Card id="order-customer" title={t('admin-orders.detail.customer')}>
      <dl className="divide-y divide-stone-100 text-sm">
        <Row label={t('admin-orders.detail.customer_name')}>
          <span dir="auto">{order.name}</span>
        </Row>
        <Row label={t('admin-orders.detail.customer_email')}>
          <a href={`mailto:${order.email}`} className="break-all text-brand-800 underline-offset-2 hover:underline">
            <bdi dir="ltr">{order.email}</bdi>
          </a>
        </Row>
        <Row label={t('admin-orders.detail.customer_phone')}>
          <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} className="text-brand-800 underline-offset-2 hover:underline">
            <bdi dir="ltr">{order.phone}</bdi>
          </a>
        </Row>
        <Row label={t('admin-orders.detail.customer_type')}>
          {order.customer_type === 'user' ? (
            <Badge tone="blue">{t('admin-orders.customer_type.user')}</Badge>
          ) : (
            <Badge tone="grey">{t('admin-orders.customer_type.guest')}</Badge>
          )}
        </Row>
      </dl>
    </Card>
  );
}

function AddressCard({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  const none = t('admin.common.none');
  return (
    <Card id="order-address" title={t('admin-orders.detail.address')}>
      <dl className="divide-y divide-stone-100 text-sm">
        <Row label={t('admin-orders.detail.address_line')}>
          <span className="whitespace-pre-line" dir="auto">
            {order.shipping_address}
          </span>
        </Row>
        <Row label={t('admin-orders.detail.city')}>
          <span dir="auto">{order.city_name}</span>
        </Row>
        <Row label={t('admin-orders.detail.governorate')}>
          <span dir="auto">{order.governorate_name ?? none}</span>
        </Row>
        <Row label={t('admin-orders.detail.country')}>
          <span dir="auto">{order.country_name}</span>
        </Row>
      </dl>
    </Card>
  );
}

/** Summary: discount when above 0 with its code, tax and shipping only when above 0, gift wrapping when asked for. */
function SummaryCard({ order }: { order: AdminOrder }) {
  const { t } = useI18n();
  return (
    <Card id="order-summary" title={t('admin-orders.detail.summary')}>
      <dl className="divide-y divide-stone-100 text-sm">
        <Row label={t('admin-orders.detail.order_number')}>
          <bdi dir="ltr">{order.order_number}</bdi>
        </Row>
        <Row label={t('admin-orders.detail.date')}>
          <OrderDate iso={order.created_at} />
        </Row>
        <Row label={t('admin-orders.detail.payment_method')}>{order.payment_method_name}</Row>
        <Row label={t('admin-orders.detail.subtotal')}>
          <AdminAmount amount={order.subtotal} />
        </Row>
        {order.discount_amount > 0 ? (
          <Row label={order.promo_code ? t('admin-orders.detail.discount_code', { code: order.promo_code }) : t('admin-orders.detail.discount')}>
            <span dir="ltr">
              −<AdminAmount amount={order.discount_amount} />
            </span>
          </Row>
        ) : null}
        {order.tax_amount > 0 ? (
          <Row label={t('admin-orders.detail.tax')}>
            <AdminAmount amount={order.tax_amount} />
          </Row>
        ) : null}
        {order.shipping_amount > 0 ? (
          <Row label={t('admin-orders.detail.shipping')}>
            <AdminAmount amount={order.shipping_amount} />
          </Row>
        ) : null}
        {order.gift_wrap ? (
          <Row label={t('orders.totals.gift_wrap')}>
            <span data-testid="admin-order-gift-wrap-fee">
              <AdminAmount amount={order.gift_wrap_fee} />
            </span>
          </Row>
        ) : null}
        <Row label={t('admin-orders.detail.total')}>
          <AdminAmount amount={order.total_amount} className="text-base" />
        </Row>
      </dl>
    </Card>
  );
}

/** Every status change: who, when, from → to, and its note (oldest first). */
function HistoryCard({ order }: { order: AdminOrder }) {
  const { t, formatDateTime } = useI18n();
  const entries = historyOf(order);
  return (
    <Card id="order-history" title={t('admin-orders.history.title')}>
      <ol className="flex flex-col gap-3">
        {entries.map((entry) => (
          <li key={`${entry.id}-${entry.created_at}`} className="border-s-2 border-brand-200 ps-3">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-stone-900">
              {entry.from_status === null ? (
                <>
                  {t('admin-orders.history.placed')} <OrderStatusBadge status={entry.to_status} />
                </>
              ) : (
                <>
                  <OrderStatusBadge status={entry.from_status} />
                  <span aria-hidden="true">{t('admin-orders.history.arrow')}</span>
                  <span className="sr-only">{t('admin-orders.history.changed_to')}</span>
                  <OrderStatusBadge status={entry.to_status} />
                </>
              )}
            </p>
            <p className="mt-1 text-sm text-stone-600">
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              {' · '}
              {entry.actor_name || entry.actor_email ? (
                <>
                  <span dir="auto">{entry.actor_name ?? entry.actor_email}</span>
                  {entry.actor_name && entry.actor_email ? (
                    <span className="text-stone-500">
                      {' '}
                      (<bdi dir="ltr">{entry.actor_email}</bdi>)
                    </span>
                  ) : null}
                </>
              ) : entry.from_status === null ? (
                t('admin-orders.history.by_customer')
              ) : (
                t('admin-orders.history.by_unknown')
              )}
            </p>
            {entry.notes ? (
              <p className="mt-1 rounded-lg bg-stone-50 p-2 text-sm whitespace-pre-line break-words text-stone-800" dir="auto">
                {entry.notes}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
