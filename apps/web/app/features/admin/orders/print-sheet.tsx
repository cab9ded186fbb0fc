import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';

/**
 * The back office's printed order papers (the invoice, packing slips): A4 with nothing of the
 * screen around them: no toolbar, no toasts, no background; each sheet starts a new page. The
 * admin chrome is not on these pages at all (their routes ask the layout for none).
 */
export function printSheetCss(rootId: string): string {
  return `@page { size: A4; margin: 12mm 14mm; }
@media print {
  html, body { background: #fff !important; }
  body > [aria-live] { display: none !important; }
  #${rootId} { max-width: none; margin: 0; padding: 0; }
  #${rootId} article { padding: 0; border: 0; box-shadow: none; }
  #${rootId} tr { break-inside: avoid; }
  #${rootId} [data-sheet] + [data-sheet] { break-before: page; }
}`;
}

export function printPage() {
  window.print();
}

/**
 * A printed paper's page: its print rules, the toolbar (a way back and the print buttons, hidden on
 * paper) and the sheets.
 */
export function PrintSheetPage({
  rootId,
  title,
  toolbarLabel,
  back,
  actions,
  children,
}: {
  rootId: string;
  /** The tab's title. */
  title: string;
  toolbarLabel: string;
  back: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div id={rootId} className="mx-auto w-full max-w-4xl px-3 py-4 sm:px-6">
      <style>{printSheetCss(rootId)}</style>
      <title>{title}</title>
      <div role="toolbar" aria-label={toolbarLabel} className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <ButtonLink variant="ghost" to={back.to}>
          {back.label}
        </ButtonLink>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** One printed paper: a card on screen, the bare page on paper; sheets after the first start a new page. */
export function PrintSheet({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div
      data-sheet
      aria-label={label}
      role={label ? 'region' : undefined}
      className="mb-6 rounded-2xl border border-stone-200 bg-white shadow-sm print:mb-0 print:rounded-none print:border-0 print:shadow-none"
    >
      {children}
    </div>
  );
}
