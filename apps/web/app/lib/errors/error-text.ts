import { useCallback } from 'react';
import { useI18n } from '../../i18n/i18n';
import { ApiError } from '../api';

/**
 * How every screen of the shop, storefront and back office, turns a failed request into the text it
 * shows. Shoppers and staff differ in one thing only: staff also read the server's text for an
 * unexpected failure (a 500), which a shopper never sees; the shopper's screens also say when a
 * request could not be sent at all.
 */

/** Who reads the text: a shopper (storefront) or shop staff (back office). */
export type Audience = 'shopper' | 'staff';

// What browsers say when fetch cannot reach the server: Chromium, Firefox, Safari.
const unreachable = /failed to fetch|networkerror|load failed|network request failed/i;

/** The request never reached the server (offline, connection dropped): nothing was done there. */
export function notSent(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 'NETWORK_ERROR';
  return error instanceof TypeError && unreachable.test(error.message);
}

/**
 * The server's own message, in the language of the request, when it answered with one; null
 * without an answer, with an empty message, or for a shopper when the failure was unexpected
 * (code INTERNAL), whose text only staff see.
 */
export function serverMessage(error: unknown, audience: Audience = 'shopper'): string | null {
  if (!(error instanceof ApiError) || error.code === 'NETWORK_ERROR' || error.status <= 0 || !error.message) return null;
  if (error.code === 'INTERNAL' && audience === 'shopper') return null;
  return error.message;
}

export interface ErrorTexts {
  /** The text when the server gave no message of its own ("Failed to add item to cart"). */
  fallback: string;
  /** The text for a request that could not be sent ("Couldn't send — you're offline…"); else the fallback. */
  notSent?: string;
  audience?: Audience;
}

/**
 * The one rule for a failure's text: "could not be sent" when the request never left the browser
 * (and the screen says so), else the server's own message, else the fallback.
 */
export function errorText(error: unknown, texts: ErrorTexts): string {
  if (texts.notSent !== undefined && notSent(error)) return texts.notSent;
  return serverMessage(error, texts.audience) ?? texts.fallback;
}

/** A back-office toast: what failed, then the server's reason when it gave one ("Delete failed: …"). */
export function failureText(failed: string, error: unknown): string {
  const reason = serverMessage(error, 'staff');
  return reason ? `${failed}: ${reason}` : failed;
}

/** errorText for a shopper, in the page's language: `text(error, t('cart.toast.add_failed'))`. */
export function useErrorText(): (error: unknown, fallback: string) => string {
  const { t } = useI18n();
  return useCallback(
    (error: unknown, fallback: string) => errorText(error, { fallback, notSent: t('common.offline.not_sent') }),
    [t],
  );
}
