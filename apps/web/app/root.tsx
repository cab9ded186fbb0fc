import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import {
  directionOf,
  DEFAULT_LANGUAGE,
  languageOfPath,
  pathInLanguage,
  type Language,
  type ProfileResponse,
  type SettingsResponse,
  type StorefrontLayout,
  type StorefrontLayoutResponse,
  type User,
} from '@shop/shared';
import { loaderMessagesFor, SHELL_NAMESPACES } from './i18n/catalogues.server';
import { I18nProvider, useI18n } from './i18n/i18n';
import { PageCatalogues } from './i18n/page-catalogues';
import { usePageMessages } from './i18n/page-messages';
import commonAr from './i18n/messages/common.ar.json';
import commonEn from './i18n/messages/common.en.json';
import { AuthProvider, useAuth } from './features/account/auth';
import { MemberHintScript } from './features/account/member-hint';
import { fetchCartCount, useCartCount } from './features/cart/cart-api';
import { AppManifestLinks } from './features/pwa/app-links';
import { WishlistIdsProvider } from './features/wishlist/wishlist-ids';
import { InstallPrompt } from './features/pwa/install-prompt';
import { apiFrom } from './lib/api';
import { storeName } from './lib/localized';
import { languageAddressRedirect, languageFromRequest } from './lib/language.server';
import { onFirstUse } from './lib/on-first-use';
import { pageAnswerLanguage } from './lib/page-answer';
import { pageFontUrls } from './lib/fonts';
import { StylesheetPreload } from './lib/stylesheet-preload';
import { useNonce } from './lib/nonce';
import type { RootData } from './components/layout/root-data';
import { SiteFooter } from './components/layout/site-footer';
import { SiteHeader } from './components/layout/site-header';
import { NavigationProgress } from './components/layout/navigation-progress';
import { OfflineBanner } from './components/layout/offline-banner';
import { ToastProvider } from './components/ui/toast';
import type { Route } from './+types/root';
import './app.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const moved = languageAddressRedirect(request, context.documentRequest);
  if (moved) throw moved;
  const lang = languageFromRequest(request);
  const api = apiFrom(context);
  const [{ settings }, { layout }, cartCount, user] = await Promise.all([
    api.get<SettingsResponse>('/settings'),
    // The footer's links (docs/decisions/058).
    api.get<StorefrontLayoutResponse>('/storefront-layout'),
    // A page for everyone (the page cache, decision 065) holds no cart and no shopper: the browser
    // asks for its own count and profile.
    // A cart that cannot be counted must not take the whole page down: the badge is left out.
    // Without a session or cart cookie (context.visitor) the cart is empty and the visitor a guest.
    context.sharedPage
      ? undefined
      : context.visitor.session || context.visitor.cart
        ? fetchCartCount(api).catch(() => undefined)
        : 0,
    // The user of the session cookie (decision 006); guests and dead sessions render as guests.
    // A page for everyone is rendered without cookies (context.visitor says none).
    context.visitor.session
      ? api
          .get<ProfileResponse>('/auth/profile')
          .then((profile) => profile.user)
          .catch(() => null)
      : null,
  ]);
  const root: ShellData = {
    lang,
    // Only the shell's messages; each route's loader adds its screen's (decision 022).
    messages: loaderMessagesFor(lang, SHELL_NAMESPACES, context.documentRequest),
    settings,
    layout,
    publicUrl: context.publicUrl,
    year: currentYearInKuwait(),
    cartCount,
    renderedForEveryone: context.sharedPage,
    user,
  };
  return data(root);
}

// Made on the server's first page, never in the browser (the loader runs on the server).
const kuwaitYear = onFirstUse(
  () => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Kuwait' }),
);

// Formatting a date costs more than the rest of the root loader: the year is asked once a minute.
let knownYear: { year: number; until: number } | undefined;

function currentYearInKuwait(now = Date.now()): number {
  if (knownYear && now < knownYear.until) return knownYear.year;
  knownYear = { year: Number(kuwaitYear().format(now)), until: now + 60_000 };
  return knownYear.year;
}

// The shell (language, catalogue, settings) changes only with the language (the address's), after
// a form post, or when a screen asks for fresh data in place (useRevalidator after the back office
// saved settings).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (formMethod !== undefined && formMethod !== 'GET') return defaultShouldRevalidate;
  if (languageOfPath(currentUrl.pathname) !== languageOfPath(nextUrl.pathname)) return true;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
};

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const error = useRouteError();
  const nonce = useNonce();
  // A page answered without its root loader (the database down) says whose language it is in.
  const lang = root?.lang ?? pageAnswerLanguage(error) ?? DEFAULT_LANGUAGE;
  return (
    // The head's script marks <html> before the first paint when a session is held (member-hint).
    <html lang={lang} dir={directionOf(lang)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <MemberHintScript nonce={nonce} />
        <AppManifestLinks lang={lang} />
        {/* The text face of the page's language, fetched with the CSS instead of after it (decision 022). */}
        {pageFontUrls(lang).map((href) => (
          <link
            key={href}
            rel="preload"
            href={href}
            as="font"
            type="font/woff2"
            crossOrigin="anonymous"
          />
        ))}
        <StylesheetPreload />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <PageCatalogues />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The root loader's data: the shared RootData and the cart's item count for the header. */
type ShellData = RootData & {
  /** The footer's links, the home page's sections and the hero's texts, in the page's language. */
  layout: StorefrontLayout;
  cartCount: number | undefined;
  /** The page was rendered for everyone: the browser fetches this visitor's cart count and profile. */
  renderedForEveryone: boolean;
  user: User | null;
};

/**
 * Client-side data policy: no retries, no refetch on window focus. Requests
 * are sent even when the browser says it is offline (networkMode 'always'): TanStack's default
 * would pause them silently and send them later; this way they fail at once and the screen says
 * the action could not be sent.
 */
function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * The API answers in the page's language (names, statuses, messages). After a switch of language
 * without a page load (the back office keeps its address; the storefront's switch navigates in
 * the app), every answer kept in the other language is fetched again, those on screen at once.
 */
function useRefetchInNewLanguage(queryClient: QueryClient, lang: Language) {
  const shown = useRef(lang);
  useEffect(() => {
    if (shown.current === lang) return;
    shown.current = lang;
    void queryClient.invalidateQueries();
  }, [queryClient, lang]);
}

/** Back-office pages (their layout's `handle.backoffice`) bring their own chrome. */
function useBackoffice(): boolean {
  return useMatches().some(
    (match) => (match.handle as { backoffice?: boolean } | undefined)?.backoffice === true,
  );
}

/** Header, main landmark and footer around every page, with the toasts and a skip link. */
function Shell({ root, children }: { root: ShellData; children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useRefetchInNewLanguage(queryClient, root.lang);
  const backoffice = useBackoffice();
  const messages = usePageMessages();
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider lang={root.lang} messages={messages}>
        <ToastProvider>
          <AuthProvider initialUser={root.user} renderedForEveryone={root.renderedForEveryone}>
            <SkipLink />
            <NavigationProgress />
            {backoffice ? children : <Storefront root={root}>{children}</Storefront>}
          </AuthProvider>
        </ToastProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/** The storefront's chrome; the install offer sits in the flow after the page's content. */
function Storefront({ root, children }: { root: ShellData; children: React.ReactNode }) {
  const cartCount = useCartCount(root.cartCount, root.renderedForEveryone);
  const { user } = useAuth();
  return (
    <WishlistIdsProvider>
      <SiteHeader
        settings={root.settings}
        user={user}
        cartCount={cartCount}
        notice={<OfflineBanner />}
      />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <InstallPrompt
        storeName={storeName(root.lang, root.settings)}
        cartHasItems={(cartCount ?? 0) > 0}
      />
      <SiteFooter settings={root.settings} links={root.layout.footer_links} year={root.year} />
    </WishlistIdsProvider>
  );
}

function SkipLink() {
  const { t } = useI18n();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-lg focus:bg-brand-800 focus:px-4 focus:py-2 focus:font-semibold focus:text-white"
    >
      {t('common.skip_to_content')}
    </a>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Shell root={loaderData}>
      <Outlet />
    </Shell>
  );
}

/** Shown when a page fails: a friendly bilingual message, never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const lang = root?.lang ?? pageAnswerLanguage(error) ?? DEFAULT_LANGUAGE;
  const text = lang === 'ar' ? commonAr : commonEn;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, body] =
    status === 404
      ? [text['not_found.title'], text['not_found.text']]
      : status === 429
        ? [text['rate_limited.title'], text['rate_limited.text']]
        : status === 400
          ? [text['bad_request.title'], text['bad_request.text']]
          : status === 503
            ? [text['unavailable.title'], text['unavailable.text']]
            : [text['error.title'], text['error.text']];
  const message = (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <title>{title}</title>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-stone-600">{body}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <a
          href={pathInLanguage('/', lang)}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {text['not_found.go_home']}
        </a>
        <a
          href={pathInLanguage('/products', lang)}
          className="rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {text['not_found.browse']}
        </a>
      </div>
    </div>
  );
  // A page below the root failed: keep the header and footer. The root itself failed: bare message.
  if (root) return <Shell root={root}>{message}</Shell>;
  return (
    <main id="main" className="flex-1">
      {message}
    </main>
  );
}
