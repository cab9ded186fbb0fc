import { INSTALL_PROMPT_DISMISS_DAYS } from '@shop/shared';

/** localStorage key of the time (ms since 1970) the shopper last said "Not now". */
export const INSTALL_DISMISSED_KEY = 'install-prompt-dismissed-at';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the page offers: nothing, the browser's install dialog, or iOS's Add to Home Screen steps. */
export type InstallOffer = 'none' | 'install' | 'ios-steps';

/** The stored dismissal time, or null when there is none or it is not a time. */
export function parseDismissedAt(stored: string | null): number | null {
  if (stored === null || !/^\d{1,16}$/.test(stored)) return null;
  return Number(stored);
}

/** "Not now" hides the offer for INSTALL_PROMPT_DISMISS_DAYS. */
export function dismissalActive(dismissedAt: number | null, now: number): boolean {
  if (dismissedAt === null || dismissedAt > now) return false;
  return now - dismissedAt < INSTALL_PROMPT_DISMISS_DAYS * DAY_MS;
}

/**
 * Safari on an iPhone or iPad, the one browser that installs without an install event (through
 * Share, then Add to Home Screen). iPadOS presents itself as a Mac, told apart by its touch
 * screen; Chrome, Firefox, Edge and in-app browsers on iOS name themselves.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const apple = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  if (!apple) return false;
  if (/CriOS|FxiOS|EdgiOS|OPiOS|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent)) {
    return false;
  }
  return /Safari\//.test(userAgent) && /Version\//.test(userAgent);
}

/**
 * Whether to offer installation: when the browser offers it (or it is Safari on
 * iOS) and the shop is not already running as an installed app, unless dismissed lately.
 */
export function installOffer(input: {
  standalone: boolean;
  installEvent: boolean;
  iosSafari: boolean;
  dismissedAt: number | null;
  now: number;
}): InstallOffer {
  if (input.standalone || dismissalActive(input.dismissedAt, input.now)) return 'none';
  if (input.installEvent) return 'install';
  return input.iosSafari ? 'ios-steps' : 'none';
}

/** sessionStorage key of how many storefront pages this visit has shown. */
export const PAGE_VIEWS_KEY = 'install-offer-page-views';

/**
 * Pages where the offer never shows, whatever the shopper did before: the checkout, signing in and
 * the code check, the order's confirmation and tracking, and the payment's result. The shopper is
 * in the middle of something there, and the offer would sit beside what they came to read.
 */
const PAGES_WITHOUT_OFFER: readonly RegExp[] = [
  /^\/checkout\/?$/,
  /^\/verify-code\/?$/,
  /^\/(login|register|forgot-password|reset-password)\/?$/,
  /^\/order-status(\/|$)/,
  /^\/track\/?$/,
  /^\/payment-success\/?$/,
  /^\/payment(\/|$)/,
];

/** Whether a page (its path without the language prefix) may show the offer. */
export function offerAllowedOn(path: string): boolean {
  return !PAGES_WITHOUT_OFFER.some((page) => page.test(path));
}

/**
 * Whether the shopper has engaged with the shop enough to be asked: a second page in this visit,
 * or something in the cart. A first look at one page is not the moment to ask for a home screen.
 */
export function engagedWithShop(input: { pageViews: number; cartHasItems: boolean }): boolean {
  return input.pageViews >= 2 || input.cartHasItems;
}

/** The stored page count, 0 when there is none or it is not a count. */
export function parsePageViews(stored: string | null): number {
  return stored !== null && /^\d{1,9}$/.test(stored) ? Number(stored) : 0;
}
