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

type ToastStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const KINDS: readonly ToastKind[] = ['success', 'error', 'info', 'warning'];

function sessionStore(): ToastStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage disabled (some private modes): the step still works, without its message.
    return undefined;
  }
}

/** Keeps a toast for the next page load of this tab. */
export function toastOnNextLoad(
  toast: CarriedToast,
  storage: ToastStorage | undefined = sessionStore(),
): void {
  try {
    storage?.setItem(TOAST_ON_NEXT_LOAD_KEY, JSON.stringify(toast));
  } catch {
    // Storage full or refused: a message is a nicety, never a reason to fail the step.
  }
}

/** The toast kept for this load, if any; it is used up either way. */
export function takeToastForThisLoad(
  storage: ToastStorage | undefined = sessionStore(),
): CarriedToast | undefined {
  try {
    const saved = storage?.getItem(TOAST_ON_NEXT_LOAD_KEY);
    if (saved === null || saved === undefined) return undefined;
    storage!.removeItem(TOAST_ON_NEXT_LOAD_KEY);
    const toast: unknown = JSON.parse(saved);
    if (typeof toast !== 'object' || toast === null) return undefined;
    const { kind, message } = toast as Record<string, unknown>;
    if (!KINDS.includes(kind as ToastKind) || typeof message !== 'string' || message === '')
      return undefined;
    return { kind: kind as ToastKind, message };
  } catch {
    return undefined;
  }
}
