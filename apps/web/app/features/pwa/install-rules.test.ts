import { describe, expect, it } from 'vitest';
import { INSTALL_PROMPT_DISMISS_DAYS } from '@shop/shared';
import { dismissalActive, engagedWithShop, installOffer, isIosSafari, offerAllowedOn, parseDismissedAt, parsePageViews } from './install-rules';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 26, 12, 0, 0);

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const IPHONE_INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 357.0.0.25.101';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('the 7-day dismissal', () => {
  it('is 7 days', () => {
    expect(INSTALL_PROMPT_DISMISS_DAYS).toBe(7);
  });

  it('hides the offer 6 days after "Not now" and shows it again after 8', () => {
    expect(dismissalActive(now - 6 * DAY, now)).toBe(true);
    expect(dismissalActive(now - 7 * DAY + 1, now)).toBe(true);
    expect(dismissalActive(now - 7 * DAY, now)).toBe(false);
    expect(dismissalActive(now - 8 * DAY, now)).toBe(false);
  });

  it('ignores no dismissal and one in the future (a clock set back)', () => {
    expect(dismissalActive(null, now)).toBe(false);
    expect(dismissalActive(now + DAY, now)).toBe(false);
  });

  it('reads only a stored time', () => {
    expect(parseDismissedAt(String(now))).toBe(now);
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt('yesterday')).toBeNull();
    expect(parseDismissedAt('-5')).toBeNull();
    expect(parseDismissedAt('')).toBeNull();
  });
});

describe('iOS Safari', () => {
  it('is recognised on an iPhone and on an iPad that presents itself as a Mac', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPAD_AS_MAC, 5)).toBe(true);
  });

  it('is not a Mac without touch, another browser on iOS, an in-app browser or Android', () => {
    expect(isIosSafari(IPAD_AS_MAC, 0)).toBe(false);
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(IPHONE_INSTAGRAM, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});

describe('what the page offers', () => {
  const base = { standalone: false, installEvent: false, iosSafari: false, dismissedAt: null, now };

  it('offers the install dialog when the browser sent its install event', () => {
    expect(installOffer({ ...base, installEvent: true })).toBe('install');
  });

  it('offers the Add to Home Screen steps on iOS Safari, which has no install event', () => {
    expect(installOffer({ ...base, iosSafari: true })).toBe('ios-steps');
  });

  it('offers nothing when the browser cannot install', () => {
    expect(installOffer(base)).toBe('none');
  });

  it('offers nothing inside the installed app', () => {
    expect(installOffer({ ...base, standalone: true, installEvent: true })).toBe('none');
    expect(installOffer({ ...base, standalone: true, iosSafari: true })).toBe('none');
  });

  it('offers nothing for 7 days after "Not now", then again', () => {
    expect(installOffer({ ...base, installEvent: true, dismissedAt: now - 6 * DAY })).toBe('none');
    expect(installOffer({ ...base, iosSafari: true, dismissedAt: now - 6 * DAY })).toBe('none');
    expect(installOffer({ ...base, installEvent: true, dismissedAt: now - 8 * DAY })).toBe('install');
    expect(installOffer({ ...base, iosSafari: true, dismissedAt: now - 8 * DAY })).toBe('ios-steps');
  });
});

describe('where and when the offer may show', () => {
  it('never on the checkout, code verification, confirmation, tracking or payment result pages', () => {
    for (const path of ['/checkout', '/verify-code', '/login', '/order-status/SB-7Q2M4K9XTA', '/track', '/payment-success', '/payment/success/SB-1', '/payment/cancel']) {
      expect(offerAllowedOn(path), path).toBe(false);
    }
    for (const path of ['/', '/products', '/products/12', '/category/amber', '/cart', '/privacy', '/payments-info']) {
      expect(offerAllowedOn(path), path).toBe(true);
    }
  });

  it('asks only a shopper who saw a second page or has something in the cart', () => {
    expect(engagedWithShop({ pageViews: 1, cartHasItems: false })).toBe(false);
    expect(engagedWithShop({ pageViews: 2, cartHasItems: false })).toBe(true);
    expect(engagedWithShop({ pageViews: 1, cartHasItems: true })).toBe(true);
  });

  it('reads a stored page count, 0 for anything else', () => {
    expect(parsePageViews('3')).toBe(3);
    expect(parsePageViews(null)).toBe(0);
    expect(parsePageViews('x')).toBe(0);
  });
});
