import {
  DEFAULT_LANGUAGE,
  IMAGE_CACHE_MAX_AGE_SECONDS,
  IMAGE_CACHE_MAX_ENTRIES,
  IMAGE_CACHE_NAME,
  isPublicPage,
  isStoredImage,
  LANGUAGE_COOKIE,
  offlinePageLanguage,
  offlinePageUrl,
  PAGE_CACHE_HEADER,
  PAGE_CACHE_MAX_AGE_SECONDS,
  PAGE_CACHE_MAX_ENTRIES,
  PAGE_CACHE_NAME,
  PAGE_CACHE_PUBLIC,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  START_PAGES,
} from '@shop/shared';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

/**
 * The shop's service worker (docs/decisions/021), bundled and given its precache list by
 * scripts/build-service-worker.mjs. What it never touches: the API, React Router's data requests
 * and every personal page (packages/shared/src/pwa.ts); requests no route below claims go to the
 * network as if there were no service worker.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// A new version takes over at once; the next page the shopper opens comes from it (decision 021).
self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();

// The storefront's hashed scripts, styles and fonts, and the offline page in both languages.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The shop's `lang` cookie as this worker can read it (the Cookie Store API, where there is one). */
async function languageCookie(): Promise<{ cookie: string | undefined; cookieReadable: boolean }> {
  if (!('cookieStore' in self)) return { cookie: undefined, cookieReadable: false };
  try {
    return { cookie: (await self.cookieStore.get(LANGUAGE_COOKIE))?.value, cookieReadable: true };
  } catch {
    return { cookie: undefined, cookieReadable: false };
  }
}

async function offlinePage(request: Request): Promise<Response | undefined> {
  const lang = offlinePageLanguage({
    pathname: new URL(request.url).pathname,
    ...(await languageCookie()),
    acceptLanguage: self.navigator.languages.join(','),
  });
  return (await matchPrecache(offlinePageUrl(lang))) ?? matchPrecache(offlinePageUrl(DEFAULT_LANGUAGE));
}

/** A page that cannot be reached (and has no kept copy) becomes the offline page. */
const offlineFallback: WorkboxPlugin = {
  handlerDidError: ({ request }) => offlinePage(request),
};

/**
 * Only a page the server marked as rendered for nobody in particular is kept, and only on a path
 * of the public list: a signed-in shopper's page (their name, their cart count) never is.
 */
const onlyPublicPages: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) =>
    response.status === 200 &&
    response.headers.get(PAGE_CACHE_HEADER) === PAGE_CACHE_PUBLIC &&
    isPublicPage(new URL(request.url).pathname)
      ? response
      : null,
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Public pages: the network first (fresh prices and stock), a kept copy when it fails or is slow.
const publicPages = new NetworkFirst({
  cacheName: PAGE_CACHE_NAME,
  networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
  // A kept page answers its address whatever the request's headers: the server's Vary (Cookie,
  // Accept-Language) is for shared caches, and a start page kept at install was asked without them.
  matchOptions: { ignoreVary: true },
  plugins: [
    onlyPublicPages,
    new ExpirationPlugin({
      maxEntries: PAGE_CACHE_MAX_ENTRIES,
      maxAgeSeconds: PAGE_CACHE_MAX_AGE_SECONDS,
      purgeOnQuotaError: true,
    }),
    offlineFallback,
  ],
});
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isPublicPage(url.pathname),
  publicPages,
);

// The start pages are kept as the worker installs, through the same strategy and rules as any
// public page, so the installed app opened offline right after the first visit shows the shop. They
// are asked without cookies: the page as anyone sees it, which the server marks public, never a
// signed-in shopper's. One that cannot be fetched now is kept on its next visit; the worker installs.
self.addEventListener('install', (event) => {
  const kept = START_PAGES.map((path) =>
    publicPages.handleAll({ event, request: new Request(path, { credentials: 'omit' }) })[1].catch(() => undefined),
  );
  event.waitUntil(Promise.all(kept));
});

// Every other page (cart, checkout, account, orders, sign-in, back office): the network only.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly({ plugins: [offlineFallback] }));

// Stored pictures never change under their name: the kept copy first, within a bound.
registerRoute(
  ({ request, url }) => request.destination === 'image' && sameOrigin(url) && isStoredImage(url.pathname),
  new CacheFirst({
    cacheName: IMAGE_CACHE_NAME,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: IMAGE_CACHE_MAX_ENTRIES,
        maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);
