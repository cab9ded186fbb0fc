import { displayAddress, useRootData } from '../components/layout/root-data';
import { contentPageMeta } from '../features/content/page-meta';
import { privacySections } from '../features/content/policies';
import { PolicyContact, PolicyPage } from '../features/content/policy-page';
import { useI18n } from '../i18n/i18n';
import { storeName } from '../lib/localized';
import type { Route } from './+types/privacy';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request }: Route.LoaderArgs) {
  return { messages: routeMessages(request, ['pages']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return contentPageMeta(matches, {
    path: '/privacy',
    title: 'pages.privacy.title',
    description: 'pages.privacy.meta_description',
  });
}

export default function Privacy() {
  const { t, lang } = useI18n();
  const { settings } = useRootData();
  return (
    <PolicyPage
      title="pages.privacy.title"
      intro="pages.privacy.intro"
      sections={privacySections}
      params={{ store: storeName(lang, settings) }}
    >
      <PolicyContact text="pages.privacy.contact.text" email={settings.email} address={displayAddress(settings, t, lang)} />
    </PolicyPage>
  );
}
