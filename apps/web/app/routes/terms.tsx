import { displayAddress, useRootData } from '../components/layout/root-data';
import { contentPageMeta, loadContentPage } from '../features/content/page-meta';
import { PolicyContact } from '../features/content/policy-contact';
import { PolicyPage } from '../features/content/policy-page';
import { useI18n } from '../i18n/i18n';
import { apiFrom } from '../lib/api';
import { storeName } from '../lib/localized';
import type { Route } from './+types/terms';
import { routeMessages } from '../i18n/route-messages.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await loadContentPage(apiFrom(context), 'terms'), messages: routeMessages({ request, context }, ['pages']) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return contentPageMeta(matches, loaderData?.page, '/terms');
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  const { settings } = useRootData();
  return (
    <PolicyPage page={loaderData.page} store={storeName(lang, settings)}>
      <PolicyContact text="pages.terms.contact.text" email={settings.email} address={displayAddress(settings, t, lang)} />
    </PolicyPage>
  );
}
