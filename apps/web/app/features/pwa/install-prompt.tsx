import { pathWithoutLanguage } from '@shop/shared';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { BeadsIcon, StrokeIcon, type IconProps } from '../../components/ui/icons';
import { useI18n } from '../../i18n/i18n';
import { hasInteracted, subscribeFirstInteraction } from './first-interaction';
import { acceptInstallOffer, currentInstallOffer, subscribeInstallOffer } from './install-event';
import {
  engagedWithShop,
  INSTALL_DISMISSED_KEY,
  installOffer,
  isIosSafari,
  offerAllowedOn,
  PAGE_VIEWS_KEY,
  parseDismissedAt,
  parsePageViews,
  type InstallOffer,
} from './install-rules';
import { registerServiceWorker } from './register-service-worker';
import { useAfterHydration } from '../../lib/after-hydration';

/** Whether the shop already runs as the installed app (iOS says so through navigator.standalone). */
function runningStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

function storedDismissal(): number | null {
  try {
    return parseDismissedAt(localStorage.getItem(INSTALL_DISMISSED_KEY));
  } catch {
    // Storage refused (private mode, a blocked site): nothing was dismissed.
    return null;
  }
}

function rememberDismissal(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
  } catch {
    // Without storage the offer comes back on the next page; nothing else to do.
  }
}

let pageViews = 0;
const pageViewListeners = new Set<() => void>();

/** Counts a storefront page shown in this visit (kept for the tab's life). */
function recordPageView(): void {
  try {
    pageViews = parsePageViews(sessionStorage.getItem(PAGE_VIEWS_KEY)) + 1;
    sessionStorage.setItem(PAGE_VIEWS_KEY, String(pageViews));
  } catch {
    // Storage refused: each page is the first, and only a cart with items counts as engaged.
    pageViews = 1;
  }
  for (const listener of pageViewListeners) listener();
}

function subscribePageViews(listener: () => void): () => void {
  pageViewListeners.add(listener);
  return () => pageViewListeners.delete(listener);
}

/** What this browser is offered now (read after hydration: the server cannot know it). */
function offerInThisBrowser(installEvent: boolean): InstallOffer {
  return installOffer({
    standalone: runningStandalone(),
    installEvent,
    iosSafari: isIosSafari(navigator.userAgent, navigator.maxTouchPoints),
    dismissedAt: storedDismissal(),
    now: Date.now(),
  });
}

/** The banner leaves with the control that had focus: focus goes on to the page's content. */
function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** iOS's Share symbol: a box with an arrow leaving it upwards. */
function ShareIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M7 11H6a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-1" />
    </StrokeIcon>
  );
}

/**
 * The install offer: shown when the browser offers installation, or on iOS Safari as Add to Home
 * Screen steps, never inside the installed app, and hidden for 7 days after "Not now". It asks only
 * a shopper who has engaged (a second page in this visit, or something in the cart) and has
 * tapped, typed or scrolled on this page (decision 023), and never on the checkout, code
 * verification, order confirmation, tracking or payment result pages. It sits in the page's flow
 * after the content, above the footer: it covers nothing (not a heading under the header, not the
 * bottom bar), and appearing there moves nothing the shopper is reading (decision 022's layout
 * shift). Also registers the service worker once the page has loaded.
 */
export function InstallPrompt({ storeName, cartHasItems }: { storeName: string; cartHasItems: boolean }) {
  const { t } = useI18n();
  const titleId = useId();
  const location = useLocation();
  const installEvent = useSyncExternalStore(subscribeInstallOffer, currentInstallOffer, () => null);
  // The server cannot know the browser: nothing is offered before hydration.
  const inBrowser = useAfterHydration();
  // Offered once the shopper has started using the page, never while it is still loading.
  const engaged = useSyncExternalStore(subscribeFirstInteraction, hasInteracted, () => false);
  const [answered, setAnswered] = useState(false);
  const views = useSyncExternalStore(subscribePageViews, () => pageViews, () => 0);

  useEffect(recordPageView, [location.key]);
  useEffect(registerServiceWorker, []);

  if (!inBrowser || !engaged || answered) return null;
  if (!offerAllowedOn(pathWithoutLanguage(location.pathname))) return null;
  if (!engagedWithShop({ pageViews: views, cartHasItems })) return null;
  const offer = offerInThisBrowser(installEvent !== null);
  if (offer === 'none') return null;

  const dismiss = () => {
    rememberDismissal();
    setAnswered(true);
    focusMain();
  };
  const install = async () => {
    setAnswered(true);
    focusMain();
    // Declining the browser's own dialog counts as "Not now".
    if ((await acceptInstallOffer()) === 'dismissed') rememberDismissal();
  };

  return (
    <section
      aria-labelledby={titleId}
      data-install-prompt
      className="border-y border-brand-100 bg-brand-50"
    >
      <Container className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
        <BeadsIcon className="size-8 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1 basis-56">
          <h2 id={titleId} className="font-semibold text-brand-900">
            {t(offer === 'install' ? 'pwa.install.title' : 'pwa.install.ios_title', { store: storeName })}
          </h2>
          {offer === 'install' ? (
            <p className="text-sm text-stone-700">{t('pwa.install.text')}</p>
          ) : (
            <p className="text-sm text-stone-700">
              {t('pwa.install.ios_step_share')}{' '}
              <ShareIcon className="inline size-5 align-text-bottom text-brand-700" />{' '}
              {t('pwa.install.ios_step_add')}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          {offer === 'install' && (
            <Button className="min-h-11 lg:min-h-11" onClick={() => void install()}>
              {t('pwa.install.action')}
            </Button>
          )}
          <Button variant={offer === 'install' ? 'ghost' : 'secondary'} className="min-h-11 lg:min-h-11" onClick={dismiss}>
            {t('pwa.install.later')}
          </Button>
        </div>
      </Container>
    </section>
  );
}
