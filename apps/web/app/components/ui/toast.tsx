import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { TOAST_DURATION_MS } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoCircleIcon } from './icons';
import { takeToastForThisLoad } from './toast-on-next-load';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** A link a toast offers under its message (e.g. "Open the order"). */
export interface ToastLink {
  to: string;
  label: string;
}

export interface ToastApi {
  success: (message: string, link?: ToastLink) => void;
  error: (message: string) => void;
  info: (message: string, link?: ToastLink) => void;
  /** Done, but not all of it (e.g. 'X of Y updated' with some failed). */
  warning: (message: string) => void;
}

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  link?: ToastLink | undefined;
}

/** A toast that offers a link stays longer: time to read it and reach for the link. */
const TOAST_WITH_LINK_MS = 10_000;

/** More than this many at once is noise: the oldest make room for the newest. */
const MAX_VISIBLE_TOASTS = 4;

const ToastContext = createContext<ToastApi | null>(null);

const kindStyles: Record<ToastKind, { box: string; icon: string }> = {
  success: { box: 'border-brand-600', icon: 'text-brand-700' },
  error: { box: 'border-red-600', icon: 'text-red-700' },
  info: { box: 'border-stone-400', icon: 'text-stone-700' },
  warning: { box: 'border-amber-500', icon: 'text-amber-700' },
};

const kindIcons: Record<ToastKind, typeof CheckCircleIcon> = {
  success: CheckCircleIcon,
  error: AlertCircleIcon,
  info: InfoCircleIcon,
  warning: AlertCircleIcon,
};

/** Holds the toasts of the page; render once, inside the I18nProvider. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string, link?: ToastLink) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((list) => [...list, { id, kind, message, link }].slice(-MAX_VISIBLE_TOASTS));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), link ? TOAST_WITH_LINK_MS : TOAST_DURATION_MS),
      );
    },
    [dismiss],
  );

  // A toast the previous page kept for this load (toastOnNextLoad), once the page is interactive.
  useEffect(() => {
    const carried = takeToastForThisLoad();
    if (carried) show(carried.kind, carried.message);
  }, [show]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach((timer) => clearTimeout(timer));
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, link) => show('success', message, link),
      error: (message) => show('error', message),
      info: (message, link) => show('info', message, link),
      warning: (message) => show('warning', message),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastViewport({
  toasts,
  onDismiss,
}: {
  toasts: ToastItem[];
  onDismiss: (id: number) => void;
}) {
  const { t } = useI18n();
  return (
    // Toasts sit top-right in both languages, so this is the one place that uses a
    // physical side (right) instead of a logical one. They sit under the sticky header (its
    // measured --header-h), never over the logo, language switch or account menu; on a phone they
    // take the screen's width, and they stay above a bottom action bar (z-50 over its z-40).
    // The live region is always in the DOM so screen readers announce toasts added to it; its
    // name needs a role that may carry one (ARIA forbids aria-label on a bare div).
    <div
      role="region"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t('common.toast.region')}
      data-testid="toast-viewport"
      className="pointer-events-none fixed top-[calc(var(--header-h,4rem)+0.5rem)] right-[max(0.75rem,env(safe-area-inset-right))] left-[max(0.75rem,env(safe-area-inset-left))] z-50 flex flex-col gap-2 sm:left-auto sm:right-4 sm:w-96"
    >
      {toasts.map((toast) => {
        const Icon = kindIcons[toast.kind];
        return (
          <div
            key={toast.id}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border-s-4 bg-white p-3 shadow-lg ring-1 ring-stone-900/10 ${kindStyles[toast.kind].box}`}
          >
            <Icon className={`mt-0.5 size-5 shrink-0 ${kindStyles[toast.kind].icon}`} />
            <div className="flex flex-1 flex-col items-start gap-1">
              <p className="text-sm text-stone-900">{toast.message}</p>
              {toast.link ? (
                <Link
                  to={toast.link.to}
                  onClick={() => onDismiss(toast.id)}
                  className="-ms-1 inline-flex min-h-11 items-center rounded px-1 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 lg:min-h-8"
                >
                  {toast.link.label}
                </Link>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => onDismiss(toast.id)}
              aria-label={t('common.toast.dismiss')}
              className="-m-2 flex size-11 shrink-0 items-center justify-center rounded text-stone-600 hover:bg-stone-100 hover:text-stone-900 lg:size-8 lg:-m-1"
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** Shows a short message top-right for a few seconds: success, error, warning or information. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
