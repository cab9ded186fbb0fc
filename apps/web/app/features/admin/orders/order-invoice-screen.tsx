import { useEffect, useRef } from 'react';
import { INVOICE_AUTOPRINT_DELAY_MS } from '@shop/shared';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../i18n/i18n';
import { InvoiceDocument } from '../../orders/invoice-document';
import { PrinterIcon } from '../../orders/order-icons';
import { ErrorPanel, LoadingPanel } from '../ui/states';
import { PrintSheet, PrintSheetPage, printPage as print } from './print-sheet';
import { OrderNotFound } from './order-detail-screen';
import { ORDERS_LIST_PATH, orderPath } from './order-rules';
import { useAdminOrder } from './use-admin-order';

const INVOICE_ROOT_ID = 'admin-invoice';

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
    <PrintSheetPage
      rootId={INVOICE_ROOT_ID}
      title={`${notFound ? t('admin-orders.invoice.not_found') : title} | ${t('admin.meta.title')}`}
      toolbarLabel={t('admin-orders.invoice.toolbar')}
      back={{ to: backTo, label: id !== null && !notFound ? t('admin-orders.invoice.back') : t('admin-orders.detail.back') }}
      actions={
        order.data ? (
          <>
            <Button onClick={print}>
              <PrinterIcon className="size-5" />
              {t('admin-orders.invoice.print')}
            </Button>
            <Button variant="secondary" onClick={print}>
              {t('admin-orders.invoice.download_pdf')}
            </Button>
          </>
        ) : null
      }
    >
      {notFound ? (
        <OrderNotFound title={t('admin-orders.invoice.not_found')} back={null} />
      ) : order.isPending ? (
        <LoadingPanel label={t('admin-orders.invoice.loading')} />
      ) : order.isError ? (
        <ErrorPanel title={t('admin-orders.invoice.load_error')} error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <>
          <h1 className="sr-only">{title}</h1>
          <PrintSheet>
            <InvoiceDocument order={order.data} />
          </PrintSheet>
          <p className="mt-3 text-center text-sm text-stone-500 print:hidden">{t('admin-orders.invoice.pdf_hint')}</p>
        </>
      )}
    </PrintSheetPage>
  );
}
