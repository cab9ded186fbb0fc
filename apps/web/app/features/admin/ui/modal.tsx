import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../i18n/i18n';

/**
 * Opens a native <dialog> as a modal while the component is mounted: Escape calls onClose (the
 * latest one), and so, when asked, do a tap on the backdrop and the browser's back or forward.
 * Returns the dialog's ref and the id for its title.
 */
export function useModalDialog(
  onClose: () => void,
  { closeOnBackdrop = false, closeOnHistory = false }: { closeOnBackdrop?: boolean; closeOnHistory?: boolean } = {},
) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    // A tap on the backdrop lands on the <dialog> itself, outside its panel.
    const onClick = (event: MouseEvent) => {
      if (event.target === element) close.current();
    };
    const onHistory = () => close.current();
    element.addEventListener('cancel', onCancel);
    if (closeOnBackdrop) element.addEventListener('click', onClick);
    if (closeOnHistory) window.addEventListener('popstate', onHistory);
    return () => {
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onHistory);
      if (element.open) element.close();
    };
  }, [closeOnBackdrop, closeOnHistory]);

  return { dialog, titleId };
}

/**
 * A modal dialog on the native <dialog> element: focus is kept inside, Escape and the close
 * button call onClose, the page behind is inert. Rendered only while open.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'md',
  fullScreenOnPhone = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Below the `sm` width the dialog takes the whole screen (a long form or table on a phone). */
  fullScreenOnPhone?: boolean;
}) {
  const { t } = useI18n();
  const { dialog, titleId } = useModalDialog(onClose);

  const width = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' }[size];
  const widthFromSm = { sm: 'sm:max-w-md', md: 'sm:max-w-xl', lg: 'sm:max-w-3xl' }[size];
  const frame = fullScreenOnPhone
    ? `m-0 h-dvh max-h-none w-full max-w-none rounded-none open:flex open:flex-col sm:m-auto sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] ${widthFromSm} sm:rounded-2xl`
    : `m-auto w-[calc(100%-2rem)] ${width} rounded-2xl`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className={`${frame} bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50`}
    >
      <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('admin.common.close')}
          className="inline-flex size-11 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 lg:size-10"
        >
          <CloseIcon />
        </button>
      </div>
      <div className={`${fullScreenOnPhone ? 'min-h-0 flex-1 sm:flex-initial' : 'max-h-[70dvh]'} overflow-y-auto px-5 py-4`}>{children}</div>
      {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 px-5 py-4">{footer}</div> : null}
    </dialog>
  );
}

/**
 * The footer of a modal holding a form: Cancel (`onCancel`), then the submit button of the form
 * `formId`; both off while `busy`, the submit marked busy meanwhile.
 */
export function ModalFormFooter({
  formId,
  busy,
  submitLabel,
  onCancel,
}: {
  formId: string;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {t('admin.common.cancel')}
      </Button>
      <Button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
        {submitLabel}
      </Button>
    </>
  );
}
