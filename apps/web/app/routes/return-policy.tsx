import { RETURN_WINDOW_DAYS } from '@shop/shared';
import { useRootData } from '../components/layout/root-data';
import { contentPageMeta } from '../features/content/page-meta';
import { returnSections } from '../features/content/policies';
import { PolicyPage } from '../features/content/policy-page';
import { ReturnHighlights, ReturnRequest } from '../features/content/return-policy';
import { storeName } from '../lib/localized';
import type { Route } from './+types/return-policy';
import { routeMessages } from '../i18n/route-messages.server';

export function loader({ request }: Route.LoaderArgs) {
  return { messages: routeMessages(request, ['pages']) };
}

export function meta({ matches }: Route.MetaArgs) {
  return contentPageMeta(matches, {
    path: '/return-policy',
    title: 'pages.returns.title',
    description: 'pages.returns.meta_description',
    params: { count: RETURN_WINDOW_DAYS },
  });
}

export default function ReturnPolicy() {
  const { settings, lang } = useRootData();
  return (
    <PolicyPage
      title="pages.returns.title"
      intro="pages.returns.intro"
      sections={returnSections}
      params={{ store: storeName(lang, settings), count: RETURN_WINDOW_DAYS }}
      lead={<ReturnHighlights />}
    >
      <ReturnRequest settings={settings} />
    </PolicyPage>
  );
}
