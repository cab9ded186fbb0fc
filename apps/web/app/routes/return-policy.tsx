import { useRootData } from '../components/layout/root-data';
import { contentPageMeta, loadContentPage } from '../features/content/page-meta';
import { PolicyPage } from '../features/content/policy-page';
import { ReturnHighlights, ReturnRequest } from '../features/content/return-policy';
import { apiFrom } from '../lib/api';
import { storeName } from '../lib/localized';
import type { Route } from './+types/return-policy';
import { routeMessages } from '../i18n/route-messages.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await loadContentPage(apiFrom(context), 'return-policy'), messages: routeMessages({ request, context }, ['pages']) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return contentPageMeta(matches, loaderData?.page, '/return-policy');
}

export default function ReturnPolicy({ loaderData }: Route.ComponentProps) {
  const { settings, lang } = useRootData();
  return (
    <PolicyPage page={loaderData.page} store={storeName(lang, settings)} lead={<ReturnHighlights />}>
      <ReturnRequest settings={settings} />
    </PolicyPage>
  );
}
