import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../components/ui/button';
import { CloseIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import type { PlacedOrder } from './order-api';
import { PrinterIcon } from './order-icons';
import { InvoiceDocument } from './invoice-document';

const PRINT_ROOT_ID = 'invoice-print-root';

// While the preview is open, printing shows only the invoice: everything else in <body> is hidden.
const printCss = `@media print {
  body > *:not(#${PRINT_ROOT_ID}) { display: none !important; }
  #${PRINT_ROOT_ID} dialog { position: static; inset: auto; margin: 0; max-width: none; max-height: none; width: 100%; overflow: visible; box-shadow: none; border: 0; }
  #${PRINT_ROOT_ID} dialog::backdrop { display: none; }
}`;

/** The invoice preview in a modal dialog, with a Print action. */
export function InvoicePreview({ order, onClose }: { order: PlacedOrder; onClose: () => void }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  function print() {
    try {
      window.print();
    } catch {
      window.alert(t('orders.invoice.popup_blocked'));
    }
  }

  return createPortal(
    <div id={PRINT_ROOT_ID}>
      <style>{printCss}</style>
      <dialog
        ref={dialog}
        aria-labelledby="invoice-title"
        onClose={onClose}
        className="m-auto w-[min(48rem,calc(100vw-1.5rem))] max-h-[calc(100dvh-1.5rem)] overflow-auto rounded-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-900/50"
      >
        <div className="sticky top-0 flex items-center justify-between gap-2 border-b border-stone-200 bg-white px-4 py-3 print:hidden">
          <p className="font-semibold">{t('orders.invoice.preview')}</p>
          <div className="flex gap-2">
            <Button onClick={print}>
              <PrinterIcon className="size-5" />
              {t('orders.invoice.print')}
            </Button>
            <Button variant="ghost" onClick={() => dialog.current?.close()} aria-label={t('orders.invoice.close')}>
              <CloseIcon className="size-5" />
            </Button>
          </div>
        </div>

        <InvoiceDocument order={order} />
      </dialog>
    </div>,
    document.body,
  );
}
