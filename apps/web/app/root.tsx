import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import { directionOf, DEFAULT_LANGUAGE, type SettingsResponse } from '@shop/shared';
import { messagesFor } from './i18n/catalogues.server';
import { I18nProvider } from './i18n/i18n';
import commonAr from './i18n/messages/common.ar.json';
import commonEn from './i18n/messages/common.en.json';
import { apiFrom } from './lib/api';
import { languageFromRequest } from './lib/language.server';
import { useNonce } from './lib/nonce';
import type { Route } from './+types/root';
import './app.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = languageFromRequest(request);
  const { settings } = await apiFrom(context).get<SettingsResponse>('/settings');
  return data({ lang, messages: messagesFor(lang), settings, publicUrl: context.publicUrl });
}

// The shell (language, catalogue, settings) changes only with the language or after a form post.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const lang = root?.lang ?? DEFAULT_LANGUAGE;
  return (
    <html lang={lang} dir={directionOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#115a41" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <I18nProvider lang={loaderData.lang} messages={loaderData.messages}>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </I18nProvider>
  );
}

/** Shown when a page fails: a friendly bilingual message, never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const lang = root?.lang ?? DEFAULT_LANGUAGE;
  const text = lang === 'ar' ? commonAr : commonEn;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-1 flex-col items-center gap-4 px-4 py-24 text-center">
      <title>{notFound ? text['not_found.title'] : text['error.title']}</title>
      <h1 className="text-2xl font-semibold">{notFound ? text['not_found.title'] : text['error.title']}</h1>
      <p className="text-stone-600">{notFound ? text['not_found.text'] : text['error.text']}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/" className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
          {text['not_found.go_home']}
        </a>
        <a href="/products" className="rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-700">
          {text['not_found.browse']}
        </a>
      </div>
    </main>
  );
}
