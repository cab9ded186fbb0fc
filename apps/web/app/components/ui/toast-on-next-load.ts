import { sessionStore, type SessionStore } from '../../lib/session-store';
import type { ToastKind } from './toast';

/**
 * A toast kept for the next page load of this tab, for a step that ends in a full reload (the
 * reload would drop it from the page). Kept in sessionStorage: another tab never shows it, and
 * the first load that finds it uses it up.
 */
export const TOAST_ON_NEXT_LOAD_KEY = 'toastOnNextLoad';

export interface CarriedToast {
  kind: ToastKind;
  message: string;
}

const KINDS: readonly ToastKind[] = ['success', 'error', 'info', 'warning'];

function isToastKind(value: unknown): value is ToastKind {
  return KINDS.some((kind) => kind === value);
}

/** Keeps a toast for the next page load of this tab. */
export function toastOnNextLoad(
  toast: CarriedToast,
  storage: SessionStore | undefined = sessionStore(),
): void {
  try {
    storage?.setItem(TOAST_ON_NEXT_LOAD_KEY, JSON.stringify(toast));
  } catch {
    // Storage full or refused: a message is a nicety, never a reason to fail the step.
  }
}

/**
 * The toast the previous page kept for this load, or undefined when it kept none (or what is
 * there is not a toast). Taken once: the entry is removed whatever it held.
 */
export function takeToastForThisLoad(
  storage: SessionStore | undefined = sessionStore(),
): CarriedToast | undefined {
  if (!storage) return undefined;
  try {
    const saved = storage.getItem(TOAST_ON_NEXT_LOAD_KEY);
    if (saved === null) return undefined;
    storage.removeItem(TOAST_ON_NEXT_LOAD_KEY);
    const toast: unknown = JSON.parse(saved);
    if (typeof toast !== 'object' || toast === null) return undefined;
    const kind: unknown = 'kind' in toast ? toast.kind : undefined;
    const message: unknown = 'message' in toast ? toast.message : undefined;
    if (!isToastKind(kind) || typeof message !== 'string' || message === '') return undefined;
    return { kind, message };
  } catch {
    return undefined;
  }
}
