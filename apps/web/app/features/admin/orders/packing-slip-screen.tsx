import { useQuery } from '@tanstack/react-query';
import type { AdminOrder } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { AlertCircleIcon } from '../../../components/ui/icons';
import { isolateLtr } from '../../../i18n/bidi';
import { useI18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api';
import { useSessionFailureOf } from '../../../lib/errors';
import { useStaffErrorText } from '../../../lib/errors/staff-error-text';
import { PrintedOrderHeader } from '../../orders/invoice-document';
import { GiftDetails } from '../../orders/gift-details';
import { GiftIcon, PrinterIcon } from '../../orders/order-icons';
import { ItemOptions, addressLines } from '../../orders/order-parts';
import { useAuth } from '../../account/auth';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../ui/states';
import { ORDERS_LIST_PATH, orderActionsFor, orderPath, otherSlipPath } from './order-rules';
import { packingSlipOrdersQuery, type PackingSlipOrder } from './orders-api';
import { PrintSheet, PrintSheetPage, printPage } from './print-sheet';

const PACKING_ROOT_ID = 'admin-packing-slips';

/**
 * /admin/orders/{id}/packing-slip and /admin/orders/packing-slips?ids=1,2,3: one sheet per order
 * for whoever packs it: the store, the order number and date, the customer's name, phone and
 * address, the items with their options and quantities, and the order's notes; never prices.
 * An order that cannot be loaded gets a sheet saying so (left out on paper); the others print.
 * `gift`: the same sheets as gift receipts for the recipient (see GiftReceiptDocument); the
 * toolbar switches between the two prints of the same orders.
 */
export function PackingSlipScreen({ ids, gift = false }: { ids: readonly number[]; gift?: boolean }) {
  const { t, tp } = useI18n();
  const { user } = useAuth();
  const can = orderActionsFor(user);
  const orders = useQuery({ ...packingSlipOrdersQuery(ids), enabled: ids.length > 0 && can.view });
  useSessionFailureOf(orders.error);

  const single = ids.length === 1 ? ids[0] : undefined;
  const back =
    single !== undefined && can.view
      ? { to: orderPath(single), label: t('admin-orders.invoice.back') }
      : { to: ORDERS_LIST_PATH, label: t('admin-orders.detail.back') };
  const title = gift ? tp('admin-orders.gift_receipt.title', ids.length) : tp('admin-orders.packing.title', ids.length);
  const printable = orders.data?.some((entry) => 'order' in entry) ?? false;

  let body;
  if (ids.length === 0 || !can.view) {
    body = <EmptyPanel icon={<AlertCircleIcon className="size-8" />} title={t('admin-orders.packing.none_title')} text={t('admin-orders.packing.none_text')} />;
  } else if (orders.isPending) {
    body = <LoadingPanel label={t('admin-orders.packing.loading')} />;
  } else if (orders.isError) {
    body = <ErrorPanel title={t('admin-orders.packing.load_error')} error={orders.error} onRetry={() => void orders.refetch()} />;
  } else {
    body = orders.data.map((entry) => <PackingSheet key={entry.id} entry={entry} gift={gift} />);
  }

  return (
    <PrintSheetPage
      rootId={PACKING_ROOT_ID}
      title={`${title} | ${t('admin.meta.title')}`}
      toolbarLabel={t('admin-orders.packing.toolbar')}
      back={back}
      actions={
        printable ? (
          <>
            <a
              href={otherSlipPath(ids, gift)}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              <GiftIcon className="size-5" />
              {gift ? t('admin-orders.gift_receipt.show_packing') : t('admin-orders.gift_receipt.show')}
            </a>
            <Button onClick={printPage}>
              <PrinterIcon className="size-5" />
              {t('admin-orders.invoice.print')}
            </Button>
          </>
        ) : null
      }
    >
      <h1 className="sr-only">{title}</h1>
      {body}
    </PrintSheetPage>
  );
}

function PackingSheet({ entry, gift }: { entry: PackingSlipOrder; gift: boolean }) {
  const { t } = useI18n();
  const errorText = useStaffErrorText();
  if ('error' in entry) {
    const missing = entry.error instanceof ApiError && [400, 403, 404].includes(entry.error.status);
    return (
      <div role="alert" className="mb-6 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm font-semibold text-red-800 print:hidden">
        {t('admin-orders.packing.order_failed', { id: entry.id })}: {missing ? t('admin-orders.not_found.title') : errorText(entry.error)}
      </div>
    );
  }
  return (
    <PrintSheet
      label={t(gift ? 'admin-orders.gift_receipt.sheet_label' : 'admin-orders.packing.sheet_label', {
        number: isolateLtr(entry.order.order_number),
      })}
    >
      {gift ? <GiftReceiptDocument order={entry.order} /> : <PackingSlipDocument order={entry.order} />}
    </PrintSheet>
  );
}

/** One order's packing slip (no prices: it travels in the parcel). */
export function PackingSlipDocument({ order }: { order: AdminOrder }) {
  const { t, lang } = useI18n();
  const [street, area] = addressLines(order, lang);
  const pieces = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article className="flex flex-col gap-6 p-5 sm:p-8">
      <PrintedOrderHeader order={order} title={t('admin-orders.packing.heading')} />
      <div>
        <p className="text-sm font-semibold text-stone-500">{t('orders.invoice.ship_to')}</p>
        {/* Each line keeps the page's side; a name or address in the other script is isolated. */}
        <p className="text-lg font-semibold">
          <bdi>{order.name}</bdi>
        </p>
        <p>
          <bdi dir="ltr">{order.phone}</bdi>
        </p>
        <p>
          <bdi>{street}</bdi>
        </p>
        <p>{area}</p>
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-stone-300 text-stone-600">
            <th scope="col" className="py-2 text-start font-semibold">
              {t('orders.items.product')}
            </th>
            <th scope="col" className="w-24 py-2 text-center font-semibold">
              {t('orders.items.quantity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id} className="border-b border-stone-100 align-top">
              <td className="py-2">
                <p className="font-semibold">
                  <bdi>{item.product_name}</bdi>
                </p>
                <ItemOptions item={item} />
                {item.sku ? (
                  <p className="text-xs text-stone-500">
                    {t('admin-orders.items.sku')} <bdi dir="ltr">{item.sku}</bdi>
                  </p>
                ) : null}
              </td>
              <td className="py-2 text-center text-base font-semibold tabular-nums">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2 text-start font-semibold">
              {t('admin-orders.packing.pieces')}
            </th>
            <td className="py-2 text-center font-semibold tabular-nums">{pieces}</td>
          </tr>
        </tfoot>
      </table>
      <GiftDetails order={order} title="print" />
      <div>
        <p className="text-sm font-semibold text-stone-500">{t('admin-orders.detail.notes')}</p>
        {order.notes ? (
          <p className="whitespace-pre-line break-words">
            <bdi>{order.notes}</bdi>
          </p>
        ) : (
          <p className="text-stone-500">{t('admin-orders.detail.no_notes')}</p>
        )}
      </div>
    </article>
  );
}

/**
 * One order's gift receipt, for whoever receives the parcel: the store, the order number and date,
 * who it goes to, the items with their options and quantities, the gift wrapping and the message
 * for the card. Never a price, the phone, the SKUs or the order's notes.
 */
export function GiftReceiptDocument({ order }: { order: AdminOrder }) {
  const { t, lang } = useI18n();
  const [street, area] = addressLines(order, lang);
  return (
    <article data-testid="gift-receipt" className="flex flex-col gap-6 p-5 sm:p-8">
      <PrintedOrderHeader order={order} title={t('admin-orders.gift_receipt.heading')} />
      <div>
        <p className="text-sm font-semibold text-stone-500">{t('orders.invoice.ship_to')}</p>
        <p className="text-lg font-semibold">
          <bdi>{order.name}</bdi>
        </p>
        <p>
          <bdi>{street}</bdi>
        </p>
        <p>{area}</p>
      </div>
      <GiftDetails order={order} title="print" />
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-stone-300 text-stone-600">
            <th scope="col" className="py-2 text-start font-semibold">
              {t('orders.items.product')}
            </th>
            <th scope="col" className="w-24 py-2 text-center font-semibold">
              {t('orders.items.quantity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id} className="border-b border-stone-100 align-top">
              <td className="py-2">
                <p className="font-semibold">
                  <bdi>{item.product_name}</bdi>
                </p>
                <ItemOptions item={item} />
              </td>
              <td className="py-2 text-center text-base font-semibold tabular-nums">{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-center text-sm text-stone-600">{t('admin-orders.gift_receipt.note')}</p>
    </article>
  );
}
