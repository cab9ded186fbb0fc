import { useEffect, useRef } from 'react';
import { INVOICE_AUTOPRINT_DELAY_MS } from '@shop/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { InvoiceDocument } from '../../orders/invoice-document';
import { PrinterIcon } from '../../orders/order-icons';
import { ErrorPanel, LoadingPanel } from '../ui/states';
import { OrderNotFound } from './order-detail-screen';
import { ORDERS_LIST_PATH, orderPath } from './order-rules';
import { useAdminOrder } from './use-admin-order';

const INVOICE_ROOT_ID = 'admin-invoice';

/**
 * A4 paper with nothing of the screen around the invoice: no toolbar, no toasts, no background.
 * The admin chrome is not on this page at all (the route asks the layout for none).
 */
const printCss = `@page { size: A4; margin: 12mm 14mm; }
@media print {
  html, body { background: #fff !important; }
  body > [aria-live] { display: none !important; }
  #${INVOICE_ROOT_ID} { max-width: none; margin: 0; padding: 0; }
  #${INVOICE_ROOT_ID} article { padding: 0; border: 0; box-shadow: none; }
  #${INVOICE_ROOT_ID} tr { break-inside: avoid; }
}`;

function print() {
  window.print();
}

/**
 * /admin/orders/{id}/invoice: a toolbar (back to the order, print, download
 * PDF through the browser's print dialog), the invoice, and with ?autoprint=true the print dialog
 * after INVOICE_AUTOPRINT_DELAY_MS. 'Invoice Not Found' when the order is missing or not theirs.
 */
export function OrderInvoiceScreen({ id, autoprint }: { id: number | null; autoprint: boolean }) {
  const { t } = useI18n();
  const { order, notFound } = useAdminOrder(id);

  // Print once, when the invoice is on screen (a refetch or a re-render does not print again).
  const printed = useRef(false);
  const ready = order.isSuccess;
  useEffect(() => {
    if (!autoprint || !ready || printed.current) return;
    const timer = setTimeout(() => {
      printed.current = true;
      print();
    }, INVOICE_AUTOPRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoprint, ready]);

  const backTo = id !== null && !notFound ? orderPath(id) : ORDERS_LIST_PATH;
  const title = order.data ? t('admin-orders.invoice.title', { number: order.data.order_number }) : t('admin-orders.invoice.heading');

  return (
    <div id={INVOICE_ROOT_ID} className="mx-auto w-full max-w-4xl px-3 py-4 sm:px-6">
      <style>{printCss}</style>
      <title>{`${notFound ? t('admin-orders.invoice.not_found') : title} | ${t('admin.meta.title')}`}</title>
      <div role="toolbar" aria-label={t('admin-orders.invoice.toolbar')} className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <ButtonLink variant="ghost" to={backTo}>
          {id !== null && !notFound ? t('admin-orders.invoice.back') : t('admin-orders.detail.back')}
        </ButtonLink>
        {order.data ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={print}>
              <PrinterIcon className="size-5" />
              {t('admin-orders.invoice.print')}
            </Button>
            <Button variant="secondary" onClick={print}>
              {t('admin-orders.invoice.download_pdf')}
            </Button>
          </div>
        ) : null}
      </div>
      {notFound ? (
        <OrderNotFound title={t('admin-orders.invoice.not_found')} back={null} />
      ) : order.isPending ? (
        <LoadingPanel label={t('admin-orders.invoice.loading')} />
      ) : order.isError ? (
        <ErrorPanel title={t('admin-orders.invoice.load_error')} error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <>
          <h1 className="sr-only">{title}</h1>
          <div className="rounded-2xl border border-stone-200 bg-white shadow-sm print:rounded-none print:border-0 print:shadow-none">
            <InvoiceDocument order={order.data} />
          </div>
          <p className="mt-3 text-center text-sm text-stone-500 print:hidden">{t('admin-orders.invoice.pdf_hint')}</p>
        </>
      )}
    </div>
  );
}
