import { displayAddress, useRootData } from '../components/layout/root-data';
import { contentPageMeta } from '../features/content/page-meta';
import { termsSections } from '../features/content/policies';
import { PolicyContact, PolicyPage } from '../features/content/policy-page';
import { useI18n } from '../i18n/i18n';
import { storeName } from '../lib/localized';
import type { Route } from './+types/terms';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request }: Route.LoaderArgs) {
  return { messages: routeMessages(request, ['pages']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return contentPageMeta(matches, {
    path: '/terms',
    title: 'pages.terms.title',
    description: 'pages.terms.meta_description',
  });
}

export default function Terms() {
  const { t, lang } = useI18n();
  const { settings } = useRootData();
  return (
    <PolicyPage
      title="pages.terms.title"
      intro="pages.terms.intro"
      sections={termsSections}
      params={{ store: storeName(lang, settings) }}
    >
      <PolicyContact text="pages.terms.contact.text" email={settings.email} address={displayAddress(settings, t, lang)} />
    </PolicyPage>
  );
}
