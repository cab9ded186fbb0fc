import { DEFAULT_STORE_NAME, isLanguage, type SettingsResponse } from '@shop/shared';
import { renderOfflinePage } from '../features/pwa/offline-page.server';
import { apiFrom } from '../lib/api';
import { languageFromRequest } from '../lib/language.server';
import { storeName } from '../lib/localized';
import type { Route } from './+types/offline';

/**
 * The page the service worker shows when a page cannot be reached (docs/decisions/021). It is
 * precached once per language (?lang=ar, ?lang=en), so it names nobody and carries no cart.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get('lang');
  const lang = isLanguage(requested) ? requested : languageFromRequest(request);
  const settings = await apiFrom(context)
    .get<SettingsResponse>('/settings')
    .then((reply) => reply.settings)
    .catch(() => null);
  const html = renderOfflinePage({
    lang,
    storeName: settings ? storeName(lang, settings) : DEFAULT_STORE_NAME,
    nonce: context.cspNonce,
  });
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'x-robots-tag': 'noindex',
    },
  });
}
