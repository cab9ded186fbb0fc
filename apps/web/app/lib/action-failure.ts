import { useCallback } from 'react';
import { useI18n } from '../i18n/i18n';
import { ApiError } from './api';

// What browsers say when fetch cannot reach the server: Chromium, Firefox, Safari.
const unreachable = /failed to fetch|networkerror|load failed|network request failed/i;

/** The request never reached the server (offline, connection dropped): nothing was done there. */
export function notSent(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 'NETWORK_ERROR';
  return error instanceof TypeError && unreachable.test(error.message);
}

export interface FailureTexts {
  /** The action's own failure text ("Failed to add item to cart"). */
  fallback: string;
  /** The one text for an action that could not be sent ("Couldn't send — you're offline…"). */
  notSent: string;
}

/**
 * The server's own message when it answered with one (preferred to a generic text);
 * null without an answer or for an unexpected failure, whose text is never shown.
 */
export function serverMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status > 0 && error.code !== 'INTERNAL' && error.message) return error.message;
  return null;
}

/**
 * What a failed action tells the shopper, the same way everywhere: "could not be sent" when the
 * request never left the browser, else the server's own message, else the action's fallback.
 */
export function actionFailureText(error: unknown, texts: FailureTexts): string {
  if (notSent(error)) return texts.notSent;
  return serverMessage(error) ?? texts.fallback;
}

/** actionFailureText in the page's language: `failureText(error, t('cart.toast.add_failed'))`. */
export function useActionFailureText(): (error: unknown, fallback: string) => string {
  const { t } = useI18n();
  return useCallback(
    (error: unknown, fallback: string) => actionFailureText(error, { fallback, notSent: t('common.offline.not_sent') }),
    [t],
  );
}
